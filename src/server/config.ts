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
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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

/** Where the database lives, for logs (never prints credentials). */
export function describeDatabase(config: Config): string {
  if (!config.DATABASE_URL) return `PGlite at ${config.PGLITE_DIR}`;
  if (config.DATABASE_URL.startsWith('memory://')) return 'PGlite in memory';
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
