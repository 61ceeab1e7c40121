import type { ReactNode } from 'react';
import { ArrowRightLeft, Backpack, Gauge, RotateCcw, Shirt, Store } from 'lucide-react';
import { powerLevel } from '@common/characters';
import { SLOTS, type OwnedEquipmentView } from '@common/economy-api';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';
import { StatGrid } from '@client/features/characters/stat-grid';
import { ItemCard, ItemCardSkeletons, ItemTag, SlotIconBox, StatChips } from './item-card';
import { slotLabel, splitEquipment, sumStats } from './equipment-rules';
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

/** What the fighter wears, what is in the bag, and the stats it all adds up to. */
export function GearTab({ character, owned, loading, error, onRetry, onShop }: GearTabProps) {
  const equip = useEquip(character.id);
  const { equipped, inventory, bySlot } = splitEquipment(owned);
  const emptySlots = SLOTS.filter((s) => !bySlot[s]);
  const gear = sumStats(equipped.map((e) => e.equipment));
  const busyId = equip.isPending ? equip.variables?.entry.id : undefined;

  let equippedBody: ReactNode;
  let inventoryBody: ReactNode;
  if (loading) {
    equippedBody = <ItemCardSkeletons count={2} className="grid gap-3 sm:grid-cols-2" />;
    inventoryBody = <ItemCardSkeletons count={2} className="grid gap-3 sm:grid-cols-2" />;
  } else if (error) {
    equippedBody = <LoadFailed what="your equipment" error={error} onRetry={onRetry} />;
    inventoryBody = null;
  } else {
    equippedBody =
      equipped.length === 0 ? (
        <div
          className="flex flex-col items-center gap-4 border-2 border-dashed border-edge bg-void/40 px-4 py-8 text-center"
          data-testid="no-equipment"
        >
          <Shirt aria-hidden className="size-8 text-ink-dim" />
          <p className="font-pixel text-pixel-xs text-ink-muted">No equipment equipped</p>
          <p className="max-w-sm text-base text-ink-dim">
            Gear bought in the Marketplace tab is worn at once when its slot is free.
          </p>
          <Button variant="secondary" size="sm" onClick={onShop}>
            <Store aria-hidden />
            Browse Marketplace
          </Button>
        </div>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="equipped-list">
            {equipped.map((entry) => (
              <li key={entry.id} className="flex">
                <ItemCard
                  item={entry.equipment}
                  className="flex-1"
                  data-testid={`equipped-item-${entry.equipment.slot}`}
                  data-owned-id={entry.id}
                  tags={<ItemTag className="border-neon-lime/70 text-neon-lime">Worn</ItemTag>}
                />
              </li>
            ))}
          </ul>
          {emptySlots.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Empty slots">
              {emptySlots.map((slot) => (
                <li
                  key={slot}
                  className="flex items-center gap-2 border-2 border-dashed border-edge bg-void/40 py-1 pr-3 pl-1"
                  data-testid={`empty-slot-${slot}`}
                >
                  <SlotIconBox slot={slot} size="sm" />
                  <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">{slotLabel(slot)}: empty</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      );
    inventoryBody =
      inventory.length === 0 ? (
        <p className="border-2 border-dashed border-edge bg-void/40 px-4 py-5 text-base text-ink-dim" data-testid="inventory-empty">
          Your inventory is empty. Spare pieces you buy or forge wait here.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="inventory-list">
          {inventory.map((entry) => {
            const current = bySlot[entry.equipment.slot];
            const busy = busyId === entry.id;
            return (
              <li key={entry.id} className="flex">
                <ItemCard
                  item={entry.equipment}
                  className="flex-1"
                  data-testid={`inventory-item-${entry.id}`}
                  data-owned-id={entry.id}
                  footer={
                    <>
                      <span className="min-w-0 flex-1 text-base leading-tight text-ink-dim">
                        {current ? (
                          <>
                            <ArrowRightLeft aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
                            Replaces {current.equipment.name}
                          </>
                        ) : (
                          `${slotLabel(entry.equipment.slot)} slot is free`
                        )}
                      </span>
                      <Button
                        size="sm"
                        disabled={equip.isPending}
                        onClick={() => equip.mutate({ entry })}
                        data-testid={`equip-button-${entry.id}`}
                        aria-label={`Equip ${entry.equipment.name}`}
                      >
                        {busy ? 'Equipping...' : 'Equip'}
                      </Button>
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-label="Equipped items">
          <SectionTitle icon={<Shirt aria-hidden />} count={loading || error ? undefined : equipped.length}>
            Equipped
          </SectionTitle>
          {equippedBody}
        </section>
        {inventoryBody !== null ? (
          <section aria-label="Inventory">
            <SectionTitle icon={<Backpack aria-hidden />} count={loading ? undefined : inventory.length}>
              Inventory
            </SectionTitle>
            {inventoryBody}
          </section>
        ) : null}
      </div>
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
    </div>
  );
}
