import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig, redisPrefix } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(5000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PGLITE_DIR).toBe('./data/pglite');
    expect(c.ALLOWED_ORIGINS).toEqual([]);
    expect(c.COOKIE_SECURE).toBe(false);
    expect(c.PVP_TURN_SECONDS).toBe(30);
    expect(describeDatabase(c)).toBe('PGlite at ./data/pglite');
    expect(c.REGISTRATION_LIMIT).toBe(5);
    expect(c.METRICS_TOKEN).toBeUndefined();
    expect(c.COUNT_STATEMENTS).toBe(false);
    expect(c).toMatchObject({
      HTTP_CONNECTION_TIMEOUT_MS: 30_000,
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      MAX_CONNECTIONS_PER_ADDRESS: 256,
      MAX_UNAUTHENTICATED_PER_ADDRESS: 64,
      LISTEN_BACKLOG: 4096,
    });
  });

  it('takes a shutdown spread of up to 30 s and a listen backlog', () => {
    expect(loadConfig({ SHUTDOWN_SPREAD_MS: '30000', LISTEN_BACKLOG: '511' })).toMatchObject({ SHUTDOWN_SPREAD_MS: 30_000, LISTEN_BACKLOG: 511 });
    expect(() => loadConfig({ SHUTDOWN_SPREAD_MS: '30001' })).toThrow('Invalid configuration: SHUTDOWN_SPREAD_MS must be a whole number of milliseconds between 0 and 30000');
    expect(() => loadConfig({ LISTEN_BACKLOG: '0' })).toThrow('Invalid configuration: LISTEN_BACKLOG must be a whole number of connections between 1 and 65535');
  });

  it('takes the connection timeouts and per-address caps, 0 for no cap', () => {
    const c = loadConfig({ HTTP_CONNECTION_TIMEOUT_MS: '500', HTTP_HEADERS_TIMEOUT_MS: '200', HTTP_REQUEST_TIMEOUT_MS: '300', MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_UNAUTHENTICATED_PER_ADDRESS: '3' });
    expect(c).toMatchObject({ HTTP_CONNECTION_TIMEOUT_MS: 500, HTTP_HEADERS_TIMEOUT_MS: 200, HTTP_REQUEST_TIMEOUT_MS: 300, MAX_CONNECTIONS_PER_ADDRESS: 0, MAX_UNAUTHENTICATED_PER_ADDRESS: 3 });
  });

  it('takes a metrics token of a sensible length and the statement counting flag', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token', COUNT_STATEMENTS: '1' })).toMatchObject({ METRICS_TOKEN: 'a-long-enough-token', COUNT_STATEMENTS: true });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('Invalid configuration: METRICS_TOKEN must be at least 16 characters');
    expect(() => loadConfig({ COUNT_STATEMENTS: 'yes' })).toThrow('Invalid configuration: COUNT_STATEMENTS');
  });

  it('derives the Redis prefix from the database name unless REDIS_PREFIX is set', () => {
    expect(redisPrefix(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/arena_eu' }))).toBe('ga:arena_eu:');
    expect(redisPrefix(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/arena_us' }))).toBe('ga:arena_us:');
    expect(redisPrefix(loadConfig({}))).toBe('ga:pglite:');
    expect(redisPrefix(loadConfig({ DATABASE_URL: 'postgres://db/x', REDIS_PREFIX: 'blue:' }))).toBe('blue:');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGISTRATION_LIMIT: '-1' })).toThrow('Invalid configuration: REGISTRATION_LIMIT');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:secret@db:5433/game',
      REDIS_URL: 'redis://cache:6379',
      ALLOWED_ORIGINS: 'https://play.example.com, http://localhost:5173/',
      COOKIE_SECURE: '1',
      PVP_TURN_SECONDS: '5',
    });
    expect(c.PORT).toBe(8080);
    expect(c.ALLOWED_ORIGINS).toEqual(['https://play.example.com', 'http://localhost:5173']);
    expect(c.COOKIE_SECURE).toBe(true);
    expect(c.PVP_TURN_SECONDS).toBe(5);
    expect(describeDatabase(c)).toBe('PostgreSQL at db:5433/game');
    expect(describeDatabase(c)).not.toContain('secret');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with/],
    [{ REDIS_URL: 'localhost:6379' }, /^Invalid configuration: REDIS_URL /],
    [{ ALLOWED_ORIGINS: 'ftp://x' }, /^Invalid configuration: ALLOWED_ORIGINS/],
    [{ COOKIE_SECURE: 'yes' }, /^Invalid configuration: COOKIE_SECURE/],
    [{ PVP_TURN_SECONDS: '0' }, /^Invalid configuration: PVP_TURN_SECONDS /],
    [{ PVP_TURN_SECONDS: '2.5' }, /^Invalid configuration: PVP_TURN_SECONDS /],
    [{ HTTP_CONNECTION_TIMEOUT_MS: '0' }, /^Invalid configuration: HTTP_CONNECTION_TIMEOUT_MS must be a whole number of milliseconds/],
    [{ HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' }, /^Invalid configuration: HTTP_KEEP_ALIVE_TIMEOUT_MS /],
    [{ HTTP_HEADERS_TIMEOUT_MS: '40000' }, /^Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS$/],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, /^Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS must be a whole number of connections, 0 for no cap$/],
    [{ MAX_UNAUTHENTICATED_PER_ADDRESS: '1.5' }, /^Invalid configuration: MAX_UNAUTHENTICATED_PER_ADDRESS /],
  ])('refuses %o with a one-line message', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });
});
