import { Link } from 'wouter';
import { Castle, Crown, Flame, Lock, Shield, Swords, type LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Badge, Button, Card, type CardAccent } from '@client/ui';
import { type ArenaInfo, levelFits, levelRange } from './arenas';

const LOOKS: Record<ArenaInfo['id'], { Icon: LucideIcon; accent: CardAccent; color: string }> = {
  arena1: { Icon: Shield, accent: 'lime', color: 'text-neon-lime border-neon-lime bg-neon-lime/10' },
  arena2: { Icon: Swords, accent: 'cyan', color: 'text-neon-cyan border-neon-cyan bg-neon-cyan/10' },
  arena3: { Icon: Flame, accent: 'magenta', color: 'text-neon-magenta border-neon-magenta bg-neon-magenta/10' },
  arena4: { Icon: Crown, accent: 'gold', color: 'text-gold border-gold bg-gold/10' },
};

/** One arena: its level range, the player's level and whether they may join. */
export function ArenaCard({ arena, level }: { arena: ArenaInfo; level: number }) {
  const fits = levelFits(arena, level);
  const look = LOOKS[arena.id] ?? { Icon: Castle, accent: 'default' as const, color: 'text-ink border-edge' };
  const { Icon } = look;
  return (
    <Card
      accent={fits ? look.accent : 'default'}
      data-testid={`arena-card-${arena.id}`}
      data-eligible={fits}
      className={cn('flex min-w-0 flex-col', !fits && 'bg-panel/70')}
    >
      <div className="flex items-start gap-4 p-5 pb-3">
        <div aria-hidden className={cn('grid size-14 shrink-0 place-items-center border-2', fits ? look.color : 'border-edge bg-panel-2 text-ink-dim')}>
          <Icon className="size-7" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="font-pixel text-pixel-xs leading-relaxed text-ink sm:text-pixel-sm">{arena.name}</h2>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge variant={fits ? 'lime' : 'outline'} data-testid="arena-level-range">
              {levelRange(arena)}
            </Badge>
            {fits ? (
              <Badge variant="cyan">Eligible</Badge>
            ) : (
              <Badge variant="outline">
                <Lock aria-hidden />
                Locked
              </Badge>
            )}
          </div>
        </div>
      </div>
      <p className="px-5 text-base text-ink-muted">{arena.description}</p>
      <p className="mt-3 px-5 text-lg text-ink-muted">
        Your level: <span data-testid="arena-player-level" className="font-pixel text-pixel-xs text-ink">{level}</span>
      </p>
      <div className="mt-auto p-5 pt-4">
        {fits ? (
          <Button asChild className="w-full whitespace-normal">
            {/* Queues the fighter on the real-time page, paired only within this arena's range. */}
            <Link href={`/pvp?arena=${arena.id}`} data-testid="arena-join">
              <Swords aria-hidden />
              Join Arena
            </Link>
          </Button>
        ) : (
          <Button variant="secondary" className="w-full whitespace-normal" disabled>
            <Lock aria-hidden />
            Level Requirement Not Met
          </Button>
        )}
      </div>
    </Card>
  );
}
