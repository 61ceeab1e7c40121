import { Crown, Medal } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui';

/** Gold, silver and bronze for the top three. */
export const MEDALS = [
  { name: 'Gold', color: 'text-gold', border: 'border-l-gold', tint: 'bg-gold/10' },
  { name: 'Silver', color: 'text-[#d4d6f0]', border: 'border-l-[#d4d6f0]', tint: 'bg-[#d4d6f0]/8' },
  { name: 'Bronze', color: 'text-[#e0915a]', border: 'border-l-[#e0915a]', tint: 'bg-[#e0915a]/10' },
] as const;

export function medalFor(rank: number) {
  return rank >= 1 && rank <= 3 ? MEDALS[rank - 1] : undefined;
}

export interface RankMarkProps {
  rank: number;
  /** 'crown' gives first place a crown instead of a medal. */
  style?: 'medal' | 'crown';
  className?: string;
}

/** A medal (or crown) for the top three, '#rank' for everyone else. */
export function RankMark({ rank, style = 'medal', className }: RankMarkProps) {
  const medal = medalFor(rank);
  if (!medal) {
    return (
      <span data-testid="rank-mark" data-rank={rank} className={cn('font-pixel text-pixel-xs text-ink-muted', className)}>
        #{rank}
      </span>
    );
  }
  const Icon = style === 'crown' && rank === 1 ? Crown : Medal;
  const label = style === 'crown' && rank === 1 ? 'Rank 1, crown' : `Rank ${rank}, ${medal.name.toLowerCase()} medal`;
  return (
    <span
      data-testid="rank-mark"
      data-rank={rank}
      data-medal={medal.name.toLowerCase()}
      role="img"
      aria-label={label}
      title={label}
      className={cn('inline-flex items-center gap-1', medal.color, className)}
    >
      <Icon aria-hidden className="size-6 drop-shadow-[2px_2px_0_rgb(0_0_0/0.7)]" strokeWidth={2.5} />
      <span aria-hidden className="font-pixel text-pixel-2xs">
        {rank}
      </span>
    </span>
  );
}

/** A ranking table row: medal stripe and tint for the top three, a cyan outline for the player. */
export function rankRowClass(rank: number, isMe: boolean, base: string): string {
  const medal = medalFor(rank);
  return cn(
    base,
    'border-l-4',
    medal ? [medal.border, medal.tint].join(' ') : 'border-l-transparent',
    isMe && 'bg-neon-cyan/12 outline-2 -outline-offset-2 outline-neon-cyan',
  );
}

/** The player's name in a ranking row, in their medal's colour, with 'You' on the player's own row. */
export function RankedName({ username, rank, isMe, testId }: { username: string; rank: number; isMe: boolean; testId: string }) {
  const medal = medalFor(rank);
  return (
    // A long name wraps rather than being cut short (a phone's column is narrow), and the You badge
    // goes under it when both do not fit on one line.
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span
        data-testid={testId}
        title={username}
        className={cn('max-w-full font-pixel wrap-anywhere text-pixel-2xs leading-normal sm:text-pixel-xs', medal ? medal.color : 'text-ink')}
      >
        {username}
      </span>
      {isMe ? (
        <Badge variant="cyan" className="shrink-0">
          You
        </Badge>
      ) : null}
    </div>
  );
}
