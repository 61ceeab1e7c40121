import { Castle, Swords, Trophy } from 'lucide-react';
import { CLASSES } from '@common/classes';
import { avatarSpriteFile } from '@common/sprite-files';
import { useCurrentUser } from '@client/lib/use-auth';
import { SpriteImage } from '@client/ui/character-sprite';
import { Badge, Card, CardContent, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { characterGate } from '@client/entities/character/character-gate';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import { LiveBattles } from '@client/entities/battle/live-battles';
import { ArenaCard } from './arena-card';
import { ArenaRankings } from './arena-rankings';
import { ARENAS } from './arenas';

function Header() {
  return <PageHeader title="Arenas" subtitle="The PvP arenas by level, and who rules them this season" icon={<Castle />} />;
}

/**
 * PvP Arena (SPEC §2, /arena): the four arenas by level range, and the rankings. Titled 'Arenas'
 * as in the nav, so it is not taken for the queue page (/pvp-arena, 'PvP Arena').
 */
export function ArenaPage() {
  const chars = useCurrentCharacter();
  const { user } = useCurrentUser();

  const fighter = chars.character;
  const gate = characterGate(
    chars,
    { header: <Header />, authMessage: 'You need to be logged in to enter the arenas', emptyMessage: 'You need a character to enter the PvP arenas.' },
  );
  if (gate || !fighter) return gate;

  return (
    <>
      <Header />
      <Card accent="cyan" className="mb-6">
        <CardContent className="flex items-center gap-4 p-4">
          <span aria-hidden className="grid size-16 shrink-0 place-items-center border-2 border-edge bg-panel-2">
            <SpriteImage file={avatarSpriteFile(fighter.characterAvatar, fighter.imageSet)} size={56} />
          </span>
          <div className="min-w-0">
            <p className="font-pixel text-pixel-2xs text-ink-dim uppercase">Your champion</p>
            <p data-testid="arena-fighter-name" className="mt-1 truncate font-pixel text-pixel-xs text-ink sm:text-pixel-sm">
              {fighter.name}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge variant="gold">Level {fighter.level}</Badge>
              <Badge variant="cyan">{CLASSES[fighter.class]?.name ?? fighter.class}</Badge>
              <Badge variant="outline">
                {fighter.wins}W / {fighter.losses}L
              </Badge>
            </div>
          </div>
        </CardContent>
      </Card>

      <Tabs defaultValue="arenas">
        <TabsList aria-label="Arena sections">
          <TabsTrigger value="arenas">
            <span className="inline-flex items-center gap-2">
              <Swords aria-hidden className="size-4" />
              Arenas
            </span>
          </TabsTrigger>
          <TabsTrigger value="rankings">
            <span className="inline-flex items-center gap-2">
              <Trophy aria-hidden className="size-4" />
              Rankings
            </span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="arenas">
          <div className="grid gap-5 sm:grid-cols-2" data-testid="arena-list">
            {ARENAS.map((arena) => (
              <ArenaCard key={arena.id} arena={arena} level={fighter.level} />
            ))}
          </div>
          <div className="mt-6">
            <LiveBattles />
          </div>
        </TabsContent>
        <TabsContent value="rankings">
          <Card accent="gold">
            <CardContent className="px-2 pt-4 sm:px-5">
              <ArenaRankings currentUserId={user?.id ?? null} />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
