import type { LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Card, type CardAccent } from '@client/ui';

const tones = {
  gold: { accent: 'gold', icon: 'border-gold bg-gold/15 text-gold', value: 'text-gold' },
  cyan: { accent: 'cyan', icon: 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan', value: 'text-neon-cyan' },
  lime: { accent: 'lime', icon: 'border-neon-lime bg-neon-lime/15 text-neon-lime', value: 'text-neon-lime' },
  magenta: { accent: 'magenta', icon: 'border-neon-magenta bg-neon-magenta/15 text-neon-magenta', value: 'text-[#ff7ae6]' },
} as const satisfies Record<string, { accent: CardAccent; icon: string; value: string }>;

export interface StatCardProps {
  label: string;
  /** Null while the number is still loading: a placeholder of the same size shows. */
  value: string | null;
  icon: LucideIcon;
  tone: keyof typeof tones;
  testId: string;
}

/** One number of the dashboard strip, with an icon; keeps its height while loading. */
export function StatCard({ label, value, icon: Icon, tone, testId }: StatCardProps) {
  const t = tones[tone];
  return (
    <Card accent={t.accent} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <div aria-hidden className={cn('grid size-10 shrink-0 place-items-center border-2 sm:size-12', t.icon)}>
        <Icon className="size-5 sm:size-6" />
      </div>
      <div className="min-w-0">
        <p className="font-pixel text-pixel-2xs leading-normal text-ink-muted uppercase">{label}</p>
        <div className="mt-2 h-6 font-pixel text-pixel-md leading-6">
          {value === null ? (
            <span aria-label="Loading" role="img" className="block h-4 w-16 animate-pulse bg-panel-3 motion-reduce:animate-none" />
          ) : (
            <p data-testid={testId} className={cn('truncate', t.value)}>
              {value}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}
