import { useState } from 'react';
import { Minus, Plus, TrendingUp } from 'lucide-react';
import { ZERO_STATS, powerLevel, type StatKey, type Stats } from '@common/classes';
import type { CharacterView } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { STAT_INFO } from './character-info';
import { useAllocateStats } from './use-allocate-stats';

/** Spends a character's unspent stat points: +/- per stat, then one call. */
export function StatAllocator({ character }: { character: CharacterView }) {
  const [draft, setDraft] = useState<Stats>({ ...ZERO_STATS });
  const allocate = useAllocateStats(character.id);
  const spent = powerLevel(draft);
  const left = character.statPoints - spent;
  const locked = allocate.isPending;

  const change = (key: StatKey, delta: 1 | -1) => {
    setDraft((d) => {
      const next = d[key] + delta;
      if (next < 0 || (delta > 0 && powerLevel(d) >= character.statPoints)) return d;
      return { ...d, [key]: next };
    });
  };

  const spend = () => {
    if (spent === 0 || spent > character.statPoints || locked) return;
    allocate.mutate({ points: draft, name: character.name }, { onSuccess: () => setDraft({ ...ZERO_STATS }) });
  };

  return (
    <section
      aria-labelledby={`allocate-${character.id}`}
      className="border-2 border-neon-lime/70 bg-success-deep/60 p-3 sm:p-4"
      data-testid="stat-allocator"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`allocate-${character.id}`} className="flex items-center gap-2 font-pixel text-pixel-xs text-neon-lime">
          <TrendingUp aria-hidden className="size-4" />
          Stat Points
        </h3>
        <p className="font-pixel text-pixel-2xs text-ink" aria-live="polite" data-testid="stat-points-left">
          {left} of {character.statPoints} left
        </p>
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {STAT_INFO.map(({ key, label, icon: Icon, color }) => (
          <li key={key} className="flex items-center gap-2">
            <Icon aria-hidden className={cn('size-4 shrink-0', color)} />
            <span className="min-w-0 flex-1 font-pixel text-pixel-2xs text-ink-muted uppercase">{label}</span>
            <span className="w-16 text-right text-lg text-ink tabular-nums" data-testid={`allocate-value-${key}`}>
              {character.stats[key]}
              {draft[key] > 0 ? <span className="text-neon-lime"> +{draft[key]}</span> : null}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 border-2 border-edge-bright"
              aria-label={`Remove a point from ${label}`}
              disabled={locked || draft[key] === 0}
              onClick={() => change(key, -1)}
            >
              <Minus aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 border-2 border-neon-lime/70 text-neon-lime"
              aria-label={`Add a point to ${label}`}
              disabled={locked || left <= 0}
              onClick={() => change(key, 1)}
              data-testid={`allocate-plus-${key}`}
            >
              <Plus aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" disabled={locked || spent === 0} onClick={() => setDraft({ ...ZERO_STATS })}>
          Reset
        </Button>
        <Button size="sm" disabled={locked || spent === 0} onClick={spend} data-testid="allocate-spend">
          {locked ? 'Spending...' : `Spend ${spent} Point${spent === 1 ? '' : 's'}`}
        </Button>
      </div>
    </section>
  );
}
