import { Lock, LogIn, Users } from 'lucide-react';
import type { GuildSummaryView } from '@common/guilds';
import { ReportBlock } from '@client/entities/user/report-block';
import { errorMessage } from '@client/lib/api';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';
import { GuildEmblem } from './guild-emblem';
import { useDirectory, useJoinGuild } from './guild-queries';

function JoinAction({ guild, myGuildId }: { guild: GuildSummaryView; myGuildId: number | null }) {
  const join = useJoinGuild();
  if (guild.id === myGuildId) return <Badge variant="cyan">Your guild</Badge>;
  if (guild.isPrivate) {
    return (
      <Badge variant="magenta" data-testid="directory-invite-only">
        <Lock aria-hidden />
        Invitation only
      </Badge>
    );
  }
  const full = guild.memberCount >= guild.maxMembers;
  return (
    <Button
      size="sm"
      disabled={myGuildId !== null || full || join.isPending}
      onClick={() => join.mutate(guild.id)}
      aria-label={`Join ${guild.name}`}
      title={myGuildId !== null ? 'Leave your guild first' : full ? 'This guild is full' : undefined}
      data-testid="directory-join"
    >
      <LogIn aria-hidden />
      {full ? 'Full' : join.isPending ? 'Joining...' : 'Join'}
    </Button>
  );
}

/** Every guild with its level, size and privacy; public ones can be joined from here. */
export function DirectoryTab({ myGuildId }: { myGuildId: number | null }) {
  const directory = useDirectory();
  return (
    <Card accent="lime">
      <CardHeader>
        <CardTitle>Guild Directory</CardTitle>
      </CardHeader>
      <CardContent>
        {directory.isPending ? (
          <Spinner label="Loading guilds..." className="py-8" />
        ) : directory.isError ? (
          <p className="text-lg text-danger" role="alert">
            Failed to load guilds: {errorMessage(directory.error)}
          </p>
        ) : directory.data.length === 0 ? (
          <p className="text-center text-lg text-ink-muted" data-testid="directory-empty">
            No guilds yet. Found the first one!
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="guild-directory">
            {directory.data.map((guild) => (
              <li
                key={guild.id}
                data-testid="directory-guild"
                data-name={guild.name}
                className="flex items-center gap-3 border-2 border-edge bg-panel-2 p-3"
              >
                <GuildEmblem avatar={guild.guildAvatar} size={56} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-pixel text-pixel-xs leading-relaxed wrap-anywhere text-ink">{guild.name}</span>
                  <div className="flex flex-wrap items-center gap-2 text-base text-ink-muted">
                    <Badge variant="gold">Lv {guild.level}</Badge>
                    <span className="inline-flex items-center gap-1" data-testid="directory-members">
                      <Users aria-hidden className="size-4" />
                      {guild.memberCount}/{guild.maxMembers}
                    </span>
                  </div>
                  {guild.description ? <p className="line-clamp-2 text-base text-ink-dim">{guild.description}</p> : null}
                </div>
                <JoinAction guild={guild} myGuildId={myGuildId} />
                {guild.id === myGuildId ? null : <ReportBlock kind="guild" targetId={guild.id} label={`Report the guild ${guild.name}`} testId="guild-report" />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
