import { useState } from 'react';
import { Flag, LayoutDashboard, List, Swords, Users } from 'lucide-react';
import { AuthRequired } from '@client/entities/user/auth-required';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, PageHeader, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { BattlesTab } from './battles-tab';
import { CreateGuildForm } from './create-guild-form';
import { DirectoryTab } from './directory-tab';
import { useDirectory, useInvitations, useMyGuild } from './guild-queries';
import { MembersTab } from './members-tab';
import { InvitationsCard, NotInGuildCard } from './no-guild';
import { OverviewTab } from './overview-tab';

const TABS = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'members', label: 'Members', icon: Users },
  { id: 'battles', label: 'Team Battles', icon: Swords },
  { id: 'directory', label: 'Directory', icon: List },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Guilds (SPEC §2): overview, members, team battles and the guild directory; found, join, leave. */
export function GuildsPage() {
  const mine = useMyGuild();
  const directory = useDirectory();
  const invitations = useInvitations(mine.none);
  const [tab, setTab] = useState<TabId>('overview');
  const header = <PageHeader title="Guilds" subtitle="Team up, fight guild battles and grow together" icon={<Flag />} />;

  if (mine.unauthorized || (directory.isError && isUnauthorized(directory.error))) {
    return (
      <>
        {header}
        <AuthRequired message="You need to be logged in to join a guild" />
      </>
    );
  }
  if (mine.isPending) {
    return (
      <>
        {header}
        <Spinner className="min-h-[50vh]" label="Loading guilds..." />
      </>
    );
  }
  if (mine.failed) {
    return (
      <>
        {header}
        <Card accent="danger" className="mx-auto max-w-lg text-center" data-testid="guild-error">
          <CardHeader className="items-center">
            <CardTitle>Could not load your guild</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col items-center gap-4">
            <p className="text-lg text-ink-muted">{errorMessage(mine.error)}</p>
            <Button onClick={() => void mine.refetch()}>Retry</Button>
          </CardContent>
        </Card>
      </>
    );
  }

  const guild = mine.guild;
  const browse = () => setTab('directory');
  return (
    <>
      {header}
      <Tabs value={tab} onValueChange={(v) => setTab(TABS.some((t) => t.id === v) ? (v as TabId) : 'overview')}>
        <div>
          <TabsList aria-label="Guild sections" className="grid w-full grid-cols-2 sm:flex">
            {TABS.map(({ id, label, icon: Icon }) => (
              <TabsTrigger
                key={id}
                value={id}
                data-testid={`guild-tab-${id}`}
                className="flex items-center justify-center gap-2 whitespace-nowrap max-sm:px-1.5 max-sm:text-pixel-2xs"
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview">
          {guild ? (
            <OverviewTab guild={guild} />
          ) : (
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
              <div className="flex flex-col gap-6">
                <NotInGuildCard onBrowse={browse} />
                <InvitationsCard invitations={invitations.data ?? []} />
              </div>
              <CreateGuildForm />
            </div>
          )}
        </TabsContent>
        <TabsContent value="members">
          {guild ? <MembersTab guild={guild} /> : <NotInGuildCard onBrowse={browse} what="Join a guild to see its members and their contribution." />}
        </TabsContent>
        <TabsContent value="battles">
          {guild ? (
            <BattlesTab guild={guild} directory={directory.data ?? []} />
          ) : (
            <NotInGuildCard onBrowse={browse} what="Guild battles are fought between guilds: join one first." />
          )}
        </TabsContent>
        <TabsContent value="directory">
          <DirectoryTab myGuildId={guild?.id ?? null} />
        </TabsContent>
      </Tabs>
    </>
  );
}
