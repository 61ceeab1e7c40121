import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EquipmentItemView, OwnedEquipmentView } from '@common/economy-api';
import { InventoryList, type EquipAction } from './gear-lists';

function owned(id: number, over: Partial<EquipmentItemView> = {}): OwnedEquipmentView {
  const equipment: EquipmentItemView = {
    id: id * 10,
    key: `piece_${id}`,
    name: `Piece ${id}`,
    slot: 'weapon',
    rarity: 'rare',
    level: 1,
    description: 'A blade',
    price: 100,
    stats: { attack: 5, defense: 0, speed: 0, magic: 0 },
    setId: null,
    ...over,
  };
  return { id, characterId: 7, equipped: false, equipment };
}

const idle: EquipAction = { pending: false, busyId: undefined, equip: () => undefined };

/** The Equip button of a bag entry, as markup. */
function equipButton(html: string, id: number): string {
  const tag = new RegExp(`<button[^>]*data-testid="equip-button-${id}"[^>]*>`).exec(html);
  expect(tag, html).not.toBeNull();
  return tag![0];
}

describe('InventoryList', () => {
  it('offers Equip for a piece of the fighter level, and says what a piece above it requires instead of offering it', () => {
    const html = renderToString(<InventoryList inventory={[owned(1, { level: 2 }), owned(2, { level: 5, name: 'Earth Shaker Maul' })]} bySlot={{}} action={idle} characterLevel={2} />);
    expect(equipButton(html, 1)).not.toMatch(/\sdisabled=""/);
    expect(equipButton(html, 2)).toMatch(/\sdisabled=""/);
    expect(html).toMatch(/data-testid="equip-shortfall-2"[^>]*>Requires level 5</);
    expect(html).not.toContain('equip-shortfall-1');
  });

  it('offers it again once the fighter reaches its level', () => {
    const html = renderToString(<InventoryList inventory={[owned(2, { level: 5 })]} bySlot={{}} action={idle} characterLevel={5} />);
    expect(equipButton(html, 2)).not.toMatch(/\sdisabled=""/);
    expect(html).toContain('Weapon slot is free');
  });
});
