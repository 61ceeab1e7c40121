import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'playwright-core';
import { startGame, type Game } from './helpers/game';
import { registerThroughUi, uniquePlayerName } from './helpers/players';

/**
 * The bell hears what was pushed while no socket of the tab was online: a notification is sent
 * once, over the sockets open at that moment, and a tab between two sockets (the bell's own
 * handing over to a screen's, or a reconnection) has none.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('the notification bell', () => {
  it('reads again what was pushed while the tab had no socket online, once one is', async () => {
    const b = await game.newPage();
    const sockets: WebSocket[] = [];
    b.on('websocket', (ws) => sockets.push(ws));
    const nameB = uniquePlayerName('bell').slice(0, 20);
    await registerThroughUi(b, nameB);
    // Home holds no socket: the bell opens its own.
    await expect.poll(() => b.getByTestId('nav-bell').getAttribute('data-live')).toBe('true');
    await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length).toBe(1);
    const own = sockets.find((ws) => !ws.isClosed())!;
    expect(await b.getByTestId('nav-bell-count').count()).toBe(0);

    // The chat's socket cannot reach the server for now (each attempt is closed at once), and the
    // bell's own closes as the chat screen takes over.
    let held = true;
    await b.routeWebSocket(/\/ws$/, (ws) => {
      if (held) void ws.close({ code: 1011, reason: 'held by the test' });
      else ws.connectToServer();
    });
    await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chat/ }).click();
    await expect.poll(() => own.isClosed()).toBe(true);

    // A friend request is stored and pushed to nobody.
    const a = await game.newPage();
    const nameA = uniquePlayerName('ring').slice(0, 20);
    expect((await a.context().request.post('/api/register', { data: { username: nameA, password: 'glitch-pass' } })).status()).toBe(201);
    expect((await a.context().request.post('/api/friends/requests', { data: { username: nameB } })).status()).toBe(201);
    const stored = async () => ((await (await b.context().request.get('/api/notifications')).json()) as { notifications: { text: string }[] }).notifications.map((n) => n.text);
    await expect.poll(stored).toContain(`${nameA} sent you a friend request.`);
    expect(await b.getByTestId('nav-bell-count').count()).toBe(0);

    // The chat's socket gets through: the bell reads its list again and counts the request.
    held = false;
    const count = b.getByTestId('nav-bell-count');
    await expect.poll(async () => ((await count.count()) > 0 ? await count.textContent() : null)).toBe('1');
    await b.getByTestId('nav-bell').click();
    await expect.poll(() => b.getByTestId('notification-panel').textContent()).toContain(`${nameA} sent you a friend request.`);
    await a.context().close();
    await b.context().close();
  });
});
