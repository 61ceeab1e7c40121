import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import glitch from './eslint-rules/index.js';

/**
 * The zones of the code, most specific first, and what each may import besides itself.
 * Server: domain ← db ← services ← pvp / realtime ← http ← app; the bus sits beside the database
 * (services publish on it); realtime is transport only (the gateway, connections, the bus), never
 * services or the database. `kernel` is the services' context, configuration and errors, which
 * every layer shares. Client: features are imported by the app only.
 */
const ZONES = [
  { name: 'app', path: ['src/server/app.ts', 'src/server/main.ts', 'src/server/setup.ts'], allow: ['kernel', 'http', 'pvp', 'realtime', 'services', 'bus', 'db', 'domain', 'common'] },
  { name: 'kernel', path: ['src/server/context.ts', 'src/server/config.ts', 'src/server/errors.ts', 'src/server/paths.ts'], allow: ['services', 'bus', 'db', 'domain', 'common'] },
  { name: 'domain', path: 'src/server/domain', allow: ['common'] },
  { name: 'db', path: 'src/server/db', allow: ['domain', 'common'] },
  { name: 'bus', path: 'src/server/bus', allow: ['common'] },
  { name: 'services', path: 'src/server/services', allow: ['kernel', 'bus', 'db', 'domain', 'common'] },
  { name: 'realtime', path: 'src/server/realtime', allow: ['kernel', 'bus', 'common'] },
  { name: 'pvp', path: 'src/server/pvp', allow: ['kernel', 'realtime', 'services', 'bus', 'db', 'domain', 'common'] },
  { name: 'http', path: 'src/server/http', allow: ['kernel', 'pvp', 'realtime', 'services', 'bus', 'db', 'domain', 'common'] },
  { name: 'client-app', path: 'src/client/app', allow: ['features', 'entities', 'ui', 'lib', 'common'] },
  { name: 'features', path: 'src/client/features', allow: ['entities', 'ui', 'lib', 'common'] },
  { name: 'entities', path: 'src/client/entities', allow: ['ui', 'lib', 'common'] },
  { name: 'ui', path: 'src/client/ui', allow: ['lib', 'common'] },
  { name: 'lib', path: 'src/client/lib', allow: ['ui', 'common'] },
  { name: 'common', path: 'src/common', allow: [] },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'docs/', 'bench/results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { glitch },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Feature borders (DESIGN §2), on for every feature: own folder, ui/, lib/, entities/ and
    // src/common only.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: { 'glitch/feature-borders': 'error' },
  },
  {
    // Layers (DESIGN §2, docs/decisions.md 'Layers'): each zone imports only the zones below it,
    // and no module imports one that imports it back.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'glitch/layers': ['error', { zones: ZONES }],
      'glitch/no-cycle': 'error',
    },
  },
  {
    // The domain is pure (DESIGN §2): no clock, no randomness, no I/O.
    files: ['src/server/domain/**/*.ts'],
    ignores: ['src/server/domain/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Pass a seeded generator.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Pass `now` in.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass `now` in.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: ['**/db/*', '**/http/*', '**/realtime/*', '**/services/*', 'fastify', 'drizzle-orm*', 'pg', 'ws'] },
      ],
    },
  },
  {
    // The service worker: a plain script in the worker's own scope.
    files: ['src/client/pwa/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['tests/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
