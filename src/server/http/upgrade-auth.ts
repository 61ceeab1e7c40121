import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { UpgradeVerdict } from '../realtime/upgrade';
import { isAllowedOrigin } from './security';
import { currentUser, type SessionCookie } from './session';
import { hashToken } from '../services/accounts';

/**
 * Who opens a socket (DESIGN §5): the Origin must be ours or allowed (403 otherwise, which
 * stops other sites from riding the player's cookie) and the session cookie live (401).
 */

function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  if (!joined) return undefined;
  const parts = joined.split(',');
  return parts[parts.length - 1]!.trim() || undefined;
}

/**
 * The client's address as Fastify's `request.ip` has it for ordinary requests: the socket's, or,
 * behind a trusted proxy, the first address of X-Forwarded-For.
 */
export function clientAddress(config: Pick<Config, 'TRUST_PROXY'>, raw: IncomingMessage): string {
  const own = raw.socket.remoteAddress ?? '';
  const header = raw.headers['x-forwarded-for'];
  if (!config.TRUST_PROXY || typeof header !== 'string') return own;
  return header.split(',').map((part) => part.trim()).find(Boolean) ?? own;
}

/**
 * The fields the session and origin helpers read, taken from the raw upgrade request the way
 * Fastify reads them for ordinary requests (forwarded headers only behind a trusted proxy).
 */
function requestView(app: FastifyInstance, config: Config, raw: IncomingMessage): FastifyRequest {
  const forwarded = config.TRUST_PROXY;
  const encrypted = (raw.socket as { encrypted?: boolean }).encrypted === true;
  const protocol = (forwarded && lastEntry(raw.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (forwarded && lastEntry(raw.headers['x-forwarded-host'])) || raw.headers.host || '';
  const cookies = raw.headers.cookie ? app.parseCookie(raw.headers.cookie) : {};
  const view: Pick<FastifyRequest, 'protocol' | 'host' | 'cookies' | 'sessionUser' | 'headers'> = {
    protocol: protocol === 'https' ? 'https' : 'http',
    host,
    cookies,
    sessionUser: undefined,
    headers: raw.headers,
  };
  return view as FastifyRequest;
}

export async function verifyUpgrade(app: FastifyInstance, ctx: AppContext, cookie: SessionCookie, raw: IncomingMessage): Promise<UpgradeVerdict> {
  const { config } = ctx;
  const request = requestView(app, config, raw);
  const origin = raw.headers.origin;
  if (!origin || !isAllowedOrigin(config, request, origin)) {
    return { ok: false, status: 403, message: 'Cross-origin connection refused' };
  }
  const user = await currentUser(ctx, cookie, request);
  if (!user) return { ok: false, status: 401, message: 'Authentication required' };
  return { ok: true, user, session: hashToken(cookie.read(request)!) };
}

