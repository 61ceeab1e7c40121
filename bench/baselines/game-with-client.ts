import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/setup';

/** The real app serving a client build from BENCH_CLIENT_DIR, on PGlite in memory (client figure). */
const database = openDatabase({ url: 'memory://' });
await prepareDatabase(database);
const config = loadConfig({ LOG_LEVEL: 'warn', DATABASE_URL: 'memory://', PORT: process.env.PORT, REGISTRATION_LIMIT: '0', MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '0', API_RATE_LIMIT: '0' });
const app = await buildApp({ config, db: database.db, clientDir: process.env.BENCH_CLIENT_DIR });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
