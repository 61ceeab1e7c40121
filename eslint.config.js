import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import borders from './eslint-rules/feature-borders.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'docs/', 'bench/results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
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
    plugins: { glitch: borders },
    rules: { 'glitch/feature-borders': 'error' },
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
    files: ['tests/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
