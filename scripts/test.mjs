#!/usr/bin/env node
// Runs every check of the project in order and ends with one summary line:
// the lock file against package.json, typecheck, lint, client build (`--mode test`: the client checks every answer against its contract),
// unit + API tests (on PostgreSQL when DATABASE_URL points at one,
// with a PGlite smoke file; on PGlite otherwise), then the end-to-end browser tests. A run never
// rewrites a committed file: the tree's git status is the same after it as before (pictures of
// the screens are `npm run screenshots`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'ga-test-'));
const pg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

// `npm ci` refuses a lock file that does not match package.json (an optional platform package
// missing, a dependency added by hand): checked in a copy of the two files, without installing.
const lockCheck = `d=$(mktemp -d) && cp package.json package-lock.json "$d" && cd "$d" && npm ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null; status=$?; rm -rf "$d"; [ $status -eq 0 ] || echo 'package-lock.json is out of step with package.json: run npm install and commit the lock file'; exit $status`;

const steps = [
  ['lock file', 'sh', ['-c', lockCheck]],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['build', 'sh', ['-c', `${bin('vite')} build --mode test --logLevel warn && node scripts/build-server.mjs`]],
  // Files run side by side: each has its own database (and, end to end, its own server and
  // browser), and most of a file's time is spent waiting on PostgreSQL, sockets or a page, so
  // three API files (two browser files) at once keep both cores busy without starving any.
  [pg ? 'unit + API (PostgreSQL, PGlite smoke)' : 'unit + API (PGlite)', bin('vitest'), ['run', '--project', 'unit', '--project', 'api', '--maxWorkers=3', ...report('api')]],
  ['end-to-end (Chromium)', bin('vitest'), ['run', '--project', 'e2e', '--maxWorkers=2', ...report('e2e')]],
];

function report(name) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${name}.json`)}`];
}

/** The lines of `git status`, or null outside a git checkout. */
function gitStatus() {
  const { status, stdout } = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' });
  return status === 0 ? stdout.split('\n').filter(Boolean) : null;
}

if (!pg) console.log('DATABASE_URL is not a PostgreSQL URL: the API suite runs on PGlite.');

const treeBefore = gitStatus();
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

const treeAfter = gitStatus();
const touched = treeBefore && treeAfter ? treeAfter.filter((line) => !treeBefore.includes(line)) : [];
if (touched.length > 0) {
  console.log(`\n✘ the run changed the tree (a test wrote into the repository):\n${touched.join('\n')}`);
  failedStep ??= 'clean tree';
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Tests that passed only on their retry (browser tests on CI): what failed first, to be fixed. */
const flaky = [];
for (const name of ['api', 'e2e']) {
  try {
    const r = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'passed' && test.failureMessages?.length > 0) flaky.push(`${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n    first run: ${String(test.failureMessages[0]).split('\n')[0]}`);
      }
    }
  } catch {
    /* step did not run */
  }
}
if (flaky.length > 0) console.log(`\n⚠ passed only on a retry (flaky, to be fixed):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
rmSync(reports, { recursive: true, force: true });
if (failedStep) console.log(`\nStopped at: ${failedStep}`);
if (failedStep && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky.length ? `, ${flaky.length} flaky` : ''}`);
process.exit(failedStep ? 1 : 0);
