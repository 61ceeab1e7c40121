import { PVP_TURN_MS } from '@common/constants';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const origin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an http(s) origin` });
    return z.NEVER;
  }
});

/** How long a stopping instance spreads the close of its sockets over, unless told (docs/decisions.md 'Reconnects after a deploy'). */
export const DEFAULT_SHUTDOWN_SPREAD_MS = 15_000;

/** A whole number between `min` and `max`, with one message for every way of missing it. */
function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const timeoutMs = (fallback: number) => wholeNumber(100, 600_000, 'must be a whole number of milliseconds between 100 and 600000').default(fallback);
const perAddressCap = (fallback: number) => wholeNumber(0, 1_000_000, 'must be a whole number of connections, 0 for no cap').default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(0, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?|memory):\/\//, 'must start with postgres://, postgresql:// or memory://')
    .optional(),
  PGLITE_DIR: z.string().min(1).default('./data/pglite'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  REDIS_PREFIX: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[\w:.-]+$/, 'may only hold letters, digits and _ : . -')
    .optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(origin)),
  COOKIE_SECURE: flag.default(false),
  TRUST_PROXY: flag.default(false),
  PVP_TURN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds between 1 and 300' })
    .int('must be a whole number of seconds between 1 and 300')
    .min(1, 'must be a whole number of seconds between 1 and 300')
    .max(300, 'must be a whole number of seconds between 1 and 300')
    .default(PVP_TURN_MS / 1000),
  REGISTRATION_LIMIT: z.coerce
    .number({ error: 'must be a whole number of accounts per hour, 0 for no limit' })
    .int('must be a whole number of accounts per hour, 0 for no limit')
    .min(0, 'must be a whole number of accounts per hour, 0 for no limit')
    .max(1_000_000, 'must be a whole number of accounts per hour, 0 for no limit')
    .default(5),
  /** How long the leaderboard (the same for every player) is served from memory; 0 reads it every time. */
  LEADERBOARD_CACHE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds between 0 and 60000' })
    .int('must be a whole number of milliseconds between 0 and 60000')
    .min(0, 'must be a whole number of milliseconds between 0 and 60000')
    .max(60_000, 'must be a whole number of milliseconds between 0 and 60000')
    .default(1000),
  /**
   * Timeouts of the HTTP server (docs/decisions.md 'Connections'): a connection silent for
   * HTTP_CONNECTION_TIMEOUT_MS while a request is awaited or served is closed; a request's
   * headers must arrive within HTTP_HEADERS_TIMEOUT_MS and all of it within
   * HTTP_REQUEST_TIMEOUT_MS; an idle keep-alive connection closes after HTTP_KEEP_ALIVE_TIMEOUT_MS.
   * Sockets upgraded to /ws are out of their reach (the gateway's heartbeat looks after them).
   */
  HTTP_CONNECTION_TIMEOUT_MS: timeoutMs(30_000),
  HTTP_HEADERS_TIMEOUT_MS: timeoutMs(10_000),
  HTTP_REQUEST_TIMEOUT_MS: timeoutMs(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMs(72_000),
  /** Open TCP connections (HTTP and sockets) per client address; not applied with TRUST_PROXY. */
  MAX_CONNECTIONS_PER_ADDRESS: perAddressCap(256),
  /** Connections (or, behind a proxy, requests and /ws upgrades) per client address not yet signed in. */
  MAX_UNAUTHENTICATED_PER_ADDRESS: perAddressCap(64),
  /**
   * Requests to /api one client address may make per minute on one instance (behind a proxy,
   * the forwarded address); 0 = no ceiling. Off under tests, which play many players from one address.
   */
  API_RATE_LIMIT: wholeNumber(0, 1_000_000, 'must be a whole number of requests per minute, 0 for no limit').default(process.env.NODE_ENV === 'test' ? 0 : 1200),
  /**
   * How long a stopping instance takes to close its sockets (spread evenly), so its players
   * reconnect to the others over this stretch rather than in one tick; 0 closes them at once
   * (under tests). A shutdown may take this plus 10 s.
   */
  SHUTDOWN_SPREAD_MS: wholeNumber(0, 30_000, 'must be a whole number of milliseconds between 0 and 30000').default(process.env.NODE_ENV === 'test' ? 0 : DEFAULT_SHUTDOWN_SPREAD_MS),
  /**
   * Connections the kernel may queue for the server before it accepts them (capped by
   * net.core.somaxconn). Node's 511 overflows when thousands of players reconnect at once, and
   * the kernel then resets some of them (docs/decisions.md 'Reconnects after a deploy').
   */
  LISTEN_BACKLOG: wholeNumber(1, 65_535, 'must be a whole number of connections between 1 and 65535').default(4096),
  /** Counts SQL statements per request (`X-Db-Statements`) and per PvP battle end (/metrics); a small cost on every request, for the bench and diagnosis. */
  COUNT_STATEMENTS: flag.default(false),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200, 'must be at most 200 characters').optional(),
  /** Accounts that are admins (docs/decisions.md 'Moderation'): applied when they register or log in. */
  ADMIN_USERNAMES: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Checks every answer against its contract (src/common/api) before sending it, a 500 on a
   * mismatch: on in tests (NODE_ENV=test) and `npm run dev`, off by default in production,
   * where answers are only serialised from the contract.
   */
  CHECK_ANSWERS: flag.default(process.env.NODE_ENV === 'test'),
}).superRefine((config, ctx) => {
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS' });
  }
});

export type Config = z.infer<typeof envSchema>;

/** Thrown for a bad environment; its message is one line naming the variable. */
export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, the way shells and .env files usually mean them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The prefix of every Redis key and channel: REDIS_PREFIX, or one derived from the database's
 * name, so two deployments sharing a Redis never see each other's chat, logouts or PvP events.
 */
export function redisPrefix(config: Config): string {
  if (config.REDIS_PREFIX) return config.REDIS_PREFIX;
  if (!config.DATABASE_URL) return 'ga:pglite:';
  if (config.DATABASE_URL.startsWith('memory://')) return 'ga:memory:';
  const url = new URL(config.DATABASE_URL);
  return `ga:${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}:`;
}

/** Where the database lives, for logs (never prints credentials). */
export function describeDatabase(config: Config): string {
  if (!config.DATABASE_URL) return `PGlite at ${config.PGLITE_DIR}`;
  if (config.DATABASE_URL.startsWith('memory://')) return 'PGlite in memory';
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
