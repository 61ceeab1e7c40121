import { CircleAlert, CircleCheck, Hammer, Sparkles } from 'lucide-react';
import type { EquipmentSetView } from '@common/economy-api';
import type { Slot } from '@common/gear';
import { cn } from '@client/lib/cn';
import { Button, Card, CardContent, CardHeader, CardTitle, PixelSprite, Progress } from '@client/ui';
import { ANVIL_PALETTE, ANVIL_ROWS } from './forge-art';
import { DISPLAYED_SUCCESS_RATE, SLOT_LABELS, hasAllMaterials, type MaterialRequirement } from './forge-rules';
import { forgeBlockReason } from './forge-readiness';
import { MaterialGem } from './rarity';
import { SLOT_ICONS } from './slot-picker';

export interface ForgeFlash {
  key: number;
  text: string;
}

export interface ForgePanelProps {
  set: EquipmentSetView | null;
  slot: Slot | null;
  requirements: readonly MaterialRequirement[];
  /** Materials are still loading: amounts held are not known yet. */
  materialsLoading: boolean;
  forging: boolean;
  onForge: () => void;
  /** The celebration of the last success, while it shows. */
  flash: ForgeFlash | null;
  /** The outcome of the last attempt, kept on the panel. */
  lastResult: { success: boolean; message: string } | null;
}

/** The chosen set and slot, what one piece needs against what the player holds, and the button. */
export function ForgePanel({ set, slot, requirements, materialsLoading, forging, onForge, flash, lastResult }: ForgePanelProps) {
  const SlotIcon = slot ? SLOT_ICONS[slot] : null;
  const ready = hasAllMaterials(requirements);
  // Short of materials, the button waits and says why (a missing set or slot is told on pressing).
  const blocked = forgeBlockReason(set !== null, requirements, materialsLoading);
  return (
    <Card accent="gold" className="relative overflow-hidden" data-testid="forge-panel">
      <div className="forge-hearth relative flex items-end justify-center border-b-4 border-edge pt-4 pb-3">
        <PixelSprite rows={ANVIL_ROWS} palette={ANVIL_PALETTE} scale={5} className="forge-sparks" />
      </div>
      <CardHeader className="pb-2">
        <CardTitle id="forge-panel-title" className="flex items-center gap-2">
          <Hammer aria-hidden className="size-4 shrink-0 text-gold" />
          <span className="min-w-0" data-testid="forge-selected-set">
            {set ? set.name : 'No set chosen'}
          </span>
        </CardTitle>
        <p className="flex items-center gap-2 text-base text-ink-muted" data-testid="forge-selected-slot">
          {SlotIcon ? <SlotIcon aria-hidden className="size-6 shrink-0 text-[#ff7ae6]" /> : null}
          {slot ? `${SLOT_LABELS[slot]} piece` : 'Choose a slot'}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <section aria-labelledby="forge-required-title">
          <h3 id="forge-required-title" className="mb-2 font-pixel text-pixel-2xs text-ink-muted uppercase">
            Required materials
          </h3>
          {!set ? (
            <p className="border-2 border-dashed border-edge px-3 py-3 text-base text-ink-dim">
              Pick an equipment set to see what it needs.
            </p>
          ) : requirements.length === 0 ? (
            <p className="border-2 border-dashed border-edge px-3 py-3 text-base text-ink-dim">This set needs no materials.</p>
          ) : (
            <ul className="flex flex-col gap-1.5" data-testid="forge-requirements">
              {requirements.map((r) => (
                <li
                  key={r.id}
                  data-testid={`required-material-${r.id}`}
                  data-enough={r.enough}
                  className={cn(
                    'flex items-center gap-3 border-2 bg-void/60 px-2.5 py-1.5',
                    r.enough ? 'border-neon-lime/50' : 'border-danger/60',
                  )}
                >
                  <MaterialGem rarity={r.rarity} />
                  <span className="min-w-0 flex-1 text-base leading-tight break-words">{r.name}</span>
                  <span
                    className={cn('shrink-0 font-pixel text-pixel-xs', r.enough ? 'text-neon-lime' : 'text-danger')}
                    aria-label={`${materialsLoading ? '?' : r.have} held of ${r.need} needed${r.enough ? '' : ', not enough'}`}
                  >
                    {materialsLoading ? '…' : r.have} / {r.need}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {set && !materialsLoading && ready && requirements.length > 0 ? (
            <p className="mt-2 flex items-start gap-2 text-base text-neon-lime" data-testid="forge-ready">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
              All materials in hand.
            </p>
          ) : null}
        </section>

        <div className="flex flex-col gap-2" data-testid="forge-success-rate">
          <p className="font-pixel text-pixel-xs text-ink">
            Success Rate: <span className="text-neon-lime">{DISPLAYED_SUCCESS_RATE}%</span>
          </p>
          <Progress value={DISPLAYED_SUCCESS_RATE} color="lime" aria-label="Success rate" />
        </div>

        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            className="w-[calc(100%-6px)]"
            onClick={onForge}
            disabled={forging || blocked !== null}
            aria-describedby={blocked ? 'forge-block-reason' : undefined}
            data-testid="forge-button"
          >
            <Sparkles aria-hidden />
            {forging ? 'Forging...' : 'Forge Equipment'}
          </Button>
          {blocked ? (
            <p id="forge-block-reason" className="flex items-start gap-2 text-base leading-tight text-[#ff8a95]" data-testid="forge-short">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {blocked}
            </p>
          ) : null}
        </div>

        <p
          role="status"
          className={cn(
            'min-h-6 text-base leading-tight',
            lastResult ? (lastResult.success ? 'text-neon-lime' : 'text-[#ff8a95]') : 'text-ink-dim',
          )}
          data-testid="forge-last-result"
        >
          {lastResult ? `${lastResult.success ? 'Success' : 'Failed'}: ${lastResult.message}` : ''}
        </p>
      </CardContent>

      {flash ? (
        <div key={flash.key} aria-hidden className="forge-flash absolute inset-0 z-10" data-testid="forge-flash">
          {/* Just above the button, where the player is looking. */}
          <div className="forge-flash-label absolute inset-x-3 bottom-36 flex flex-col items-center gap-2 text-center">
            <span className="font-pixel text-pixel-xs text-ink">Forged!</span>
            <span className="font-pixel text-pixel-md leading-relaxed text-gold">{flash.text}</span>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
