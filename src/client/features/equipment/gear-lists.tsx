import { ArrowRightLeft, Shirt, Store } from 'lucide-react';
import { SLOTS } from '@common/gear';
import type { OwnedEquipmentView } from '@common/economy-api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { ItemCard, ItemTag, SlotIconBox } from './item-card';
import { levelShortfall, slotLabel, type splitEquipment } from './equipment-rules';

type Split = ReturnType<typeof splitEquipment>;

function NoEquipment({ onShop }: { onShop: () => void }) {
  return (
    <div
      className="flex flex-col items-center gap-4 border-2 border-dashed border-edge bg-void/40 px-4 py-8 text-center"
      data-testid="no-equipment"
    >
      <Shirt aria-hidden className="size-8 text-ink-dim" />
      <p className="font-pixel text-pixel-xs text-ink-muted">No equipment equipped</p>
      <p className="max-w-sm text-base text-ink-dim">Gear bought in the Marketplace tab is worn at once when its slot is free.</p>
      <Button variant="secondary" size="sm" onClick={onShop}>
        <Store aria-hidden />
        Browse Marketplace
      </Button>
    </div>
  );
}

/** The worn pieces, then the slots still empty. */
export function EquippedList({ equipped, bySlot, onShop }: Pick<Split, 'equipped' | 'bySlot'> & { onShop: () => void }) {
  if (equipped.length === 0) return <NoEquipment onShop={onShop} />;
  const emptySlots = SLOTS.filter((s) => !bySlot[s]);
  return (
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
}

export interface EquipAction {
  pending: boolean;
  /** The bag entry being put on, if any. */
  busyId: number | undefined;
  equip: (entry: OwnedEquipmentView) => void;
}

function InventoryItem({ entry, current, action, characterLevel }: { entry: OwnedEquipmentView; current: OwnedEquipmentView | undefined; action: EquipAction; characterLevel: number }) {
  // A forged or bought-ahead piece above the fighter's level waits in the bag: said, not refused after a press.
  const shortfall = levelShortfall(entry.equipment, characterLevel);
  return (
    <ItemCard
      item={entry.equipment}
      className="flex-1"
      data-testid={`inventory-item-${entry.id}`}
      data-owned-id={entry.id}
      footer={
        <>
          <span className={cn('min-w-0 flex-1 text-base leading-tight', shortfall ? 'text-gold' : 'text-ink-dim')} data-testid={shortfall ? `equip-shortfall-${entry.id}` : undefined}>
            {shortfall ? (
              shortfall
            ) : current ? (
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
            disabled={action.pending || shortfall !== null}
            onClick={() => action.equip(entry)}
            data-testid={`equip-button-${entry.id}`}
            aria-label={`Equip ${entry.equipment.name}`}
          >
            {action.busyId === entry.id ? 'Equipping...' : 'Equip'}
          </Button>
        </>
      }
    />
  );
}

/** The pieces in the bag, each with what it would replace and an Equip button. */
export function InventoryList({ inventory, bySlot, action, characterLevel }: Pick<Split, 'inventory' | 'bySlot'> & { action: EquipAction; characterLevel: number }) {
  if (inventory.length === 0) {
    return (
      <p className="border-2 border-dashed border-edge bg-void/40 px-4 py-5 text-base text-ink-dim" data-testid="inventory-empty">
        Your inventory is empty. Spare pieces you buy or forge wait here.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="inventory-list">
      {inventory.map((entry) => (
        <li key={entry.id} className="flex">
          <InventoryItem entry={entry} current={bySlot[entry.equipment.slot]} action={action} characterLevel={characterLevel} />
        </li>
      ))}
    </ul>
  );
}
