import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CATALOGUES = ['equipment_items', 'skills', 'materials', 'image_sets'] as const;

async function snapshot() {
  const out: Record<string, string> = {};
  for (const table of CATALOGUES) {
    const res = (await t.database.db.execute(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n from ${sql.identifier(table)} t`,
    )) as { rows: { h: string; n: number }[] };
    out[table] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
  }
  return out;
}

describe('POST /api/admin/seed-equipment', () => {
  it('is seeded at start-up and pressing Seed Database twice changes nothing', async () => {
    const before = await snapshot();
    for (const table of CATALOGUES) expect(Number(before[table]!.split(':')[0])).toBeGreaterThan(0);
    const p = new Player(t.base);
    await p.register();
    for (let i = 0; i < 2; i++) {
      const res = await p.post('/api/admin/seed-equipment');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Equipment and skills database seeded successfully!' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('repairs a damaged catalogue row and keeps ids', async () => {
    const p = new Player(t.base);
    await p.register();
    const [item] = (await p.get('/api/equipment')).body as { id: number; key: string; price: number }[];
    await t.database.db.execute(sql`update equipment_items set price = 1 where id = ${item!.id}`);
    await p.post('/api/admin/seed-equipment');
    const again = ((await p.get('/api/equipment')).body as { id: number; key: string; price: number }[]).find((i) => i.key === item!.key)!;
    expect(again).toMatchObject({ id: item!.id, price: item!.price });
  });

  it('needs a session', async () => {
    expect((await new Player(t.base).post('/api/admin/seed-equipment')).status).toBe(401);
  });
});
