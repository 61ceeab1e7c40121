import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DEFAULT_CLIENT_DIR } from '../../src/server/http/client-files';
import { prepareDatabase } from '../../src/server/setup';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Game {
  base: string;
  browser: Browser;
  database: Database;
  /** Uncaught errors of every page opened; a test ends by expecting none. */
  pageErrors: string[];
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export interface GameServer {
  base: string;
  database: Database;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The built client to serve (the build by default). */
  clientDir?: string;
  /** 0 takes a free port; a test that restarts the server gives the port it had. */
  port?: number;
  /**
   * PVP_TURN_SECONDS. The suite's servers give a turn 120 s: on a busy machine the pages of a
   * duel (and a watcher's) can take longer than SPEC's 30 s between the match and the first
   * blow, and a first turn that runs out ends the duel as a no-contest. The tests of the turn
   * rule itself start a server with the default.
   */
  turnSeconds?: number;
}

/** The real server with a built client on PGlite in memory. */
export async function startServer({ clientDir = DEFAULT_CLIENT_DIR, port = 0, turnSeconds = 120 }: ServerOptions = {}): Promise<GameServer> {
  if (!existsSync(`${clientDir}/index.html`)) {
    throw new Error('The client is not built: run `npm run build` before the end-to-end tests');
  }
  const database = openDatabase({ url: 'memory://' });
  await prepareDatabase(database);
  // Every page of the suite comes from 127.0.0.1: the per-address limits are off.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    REGISTRATION_LIMIT: '0',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    MAX_UNAUTHENTICATED_PER_ADDRESS: '0',
    API_RATE_LIMIT: '0',
    PVP_TURN_SECONDS: String(turnSeconds),
  });
  const app = await buildApp({ config, db: database.db, clientDir });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    base: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The errors the page logs to its console from now on (the list fills as they come). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  return errors;
}

/** The real server with the built client on PGlite in memory, and a headless Chromium. */
export async function startGame(options: Pick<ServerOptions, 'turnSeconds'> = {}): Promise<Game> {
  const { base, database, close: closeServer } = await startServer(options);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pageErrors: string[] = [];
  return {
    base,
    browser,
    pageErrors,
    database,
    newPage: async (viewport = DESKTOP) => {
      const context = await browser.newContext({ viewport, baseURL: base });
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(err.message));
      return page;
    },
    close: async () => {
      await browser.close();
      await closeServer();
    },
  };
}
