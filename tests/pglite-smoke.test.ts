import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentItemView } from '../src/common/economy-api';
import type { BattleResultView, CharacterView } from '../src/common/game-api';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/**
 * The embedded default (PGlite, what `npm start` runs on) end to end, whatever database the rest
 * of the API suite runs on: an account, a fighter, a battle, a purchase and chat.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: 'pglite' });
});
afterAll(async () => {
  await t?.close();
});

describe('the game on PGlite', () => {
  it('registers, logs in again, creates a fighter, battles, buys gear and chats', async () => {
    expect(t.database.kind).toBe('pglite');
    const p = new Player(t.base);
    const { username, password, user } = await p.register();
    expect(user.credits).toBe(2500);
    await p.post('/api/logout');
    expect((await p.post('/api/login', { username, password })).status).toBe(200);

    const character = (await p.post('/api/characters', { name: 'Embedded', class: 'warrior' })).body as CharacterView;
    expect((await p.get('/api/enemy')).status).toBe(200);
    const battle = await p.post('/api/battle', { characterId: character.id });
    expect(battle.status).toBe(200);
    const result = battle.body as BattleResultView;
    expect(['victory', 'defeat']).toContain(result.result);
    expect(result.battleLog.length).toBeGreaterThanOrEqual(2);

    const item = ((await p.get('/api/equipment/marketplace')).body as EquipmentItemView[]).find((i) => i.level === 1 && i.price > 0)!;
    const bought = await p.post(`/api/equipment/${item.id}/buy`, undefined, { 'idempotency-key': 'smoke-1' });
    expect(bought.status).toBe(200);
    expect(bought.body.credits).toBe(2500 + result.creditsGained - item.price);

    const socket = await TestSocket.open(t.base, p.cookie);
    const echoed = await socket.ask({ type: 'chat_message', text: 'hello from PGlite', clientId: 'smoke' }, 'chat_message');
    expect(echoed).toMatchObject({ clientId: 'smoke', message: { text: 'hello from PGlite', username } });
    expect(((await p.get('/api/chat/messages')).body as { text: string }[]).map((m) => m.text)).toContain('hello from PGlite');
    socket.close();
  });
});
