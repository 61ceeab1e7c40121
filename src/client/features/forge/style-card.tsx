import { Check, Coins, Lock, Palette } from 'lucide-react';
import type { ImageSetView } from '@common/economy-api';
import { formatCredits } from '@common/constants';
import { cn } from '@client/lib/cn';
import { Badge, Button, Card } from '@client/ui';
import { SelectLook } from './select-look';
import { SpriteImage } from '@client/ui/character-sprite';
import { requirementLabel, styleCardInfo, styleCostText, styleShortfallText } from './forge-rules';

export interface StyleCardProps {
  set: ImageSetView;
  /** Sprite file to show when the set names no preview. */
  fallbackPreview: string;
  credits: number;
  /** A change is on its way (to this set or another). */
  busy: boolean;
  /** This set is the one being applied. */
  applying: boolean;
  onSelect: (setId: string) => void;
}

const ACCENT = { current: 'lime', select: 'cyan', locked: 'default', 'cant-afford': 'default' } as const;

/** One image set: the character in that look, its price and requirement, and what can be done. */
export function StyleCard({ set, fallbackPreview, credits, busy, applying, onSelect }: StyleCardProps) {
  const { state, affordable, selectable } = styleCardInfo(set, credits);
  const requirement = requirementLabel(set.unlockRequirement);
  const paid = set.unlocked && set.cost > 0;
  const titleId = `style-${set.id}-name`;

  return (
    <Card
      accent={ACCENT[state]}
      className="flex min-w-0 flex-col"
      data-testid={`style-card-${set.id}`}
      data-state={state}
      aria-labelledby={titleId}
      role="group"
    >
      <div className="relative grid h-40 place-items-center overflow-hidden border-b-4 border-edge bg-void">
        <div
          aria-hidden
          className="absolute inset-0 bg-[linear-gradient(to_right,rgb(90_90_143/0.18)_1px,transparent_1px),linear-gradient(to_bottom,rgb(90_90_143/0.18)_1px,transparent_1px)] bg-[size:8px_8px]"
        />
        <div
          aria-hidden
          className="absolute inset-x-0 bottom-0 h-2/3 bg-[radial-gradient(ellipse_55%_60%_at_50%_100%,rgb(255_43_214/0.22),transparent_70%)]"
        />
        <div aria-hidden className="absolute bottom-[14%] left-1/2 h-2 w-24 -translate-x-1/2 bg-black/60" />
        <SpriteImage file={set.preview || fallbackPreview} size={112} className="relative" />
        {state === 'current' ? (
          <Badge variant="lime" className="absolute top-2 left-2" data-testid={`style-current-${set.id}`}>
            <Check aria-hidden />
            Current
          </Badge>
        ) : null}
        {state === 'locked' ? (
          <span aria-hidden className="absolute top-2 right-2 grid size-8 place-items-center border-2 border-edge-bright bg-void/80">
            <Lock className="size-4 text-ink-muted" />
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1.5">
          <h3 id={titleId} className="font-pixel text-pixel-xs leading-relaxed text-ink">
            {set.name}
          </h3>
          <p className="text-base leading-tight text-ink-muted">{set.description}</p>
        </div>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-base">
          <dt className="font-pixel text-pixel-2xs text-ink-dim uppercase">Cost</dt>
          <dd className="flex flex-wrap items-center gap-2" data-testid={`style-cost-${set.id}`}>
            <span className={cn('flex items-center gap-1', set.cost <= 0 ? 'text-neon-lime' : affordable ? 'text-gold' : 'text-danger')}>
              {set.cost > 0 ? <Coins aria-hidden className="size-4" /> : null}
              {styleCostText(set.cost, formatCredits)}
            </span>
            {paid ? <Badge variant="outline">Owned</Badge> : null}
          </dd>
          <dt className="font-pixel text-pixel-2xs text-ink-dim uppercase">Unlock</dt>
          <dd
            className={cn(set.requirementMet ? 'text-ink' : 'text-[#ff8a95]')}
            data-testid={`style-requirement-${set.id}`}
          >
            {requirement === 'None' ? 'No requirement' : requirement}
            {set.requirementMet && requirement !== 'None' ? <Check aria-label="met" className="ml-1 inline size-4 text-neon-lime" /> : null}
          </dd>
        </dl>

        <div className="mt-auto pt-1">
          {state === 'current' ? (
            <p className="flex min-h-12 items-center gap-2 font-pixel text-pixel-2xs text-neon-lime uppercase">
              <Palette aria-hidden className="size-4" />
              Worn by your fighter
            </p>
          ) : state === 'select' ? (
            <SelectLook set={set} credits={credits} busy={busy} applying={applying} onSelect={() => selectable && !busy && onSelect(set.id)} />
          ) : state === 'locked' ? (
            <Button variant="secondary" className="w-[calc(100%-6px)] whitespace-normal" disabled data-testid={`style-select-${set.id}`}>
              <Lock aria-hidden />
              Locked: {requirement}
            </Button>
          ) : (
            <Button variant="secondary" className="w-[calc(100%-6px)]" disabled data-testid={`style-select-${set.id}`}>
              <Coins aria-hidden />
              Can&apos;t Afford
            </Button>
          )}
          {state === 'locked' && !affordable ? (
            <p className="mt-2 text-sm text-ink-dim" data-testid={`style-cant-afford-${set.id}`}>
              {styleShortfallText(set.cost, credits, formatCredits)}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
