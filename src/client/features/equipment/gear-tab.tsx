import type { ReactNode } from 'react';
import { Backpack, Gauge, RotateCcw, Shirt } from 'lucide-react';
import { powerLevel, type Stats } from '@common/classes';
import type { OwnedEquipmentView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';
import { StatGrid } from '@client/entities/character/stat-grid';
import { EquippedList, InventoryList } from './gear-lists';
import { ItemCardSkeletons, StatChips } from './item-card';
import { splitEquipment, sumStats } from './equipment-rules';
import { useEquip } from './use-equipment';

export function SectionTitle({ icon, children, count }: { icon: ReactNode; children: ReactNode; count?: number }) {
  return (
    <h3 className="mb-3 flex items-center gap-2 font-pixel text-pixel-xs text-ink uppercase [&_svg]:size-4 [&_svg]:text-neon-cyan">
      {icon}
      {children}
      {count !== undefined ? <span className="text-ink-dim">({count})</span> : null}
    </h3>
  );
}

export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 border-2 border-danger/70 bg-danger-deep p-4" role="alert">
      <p className="font-pixel text-pixel-2xs text-[#ff8a95] uppercase">Could not load {what}</p>
      <p className="text-base break-words text-ink-muted">{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Retry
      </Button>
    </div>
  );
}

export interface GearTabProps {
  character: CharacterView;
  owned: OwnedEquipmentView[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onShop: () => void;
}

/** The fighter's stats with everything worn, and what the gear adds. */
function CombatStats({ character, gear, loading }: { character: CharacterView; gear: Stats; loading: boolean }) {
  return (
    <Card accent="lime" className="lg:sticky lg:top-32" data-testid="effective-stats">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-pixel-xs text-neon-lime">
          <Gauge aria-hidden className="size-4" />
          Combat Stats
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <StatGrid stats={character.stats} wide={false} />
        <div className="flex items-baseline justify-between border-2 border-edge bg-void/60 px-2.5 py-2">
          <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">Power level</span>
          <span className="font-pixel text-pixel-sm text-neon-magenta" data-testid="effective-power">
            {powerLevel(character.stats)}
          </span>
        </div>
        <div className="flex flex-col gap-2">
          <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">From worn gear</span>
          {loading ? <span className="h-7" /> : <StatChips stats={gear} />}
        </div>
        <p className="text-base leading-snug text-ink-dim">
          Totals include class growth, spent stat points, worn gear, set bonuses and passive skills.
        </p>
      </CardContent>
    </Card>
  );
}

/** What the fighter wears, what is in the bag, and the stats it all adds up to. */
export function GearTab({ character, owned, loading, error, onRetry, onShop }: GearTabProps) {
  const equip = useEquip(character.id);
  const { equipped, inventory, bySlot } = splitEquipment(owned);
  const action = {
    pending: equip.isPending,
    busyId: equip.isPending ? equip.variables?.entry.id : undefined,
    equip: (entry: OwnedEquipmentView) => equip.mutate({ entry }),
  };
  const skeletons = <ItemCardSkeletons count={2} className="grid gap-3 sm:grid-cols-2" />;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-label="Equipped items">
          <SectionTitle icon={<Shirt aria-hidden />} count={loading || error ? undefined : equipped.length}>
            Equipped
          </SectionTitle>
          {loading ? (
            skeletons
          ) : error ? (
            <LoadFailed what="your equipment" error={error} onRetry={onRetry} />
          ) : (
            <EquippedList equipped={equipped} bySlot={bySlot} onShop={onShop} />
          )}
        </section>
        {loading || !error ? (
          <section aria-label="Inventory">
            <SectionTitle icon={<Backpack aria-hidden />} count={loading ? undefined : inventory.length}>
              Inventory
            </SectionTitle>
            {loading ? skeletons : <InventoryList inventory={inventory} bySlot={bySlot} action={action} characterLevel={character.level} />}
          </section>
        ) : null}
      </div>
      <CombatStats character={character} gear={sumStats(equipped.map((e) => e.equipment))} loading={loading} />
    </div>
  );
}
