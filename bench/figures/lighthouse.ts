import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../../e2e/helpers/game';
import { clearBrowserCookies, setBrowserCookies } from '../lib/browser-cookies';
import type { Figure } from '../lib/figure';
import { median, round } from '../lib/stats';

/**
 * Lighthouse on every screen of SPEC §2 (with the account and friends screens: 16), on Debian's
 * Chromium, with its mobile profile (a mid-range phone on slow 4G, simulated, CPU 4× slower) and
 * its desktop profile; the median of `runs` runs per screen and profile. Lighthouse lives in
 * bench/lighthouse with its own package.json, installed on first use, never a game dependency.
 *
 * For working on one screen: BENCH_LIGHTHOUSE_SCREENS=/arena,/forge runs only those screens,
 * BENCH_LIGHTHOUSE_PROFILES=mobile only that profile, and BENCH_LIGHTHOUSE_REPORTS=<dir> keeps
 * every run's full report there (audits, trace-derived diagnostics) as <profile><screen>-<run>.json.
 */

const LH = 'bench/lighthouse';
const CHROMIUM = '/usr/bin/chromium';

/** The logged-out login screen first, then the signed-in screens (opened with the session's cookie). */
export const LIGHTHOUSE_SCREENS = ['/auth', '/', '/characters', '/battle', '/marketplace', '/leaderboard', '/chat', '/pvp-arena', '/pvp', '/guilds', '/equipment', '/skills', '/arena', '/forge', '/account', '/friends'];

/** The goals of issue 27. */
const GOALS = { lcp: 2500, fcp: 1800, cls: 0.1, performance: 90, accessibility: 100, bestPractices: 95 };

type Profile = 'mobile' | 'desktop';
const PROFILES: readonly Profile[] = ['mobile', 'desktop'];

/** The screens and profiles named by the environment (all of them when it names none). */
export function lighthouseSelection(env: NodeJS.ProcessEnv = process.env): { screens: string[]; profiles: Profile[] } {
  const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const screens = list(env.BENCH_LIGHTHOUSE_SCREENS);
  const profiles = list(env.BENCH_LIGHTHOUSE_PROFILES);
  const unknown = [...screens.filter((s) => !LIGHTHOUSE_SCREENS.includes(s)), ...profiles.filter((p) => !PROFILES.includes(p as Profile))];
  if (unknown.length) throw new Error(`Lighthouse: unknown screen or profile ${unknown.join(', ')}`);
  return { screens: screens.length ? screens : LIGHTHOUSE_SCREENS, profiles: profiles.length ? (profiles as Profile[]) : [...PROFILES] };
}

interface Scores {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
}

export interface Row extends Scores {
  screen: string;
  profile: Profile;
}

interface LighthouseResult {
  lhr: {
    audits: Record<string, { numericValue?: number; details?: { items?: { url?: string; statusCode?: number }[] } }>;
    categories: Record<string, { score: number | null }>;
    runtimeError?: { message: string };
  };
}
type RunLighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LighthouseResult | undefined>;

/** Installs bench/lighthouse (its own lock file) when it is missing. */
function prepare(): void {
  if (existsSync(`${LH}/node_modules/lighthouse/package.json`)) return;
  const how = existsSync(`${LH}/package-lock.json`) ? 'ci' : 'install';
  execFileSync('npm', [how, '--prefix', LH, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(LH, 'node_modules', path)).href)) as T;

function scoresOf(result: LighthouseResult | undefined): Scores {
  if (!result) throw new Error('Lighthouse returned nothing');
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.message}`);
  const audit = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  return {
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
  };
}

const medianOf = (runs: Scores[]): Scores =>
  Object.fromEntries((Object.keys(runs[0]!) as (keyof Scores)[]).map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Scores;

const meets = (r: Scores) =>
  r.lcp <= GOALS.lcp && r.fcp <= GOALS.fcp && r.cls <= GOALS.cls && r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility && r.bestPractices >= GOALS.bestPractices;

const seconds = (ms: number) => `${round(ms / 1000, 2)} s`;

/** The per-screen table, one line per screen and profile. */
function table(rows: Row[]): string[] {
  return [
    '| Screen | Profile | FCP | LCP | CLS | TBT | Performance | Accessibility | Best practices |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.screen} | ${r.profile} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${round(r.cls, 3)} | ${round(r.tbt, 0)} ms | ${r.performance} | ${r.accessibility} | ${r.bestPractices} |`,
    ),
  ];
}

/** Throws unless the page that `result` measured was signed in (its GET /api/user answered 200). */
function checkSignedIn(result: LighthouseResult | undefined, screen: string): void {
  const requests = result?.lhr.audits['network-requests']?.details?.items ?? [];
  if (!requests.some((r) => r.url && new URL(r.url).pathname === '/api/user' && r.statusCode === 200)) {
    throw new Error(`Lighthouse measured ${screen} logged out (no GET /api/user answered 200)`);
  }
}

/**
 * Lighthouse figures for a running game: `setCookies` (the game's Set-Cookie headers after a
 * registration) open the signed-in screens; /auth is measured with an empty cookie jar. One figure
 * per profile (the worst screen against the goals), with the per-screen table beside it.
 */
export async function lighthouseFigures(base: string, setCookies: string[], runs: number): Promise<Figure[]> {
  const { screens, profiles } = lighthouseSelection();
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  prepare();
  const { default: lighthouse } = await load<{ default: RunLighthouse }>('lighthouse/core/index.js');
  const { default: desktopConfig } = await load<{ default: unknown }>('lighthouse/core/config/desktop-config.js');
  const { launch } = await load<{ launch: (o: Record<string, unknown>) => Promise<{ port: number; kill: () => void }> }>('chrome-launcher/dist/index.js');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  const rows: Row[] = [];
  try {
    for (const profile of profiles) {
      for (const screen of screens) {
        const signedIn = screen !== '/auth';
        if (signedIn) await setBrowserCookies(chrome.port, base, setCookies);
        else await clearBrowserCookies(chrome.port);
        const samples: Scores[] = [];
        for (let i = 0; i < runs; i++) {
          const flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          };
          const config = profile === 'desktop' ? desktopConfig : undefined;
          // A run whose trace Chromium failed to record (NO_NAVSTART and the like) is run again, twice at most.
          for (let attempt = 1; ; attempt++) {
            try {
              const result = await lighthouse(`${base}${screen}`, flags, config);
              if (signedIn) checkSignedIn(result, screen);
              samples.push(scoresOf(result));
              if (reports) writeFileSync(join(reports, `${profile}${screen === '/' ? '-home' : screen.replaceAll('/', '-')}-${i + 1}.json`), JSON.stringify(result!.lhr));
              break;
            } catch (err) {
              if (attempt === 3) throw err;
            }
          }
        }
        const row = { screen, profile, ...medianOf(samples) };
        rows.push(row);
        console.log(`   lighthouse ${profile} ${screen}: FCP ${seconds(row.fcp)}, LCP ${seconds(row.lcp)}, CLS ${round(row.cls, 3)}, TBT ${round(row.tbt, 0)} ms, ${row.performance}/${row.accessibility}/${row.bestPractices}`);
      }
    }
  } finally {
    chrome.kill();
  }
  return lighthouseFiguresOf(rows, runs);
}

/**
 * The figures of these per-screen rows, one per profile they hold (also for rows of runs put
 * together, e.g. screens measured again after a run disturbed by other work).
 */
export function lighthouseFiguresOf(rows: Row[], runs: number): Figure[] {
  const lines = table(rows);
  const profiles = PROFILES.filter((p) => rows.some((r) => r.profile === p));
  return profiles.map((profile) => {
    const mine = rows.filter((r) => r.profile === profile);
    const worst = (k: keyof Scores, high: boolean) => (high ? Math.max : Math.min)(...mine.map((r) => r[k] as number));
    const mobile = profile === 'mobile';
    return {
      id: `client.lighthouse.${profile}`,
      figure: `Lighthouse ${profile}${mobile ? ' (slow 4G, 4× CPU, simulated)' : ''}, ${mine.length} screens, median of ${runs}: worst screen`,
      ours: `FCP ${seconds(worst('fcp', true))}, LCP ${seconds(worst('lcp', true))}, CLS ${round(worst('cls', true), 3)}, TBT ${round(worst('tbt', true), 0)} ms, performance ${worst('performance', false)}, accessibility ${worst('accessibility', false)}, best practices ${worst('bestPractices', false)}`,
      baseline: '—',
      ratio: null,
      target: mobile ? 'LCP ≤ 2.5 s, FCP ≤ 1.8 s, CLS ≤ 0.1, performance ≥ 90, accessibility 100, best practices ≥ 95' : 'accessibility 100, best practices ≥ 95',
      met: mobile ? mine.every(meets) : mine.every((r) => r.accessibility >= GOALS.accessibility && r.bestPractices >= GOALS.bestPractices),
      ...(mobile ? { table: lines } : {}),
      data: mine,
    };
  });
}
