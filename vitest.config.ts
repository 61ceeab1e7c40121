import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@common': r('./src/common'), '@client': r('./src/client') };
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

// API suites run on PGlite in memory always, and again on PostgreSQL when DATABASE_URL
// points at one (each test file gets a fresh database there).
const apiProjects = [
  { name: 'api', env: { TEST_DATABASE_URL: 'memory://' } },
  ...(pgUrl ? [{ name: 'api-pg', env: { TEST_DATABASE_URL: pgUrl } }] : []),
].map(({ name, env }) => ({
  resolve: { alias },
  test: {
    name,
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/resilience/**'],
    env,
    // Some tests start a second app (migrations and seeding on PGlite): slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
}));

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      ...apiProjects,
      {
        // `npm run test:resilience`: kill -9, load and fuzz suites against real server processes
        // on PostgreSQL and Redis (skipped without them); not part of `npm test`.
        resolve: { alias },
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          env: { TEST_DATABASE_URL: pgUrl ?? '' },
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
          // A page load on a busy two-core machine can take seconds: poll patiently.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
