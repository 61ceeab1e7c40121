import { useEffect, useMemo, useRef, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { EquipmentSetView, ForgeResultView, MaterialView } from '@common/economy-api';
import type { SetId, Slot } from '@common/gear';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@client/ui';
import { ForgePanel, type ForgeFlash } from './forge-panel';
import { INVALID_SELECTION, forgeSelectionError, forgeableSets, materialRequirements } from './forge-rules';
import { MaterialsCard } from './materials-card';
import { rememberForgeSet } from '@client/entities/forge/forge-progress';
import { SetPicker } from './set-picker';
import { SlotPicker } from './slot-picker';
import { useForge } from './use-forge-actions';

const FLASH_MS = 1200;

interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ForgeTabProps {
  sets: QueryState<EquipmentSetView[]>;
  materials: QueryState<MaterialView[]>;
}

function StepTitle({ step, id, children }: { step: number; id: string; children: string }) {
  return (
    <CardTitle id={id} className="flex items-center gap-3">
      <span aria-hidden className="grid size-7 shrink-0 place-items-center bg-neon-magenta font-pixel text-pixel-xs text-void">
        {step}
      </span>
      {children}
    </CardTitle>
  );
}

/** Tab 'Forge Equipment': choose a set and a slot, check the materials, forge. */
export function ForgeTab({ sets, materials }: ForgeTabProps) {
  const [setId, setSetId] = useState<SetId | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [flash, setFlash] = useState<ForgeFlash | null>(null);
  const [lastResult, setLastResult] = useState<{ success: boolean; message: string } | null>(null);

  const forge = useForge((result: ForgeResultView) => {
    setLastResult({ success: result.success, message: result.message });
    if (result.success) {
      setFlash({ key: Date.now(), text: result.owned?.equipment.name ?? 'New gear' });
    }
  });

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const forgeable = useMemo(() => forgeableSets(sets.data ?? []), [sets.data]);
  const selectedSet = forgeable.find((s) => s.id === setId) ?? null;
  const requirements = useMemo(() => materialRequirements(selectedSet, materials.data ?? []), [selectedSet, materials.data]);

  // 'Invalid Selection' goes once a set and a slot are chosen: it no longer applies.
  const invalidToast = useRef<{ dismiss: () => void } | null>(null);
  const chosen = forgeSelectionError(selectedSet?.id, slot) === null;
  useEffect(() => {
    if (!chosen) return;
    invalidToast.current?.dismiss();
    invalidToast.current = null;
  }, [chosen]);

  const submit = () => {
    if (!chosen || !selectedSet || !slot) {
      invalidToast.current = toast({ ...INVALID_SELECTION, variant: 'destructive' });
      return;
    }
    forge.mutate({ setId: selectedSet.id, slot });
  };

  return (
    <div className="flex flex-col gap-6">
      {/* On wide screens the set list is as tall as the slot and forge column and scrolls inside it. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 lg:relative">
          <Card className="flex min-w-0 flex-col lg:absolute lg:inset-0" data-testid="set-picker-card">
            <CardHeader>
              <StepTitle step={1} id="forge-set-label">
                Choose a set
              </StepTitle>
              <CardDescription>Wear 2, 4 or 6 pieces of one set to wake its bonuses.</CardDescription>
            </CardHeader>
            <CardContent className="flex min-h-0 flex-1 flex-col">
              {sets.isPending ? (
                <div aria-hidden className="grid gap-3 overflow-hidden sm:grid-cols-2">
                  {Array.from({ length: 6 }, (_, i) => (
                    <div key={i} className="h-48 border-2 border-edge bg-panel-2 motion-safe:animate-pulse" />
                  ))}
                </div>
              ) : sets.isError ? (
                <div className="flex flex-col items-start gap-3 text-base text-[#ff8a95]" data-testid="sets-error">
                  <p className="break-words">Could not load equipment sets: {errorMessage(sets.error)}</p>
                  <Button variant="secondary" size="sm" onClick={() => void sets.refetch()}>
                    <RotateCcw aria-hidden />
                    Retry
                  </Button>
                </div>
              ) : forgeable.length === 0 ? (
                <p className="text-base text-ink-dim">No equipment sets can be forged yet.</p>
              ) : (
                <div className="forge-scroll -mx-1 max-h-[32rem] overflow-y-auto px-1 py-1 lg:max-h-none lg:min-h-0 lg:flex-1">
                  <SetPicker
                    sets={forgeable}
                    materials={materials.data}
                    value={setId}
                    onChange={(id) => {
                      setSetId(id);
                      // The dashboard follows this set's progress.
                      rememberForgeSet(id);
                    }}
                    labelledBy="forge-set-label"
                    disabled={forge.isPending}
                  />
                </div>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card data-testid="slot-picker-card">
            <CardHeader>
              <StepTitle step={2} id="forge-slot-label">
                Choose a slot
              </StepTitle>
            </CardHeader>
            <CardContent>
              <SlotPicker value={slot} onChange={setSlot} labelledBy="forge-slot-label" disabled={forge.isPending} />
            </CardContent>
          </Card>
          <ForgePanel
            set={selectedSet}
            slot={slot}
            requirements={requirements}
            materialsLoading={materials.isPending}
            forging={forge.isPending}
            onForge={submit}
            flash={flash}
            lastResult={lastResult}
          />
        </div>
      </div>

      <MaterialsCard
        materials={materials.data}
        loading={materials.isPending}
        error={materials.isError ? errorMessage(materials.error) : null}
        onRetry={() => void materials.refetch()}
      />
    </div>
  );
}
