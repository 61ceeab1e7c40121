import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, runServer as run, UP_LINE, waitFor } from './helpers/server-process';

/**
 * How long a server may take to come up: PGlite's start and the migrations take about 2 s on a
 * quiet machine, and over 60 s were seen with the suite's other workers and two busy processes
 * beside it. Only a server that never comes up should fail here.
 */
const START_DEADLINE_MS = 150_000;

describe('main', () => {
  it('stops at start-up with one line naming a bad variable', async () => {
    for (const [name, value] of [
      ['PORT', 'not-a-port'],
      ['MAX_UNAUTHENTICATED_PER_ADDRESS', 'lots'],
      ['HTTP_HEADERS_TIMEOUT_MS', '45000'],
    ] as const) {
      const { exit, output } = run({ [name]: value, DATABASE_URL: 'memory://' });
      expect(await exit).toBe(1);
      expect(output().trim()).toMatch(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
    }
  });

  it('serves the API, then shuts down cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const port = await freePort();
      const { child, exit, output } = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://' });
      await waitFor(() => output().includes(UP_LINE), START_DEADLINE_MS);
      const res = await fetch(`http://127.0.0.1:${port}/api/user`);
      expect(res.status).toBe(401);
      child.kill(signal);
      expect(await exit).toBe(0);
      expect(output()).toContain(`${signal} received`);
    }
  }, 2 * START_DEADLINE_MS + 60_000);

  it('runs compiled with plain node, as npm start does: migrates, serves the API, the page and the assets', async () => {
    // npm test builds it first; alone, the test builds the server bundle itself.
    if (!existsSync('dist/server/main.js')) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    const port = await freePort();
    const { child, exit, output } = run({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://' }, { compiled: true });
    try {
      await waitFor(() => output().includes(UP_LINE), START_DEADLINE_MS, 'the compiled server');
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/user`)).status).toBe(401);
      const asset = await fetch(`http://127.0.0.1:${port}/api/assets/enemy-mage.svg`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe('image/svg+xml');
      expect(output()).not.toMatch(/tsx/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  }, START_DEADLINE_MS + 60_000);
});
