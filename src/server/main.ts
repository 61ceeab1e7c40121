import { buildApp } from './app';
import { ConfigError, describeDatabase, loadConfig, redisPrefix, type Config } from './config';
import { openDatabase } from './db/client';
import { createBus } from './bus/create-bus';
import { purgeExpiredSessions } from './services/accounts';
import { purgeIdempotencyKeys } from './services/transaction';
import { purgeProcessedEvents } from './services/outbox';
import { cleanUpNotifications } from './services/notifications';
import { purgeSocialActions } from './services/social-limits';
import { rollSeason } from './pvp/seasons';
import { prepareDatabase } from './setup';

/** A shutdown may take this long after its sockets have closed (SHUTDOWN_SPREAD_MS) before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
const SESSION_PURGE_EVERY_MS = 60 * 60 * 1000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  await prepareDatabase(database);
  // Redis pub/sub when REDIS_URL is set, so several instances reach each other's sockets.
  const bus = createBus(config.REDIS_URL, { prefix: redisPrefix(config) });
  const app = await buildApp({ config, db: database.db, realtime: { bus }, pool: database.pool, countStatements: config.COUNT_STATEMENTS });

  const purge = setInterval(() => {
    Promise.all([purgeExpiredSessions(app.ctx), purgeIdempotencyKeys(app.ctx), purgeProcessedEvents(app.ctx), rollSeason(app.ctx), cleanUpNotifications(app.ctx), purgeSocialActions(app.ctx)]).catch((err: unknown) =>
      app.log.warn({ err }, 'hourly purge failed'),
    );
  }, SESSION_PURGE_EVERY_MS);
  purge.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing open requests`);
    app.startDraining();
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_SPREAD_MS + SHUTDOWN_GRACE_MS);
    force.unref();
    clearInterval(purge);
    try {
      await app.close();
      await bus.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A season that ended while no instance ran is closed before the first battle.
  await rollSeason(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'season rollover failed'));
  await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
  app.log.info(`Glitch Arena is up on port ${config.PORT} (${describeDatabase(config)}, ${bus.kind} bus)`);
}

main().catch((err: unknown) => {
  console.error('Glitch Arena failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
