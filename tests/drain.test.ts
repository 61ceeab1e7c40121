import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Player } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';

/** A stopping instance closes its sockets over SHUTDOWN_SPREAD_MS (docs/decisions.md 'Reconnects after a deploy'). */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.database.close();
  t = undefined;
});

const open = (base: string, cookie: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { origin: base, headers: { cookie } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

const upgradeStatus = (base: string, cookie: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { origin: base, headers: { cookie } });
    ws.once('error', () => undefined);
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });

describe('closing sockets when an instance stops', () => {
  it('spreads the closes over SHUTDOWN_SPREAD_MS and refuses new upgrades with 503 meanwhile', async () => {
    t = await startTestApp({ env: { SHUTDOWN_SPREAD_MS: '500' } });
    const players = [new Player(t.base), new Player(t.base)];
    for (const p of players) await p.register();
    const sockets = await Promise.all(Array.from({ length: 10 }, (_, i) => open(t!.base, players[i % 2]!.cookie!)));
    const closes = sockets.map((ws) => new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code }))));

    const closing = t.app.close();
    await Promise.race(closes);
    // The schedule itself is unit-tested on a controlled clock (src/server/realtime/drain.test.ts);
    // here it is enough that the first slice closed while the later slices (100 ms apart) were open.
    const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    expect(stillOpen).toBeGreaterThan(0);
    // The instance is still up while it spreads its closes: an upgrade is told to go elsewhere.
    expect(await upgradeStatus(t.base, players[0]!.cookie!)).toBe(503);
    const all = await Promise.all(closes);
    await closing;
    expect(all.map((c) => c.code)).toEqual(Array(10).fill(1001));
  });

  it('closes every socket at once with no spread (the default under tests)', async () => {
    t = await startTestApp();
    const player = new Player(t.base);
    await player.register();
    const sockets = await Promise.all(Array.from({ length: 4 }, () => open(t!.base, player.cookie!)));
    const closes = sockets.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    await t.app.close();
    expect(await Promise.all(closes)).toEqual([1001, 1001, 1001, 1001]);
  });
});
