import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@common': r('./src/common'), '@client': r('./src/client') };
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

// The API suite runs once: on PostgreSQL when DATABASE_URL points at one, else on PGlite in
// memory. tests/pglite-smoke.test.ts always runs on PGlite, so the embedded default stays
// covered. One database is migrated per run and copied for each file (tests/helpers/global-setup.ts).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.ts', 'bench/lib/**/*.test.ts'],
          environment: 'node',
          // Nothing here waits on a clock, but some tests are minutes of CPU work on one core
          // (balance simulations, ESLint over snippets): on a busy machine they outlast vitest's
          // 5 s and 10 s defaults (the balance setup took over 10 s beside two busy processes).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/resilience/**'],
          env: { TEST_DATABASE_URL: pgUrl ?? 'memory://' },
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Some tests start a second app or server process: slow on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // `npm run test:resilience`: kill -9, load and fuzz suites against real server processes
        // on PostgreSQL and Redis (skipped without them); not part of `npm test`.
        resolve: { alias },
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          env: { TEST_DATABASE_URL: pgUrl ?? '' },
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A page load on a busy two-core machine can take seconds, and a CI runner is often
          // busier still (a test that passes in 45 s here took over 60 s there): poll patiently.
          // These are ceilings for a failure to show, not waits: a passing test ends on its events.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          // On CI a browser test that fails runs once more; one that then passes is reported as
          // flaky ('retry x1'), so it stays in the log without sinking the run. Never locally.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        // `npm run screenshots`: pictures of every screen for docs/screenshots/; not part of
        // `npm test`, so a test run never rewrites a committed file.
        resolve: { alias },
        test: {
          name: 'screenshots',
          include: ['e2e/**/*.shots.ts'],
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
