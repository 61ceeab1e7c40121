#!/usr/bin/env node
// Runs every check of the project in order and ends with one summary line:
// typecheck, lint, client build, unit + API tests (PGlite, and PostgreSQL when DATABASE_URL
// points at one), then the end-to-end browser tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'ga-test-'));
const pg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

const steps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  [
    pg ? 'unit + API (PGlite and PostgreSQL)' : 'unit + API (PGlite)',
    bin('vitest'),
    ['run', '--project', 'unit', '--project', 'api', ...(pg ? ['--project', 'api-pg'] : []), ...report('api')],
  ],
  ['end-to-end (Chromium)', bin('vitest'), ['run', '--project', 'e2e', ...report('e2e')]],
];

function report(name) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${name}.json`)}`];
}

if (!pg) console.log('DATABASE_URL is not a PostgreSQL URL: the API suite runs on PGlite only.');

let failedStep;
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`${status === 0 ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ['api', 'e2e']) {
  try {
    const r = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    /* step did not run */
  }
}
rmSync(reports, { recursive: true, force: true });
if (failedStep) console.log(`\nStopped at: ${failedStep}`);
if (failedStep && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedStep ? 1 : 0);
