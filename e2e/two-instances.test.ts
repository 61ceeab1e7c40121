import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server-process';
import { adminQuery, isPostgresUrl } from '../tests/helpers/test-db';
import { duelToTheEnd, fighterLog, findMatch, playerWithFighter, sameFightSeen, spectatorLog } from './helpers/duel';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './helpers/game';

/**
 * Two real server processes on one PostgreSQL and one Redis (DESIGN §5): two players on
 * different instances duel on /pvp while a third, on one of them, watches.
 */

const pgUrl = process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_URL;
const skip = !pgUrl ? 'DATABASE_URL is not a PostgreSQL URL' : !redisUrl ? 'REDIS_URL is not set' : undefined;
if (skip) console.warn(`two-instances e2e: skipped: ${skip} (CI runs it with DATABASE_URL and REDIS_URL).`);

describe.skipIf(Boolean(skip))('a duel across two server instances', () => {
  const name = `ga_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  let one: ServerProcess;
  let two: ServerProcess;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await adminQuery(pgUrl!, `CREATE DATABASE "${name}"`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    // The turn timer is not what this test is about: a busy machine can take longer than 30 s
    // between the match and the first blow (three pages, a watcher joining across instances).
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, PVP_TURN_SECONDS: '120' };
    // The first start migrates and seeds; the second finds it done.
    one = await startServerProcess({ env, startTimeoutMs: 90_000 });
    two = await startServerProcess({ env, startTimeoutMs: 90_000 });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await adminQuery(pgUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  async function pageOn(server: ServerProcess, viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: server.url });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  }

  it('players on different instances fight on /pvp while a third player watches from one of them', async () => {
    const a = await playerWithFighter(await pageOn(one), 'twA', 'North Node', 'warrior', 'warrior2');
    const b = await playerWithFighter(await pageOn(two, PHONE), 'twB', 'South Node', 'assassin', 'assassin1');
    const eye = await playerWithFighter(await pageOn(two), 'twEye', 'Relay Watcher');
    for (const p of [a, b]) await p.goto('/pvp');
    await findMatch(a);
    await findMatch(b);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('real-pvp').getAttribute('data-phase')).toBe('active');
    expect(await a.getByTestId('enemy-name').textContent()).toBe('South Node');
    expect(await b.getByTestId('enemy-name').textContent()).toBe('North Node');

    // The watcher is on the second instance; the battle runs on whichever owns it.
    await eye.goto('/pvp');
    const live = eye.getByTestId('live-battle');
    await expect.poll(() => live.count()).toBe(1);
    await live.getByTestId('live-watch').click();
    await eye.getByTestId('spectator-panel').waitFor();
    for (const id of ['real-pvp-attack', 'pvp-forfeit']) expect(await eye.getByTestId(id).count()).toBe(0);
    for (const p of [a, b]) await expect.poll(() => p.getByTestId('spectator-count').getAttribute('data-count')).toBe('1');

    await duelToTheEnd([a, b]);
    const outcomes = await Promise.all([a, b].map((p) => p.getByTestId('real-pvp-result').getAttribute('data-result')));
    // Should the duel end otherwise (a timeout, a forfeit), the fighters' logs and the servers' warnings say how.
    const why = async () =>
      JSON.stringify({ a: await fighterLog(a), b: await fighterLog(b), one: one.output().slice(-4000), two: two.output().slice(-4000) });
    if ([...outcomes].sort().join() !== 'defeat,victory') expect.fail(`outcomes ${JSON.stringify(outcomes)}: ${await why()}`);
    await eye.getByTestId('spectator-result').waitFor();
    const winner = outcomes[0] === 'victory' ? 'North Node' : 'South Node';
    expect(await eye.getByTestId('spectator-result').textContent()).toBe(`${winner} wins!`);
    // Both fighters and the watcher saw the same fight, blow by blow (more than one).
    await sameFightSeen([() => fighterLog(a), () => fighterLog(b), () => spectatorLog(eye)], 2);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
