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
