import type { ReactNode } from 'react';
import { CircleSlash, Ghost, Handshake, Trophy } from 'lucide-react';
import type { PvpBattleEndedView, PvpEndReason, PvpRewardsView } from '@common/pvp';
import { cn } from '@client/lib/cn';
import { FRIENDLY_DUEL_TEXT, NO_CONTEST_TEXT, ratingChangeText, type PvpOutcome } from './pvp-outcome';
import { WatchReplayLink } from './watch-replay-link';

export interface PvpResultProps {
  /** 'pvp' on /pvp-arena, 'real-pvp' on /pvp: each page keeps its test ids. */
  testPrefix: string;
  outcome: PvpOutcome;
  reason: PvpEndReason | null;
  rewards: PvpRewardsView | null;
  rating: PvpBattleEndedView['rating'];
  replayId: number | null;
  ghost: boolean;
  /** A duel from a challenge: it pays nothing and moves no rating, and the result says so instead of '+0 XP'. */
  friendly?: boolean;
  /** More buttons beside 'Watch replay'. */
  children?: ReactNode;
}

/** How a PvP battle ended for the player: victory or defeat, rewards, rating change, or no contest. */
export function PvpResult({ testPrefix, outcome, reason, rewards, rating, replayId, ghost, friendly = false, children }: PvpResultProps) {
  const ratingText = outcome === 'no-contest' ? null : ratingChangeText(rating);
  return (
    <div role="status" data-testid={`${testPrefix}-result`} data-result={outcome} className="flex flex-col gap-2">
      {outcome === 'no-contest' ? (
        <p className="flex items-start gap-2 text-lg leading-snug text-gold" data-testid={`${testPrefix}-no-contest`}>
          <CircleSlash aria-hidden className="mt-0.5 size-5 shrink-0" />
          {NO_CONTEST_TEXT}
        </p>
      ) : (
        <>
          <p className={cn('font-pixel text-pixel-sm leading-relaxed', outcome === 'victory' ? 'text-neon-lime' : 'text-danger')}>
            <Trophy aria-hidden className="mr-2 inline size-5" />
            {outcome === 'victory' ? 'Victory!' : 'Defeat...'}
            {reason && reason !== 'knockout' ? ` (${reason})` : ''}
          </p>
          {friendly ? (
            <p className="flex items-center gap-2 text-lg text-ink-muted" data-testid={`${testPrefix}-friendly`}>
              <Handshake aria-hidden className="size-4 shrink-0" />
              {FRIENDLY_DUEL_TEXT}
            </p>
          ) : rewards ? (
            <p className="text-lg text-ink-muted" data-testid={`${testPrefix}-rewards`}>
              +{rewards.experience} XP, +{rewards.credits} credits
            </p>
          ) : null}
          {ratingText ? (
            <p className="text-lg text-neon-cyan" data-testid={`${testPrefix}-rating-change`}>
              {ratingText}
            </p>
          ) : null}
          {ghost ? (
            <p className="flex items-center gap-2 text-base text-ink-muted">
              <Ghost aria-hidden className="size-4 shrink-0" />A ghost battle pays half and moves no rating.
            </p>
          ) : null}
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {replayId ? <WatchReplayLink replayId={replayId} /> : null}
        {children}
      </div>
    </div>
  );
}
