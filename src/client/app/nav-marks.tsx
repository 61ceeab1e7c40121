import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Timer } from 'lucide-react';
import { formatCooldown } from '@common/current-character';
import { questState } from '@client/entities/quest/quest-rules';
import { questKeys } from '@client/entities/quest/quest-keys';
import { useQuests } from '@client/entities/quest/use-quests';
import type { CharacterView } from '@common/game-api';
import { useAfterFirstPaint } from '@client/lib/after-first-paint';
import { plural } from '@client/lib/plural';

/** What the nav points at beside its entries: rewards to claim and points to spend. */
export interface NavCounts {
  /** Finished quests not claimed yet (shown on Home, where the quests are). */
  claimableQuests: number;
  /** The current character's unspent stat and skill points (shown on Equipment, where they are spent). */
  unspentPoints: number;
}

/** Counts for the nav's badges. */
export function navCounts(quests: readonly { progress: number; goal: number; claimed: boolean }[] | undefined, character: Pick<CharacterView, 'statPoints' | 'skillPoints'> | null): NavCounts {
  return {
    claimableQuests: (quests ?? []).filter((q) => questState(q) === 'claimable').length,
    unspentPoints: character ? Math.max(0, character.statPoints) + Math.max(0, character.skillPoints) : 0,
  };
}

/**
 * The nav's counts for a signed-in player. Quests move on through events the server handles just
 * after the change that caused them (a battle, a purchase, a chat line), so they are read again at
 * every move to another screen.
 */
export function useNavCounts(signedIn: boolean, character: CharacterView | null): NavCounts {
  // Read once the first screen is up (the home screen reads them itself, at once).
  const painted = useAfterFirstPaint();
  const quests = useQuests(signedIn && painted);
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const seen = useRef(location);
  useEffect(() => {
    // The first screen reads them anyway; each later one reads them again.
    if (seen.current === location) return;
    seen.current = location;
    if (signedIn) void queryClient.invalidateQueries({ queryKey: questKeys.all });
  }, [location, signedIn, queryClient]);
  return navCounts(signedIn ? quests.data : undefined, signedIn ? character : null);
}

/** A count beside an entry; nothing at 0. `noun` and `rest` name it for screen readers ('2 quests to claim'). */
export function NavBadge({ count, noun, rest, testId }: { count: number; noun: string; rest: string; testId: string }) {
  if (count <= 0) return null;
  const what = `${plural(count, noun).replace(/^\S+ /, '')} ${rest}`;
  return (
    <span
      data-testid={testId}
      title={`${count} ${what}`}
      className="inline-flex min-w-5 items-center justify-center border-2 border-neon-lime bg-neon-lime/15 px-1 font-pixel text-pixel-2xs leading-4 text-neon-lime tabular-nums"
    >
      {count}
      <span className="sr-only"> {what}</span>
    </span>
  );
}

/** The PvE cooldown of the current character, beside the Battle entry; gone once it may fight. */
export function NavCooldown({ ms }: { ms: number }) {
  if (ms <= 0) return null;
  return (
    <span
      data-testid="nav-cooldown"
      title="Battle cooldown"
      className="inline-flex items-center gap-1 border border-gold/70 bg-gold/10 px-1 font-pixel text-pixel-2xs leading-5 text-gold tabular-nums"
    >
      <Timer aria-hidden className="size-3 shrink-0" />
      <span className="sr-only">cooldown </span>
      {formatCooldown(ms)}
    </span>
  );
}
