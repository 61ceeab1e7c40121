import { eq } from 'drizzle-orm';
import type { APIRequestContext, APIResponse, BrowserContext, Page } from 'playwright-core';
import { characters, users } from '../../src/server/db/schema';
import { EQUIPMENT_SETS } from '../../src/server/domain/forge-sets';
import { grantMaterials } from '../../src/server/services/forge';
import type { Game } from './game';
import { uniquePlayerName } from './players';

/** What a screen-by-screen check needs to reach the seeded data. */
export interface SeededWorld {
  /** The main player: a moderator with a fighter, gear, a battle, a guild, a friend and notifications. */
  name: string;
  password: string;
  /** The replay of the main player's battle. */
  replayId: number;
}

async function ok(answer: APIResponse, what: string): Promise<unknown> {
  if (!answer.ok()) throw new Error(`${what} failed: ${answer.status()} ${await answer.text()}`);
  return answer.json().catch(() => null);
}

async function newPlayer(context: BrowserContext, prefix: string, password: string): Promise<string> {
  const name = uniquePlayerName(prefix).slice(0, 20);
  await ok(await context.request.post('/api/register', { data: { username: name, password } }), 'register');
  return name;
}

async function firstCharacterId(request: APIRequestContext): Promise<number> {
  const [fighter] = (await ok(await request.get('/api/characters'), 'characters')) as { id: number }[];
  return fighter!.id;
}

/**
 * Seeds, through the API, a world in which every screen has something to show: a seller with a
 * fighter on the market and chat lines, and a main player (made moderator) with a fighter, worn
 * gear, a fought battle, skill points, forge materials, a guild, a friend, notifications and a
 * report waiting in the moderation queue.
 */
export async function seedWorld(game: Game): Promise<SeededWorld> {
  const password = 'glitch-pass';
  const sellerContext = await game.browser.newContext({ baseURL: game.base });
  const seller = sellerContext.request;
  await newPlayer(sellerContext, 'NeonVandal', password);
  await ok(await seller.post('/api/characters', { data: { name: 'Pixel Reaper', class: 'assassin', characterAvatar: 'assassin1' } }), 'seller fighter');
  await ok(await seller.post('/api/marketplace/sell', { data: { characterId: await firstCharacterId(seller), price: 1800 } }), 'list fighter');
  await ok(await seller.post('/api/chat/messages', { data: { message: 'Anyone up for a duel in the neon pit?' } }), 'chat');

  const context = await game.browser.newContext({ baseURL: game.base });
  const me = context.request;
  const name = await newPlayer(context, 'GlitchKid', password);
  await ok(await me.post('/api/characters', { data: { name: 'Byte Knight', class: 'warrior', characterAvatar: 'warrior1' } }), 'fighter');
  const fighterId = await firstCharacterId(me);
  await ok(await me.post('/api/admin/seed-equipment'), 'seed equipment');
  const items = (await ok(await me.get('/api/equipment/marketplace'), 'equipment market')) as { id: number; price: number }[];
  const cheap = [...items].sort((a, b) => a.price - b.price)[0];
  if (cheap) await ok(await me.post(`/api/equipment/${cheap.id}/buy`), 'buy equipment');
  await ok(await me.get('/api/enemy'), 'enemy');
  const battle = (await ok(await me.post('/api/battle', { data: { characterId: fighterId } }), 'battle')) as { replayId: number };
  const said = (await ok(await me.post('/api/chat/messages', { data: { message: 'GG! My Byte Knight just cleared the arena.' } }), 'chat')) as { id: number };
  await ok(await seller.post('/api/chat/messages', { data: { message: 'Nice. My Pixel Reaper is on the market.' } }), 'chat');
  await ok(await me.post('/api/guilds', { data: { name: `Neon ${name.slice(-5)}`, guildAvatar: 'star', isPrivate: false, maxMembers: 20 } }), 'guild');

  // A friend: the seller asks, the main player accepts (the request also rings the bell).
  await ok(await seller.post('/api/friends/requests', { data: { username: name } }), 'friend request');
  const friends = (await ok(await me.get('/api/friends'), 'friends')) as { incoming: { id: number }[] };
  await ok(await me.post(`/api/friends/requests/${friends.incoming[0]!.id}/accept`), 'accept friend');

  // A report for the moderation queue, and the main player made moderator.
  await ok(await seller.post('/api/reports', { data: { kind: 'chat', targetId: said.id, reason: 'spam', note: 'keeps bragging' } }), 'report');
  const db = game.database.db;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, name));
  await db.update(users).set({ role: 'moderator' }).where(eq(users.id, row!.id));
  await db.update(characters).set({ skillPoints: 2 }).where(eq(characters.userId, row!.id));
  const set = EQUIPMENT_SETS.void_walker;
  await db.transaction((tx) =>
    grantMaterials(tx, row!.id, Object.entries(set.requiredMaterials).map(([materialId, amount]) => ({ materialId, amount: amount * 2 }) as never)),
  );
  await sellerContext.close();
  await context.close();
  return { name, password, replayId: battle.replayId };
}

/** A page of the main player, logged in through the API. */
export async function loggedInPage(game: Game, world: SeededWorld, viewport: { width: number; height: number }): Promise<Page> {
  const context = await game.browser.newContext({ viewport, baseURL: game.base, reducedMotion: 'reduce' });
  await ok(await context.request.post('/api/login', { data: { username: world.name, password: world.password } }), 'login');
  const page = await context.newPage();
  page.on('pageerror', (err) => game.pageErrors.push(err.message));
  return page;
}

/** Every screen of SPEC §2 a signed-in player (here a moderator) can open. */
export function signedInPaths(world: SeededWorld): string[] {
  return [
    '/',
    '/characters',
    '/battle',
    '/equipment',
    '/pvp-arena',
    '/pvp',
    '/arena',
    '/guilds',
    '/friends',
    '/marketplace',
    '/leaderboard',
    '/chat',
    '/forge',
    '/skills',
    '/account',
    `/replay/${world.replayId}`,
    '/moderation',
  ];
}

/**
 * Waits until the screen shows its data: a heading, no spinner, no skeleton, nothing busy, a PvP
 * page's socket past connecting (its buttons wait for it) and no colour still fading: a button
 * enabled a moment before reads, for its 100 ms transition, in its disabled colours, which axe
 * measured once as a contrast failure.
 */
export async function settleScreen(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector(
        'main [role="status"] .pixel-spinner, main .animate-pulse, main [aria-busy="true"], [data-testid="pvp-socket-status"][data-status="connecting"]',
      ) &&
      !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
    undefined,
    { timeout: 20_000 },
  );
}
