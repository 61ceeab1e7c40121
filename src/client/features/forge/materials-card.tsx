import { Link } from 'wouter';
import { Backpack, RotateCcw, Swords } from 'lucide-react';
import type { MaterialView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui';
import { MaterialGem, RarityBadge } from './rarity';

export interface MaterialsCardProps {
  materials: readonly MaterialView[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

/** The player's material inventory: every material with the amount held. */
export function MaterialsCard({ materials, loading, error, onRetry }: MaterialsCardProps) {
  return (
    <Card accent="cyan" data-testid="materials-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Backpack aria-hidden className="size-4 text-neon-cyan" />
          Materials Inventory
        </CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-x-2" data-testid="materials-hint">
          <Swords aria-hidden className="size-4 shrink-0 text-neon-magenta" />
          Materials drop from PvE victories.
          <Link href="/battle" className="text-neon-cyan underline underline-offset-4 hover:text-ink">
            Go to battle
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ul aria-hidden className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="h-[4.5rem] border-2 border-edge bg-panel-2 motion-safe:animate-pulse" />
            ))}
          </ul>
        ) : error ? (
          <div className="flex flex-wrap items-center gap-3 text-base text-[#ff8a95]" data-testid="materials-error">
            <span className="min-w-0 break-words">Could not load materials: {error}</span>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          </div>
        ) : !materials || materials.length === 0 ? (
          <p className="text-base text-ink-dim">No materials are known yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="materials-list">
            {materials.map((m) => (
              <li
                key={m.id}
                data-testid={`material-row-${m.id}`}
                data-amount={m.amount}
                className={cn(
                  'flex min-w-0 items-start gap-3 border-2 bg-panel-2 px-3 py-2',
                  m.amount > 0 ? 'border-edge-bright' : 'border-edge',
                )}
              >
                <MaterialGem rarity={m.rarity} className={cn('mt-1', m.amount > 0 ? '' : 'opacity-40')} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={cn('text-lg leading-tight', m.amount > 0 ? 'text-ink' : 'text-ink-muted')}>{m.name}</span>
                    <RarityBadge rarity={m.rarity} />
                  </div>
                  {m.description ? <p className="text-sm leading-tight text-ink-dim">{m.description}</p> : null}
                </div>
                <span
                  className={cn('shrink-0 font-pixel text-pixel-sm', m.amount > 0 ? 'text-neon-cyan' : 'text-ink-dim')}
                  aria-label={`${m.amount} held`}
                  data-testid="material-amount"
                >
                  ×{m.amount}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
