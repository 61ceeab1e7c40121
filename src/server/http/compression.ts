import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** JSON answers longer than this are compressed when the client accepts it; shorter ones gain nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The fastest settings (nginx's default for gzip is level 1 too): an answer is compressed on every
 * request, so CPU matters more than the last bytes (the client's files are compressed once, at
 * build, at the highest levels). An 8 KB answer: brotli quality 4 took 84 us for 2,392 bytes,
 * quality 1 29 us for 2,615; a battle's answer compressed at quality 4 was 19 % of the server's
 * main thread at 100 connections of POST /api/battle (bench/findings.ts).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

/**
 * Answers that many players get alike (the leaderboard, the catalogues) are compressed once: the
 * last CACHE_SIZE answers per encoding are kept by their text. Compressing a 4.7 KB leaderboard
 * on every request halved that route's requests per second (12,200 -> 6,600 with brotli).
 */
const CACHE_SIZE = 64;
const compressed: Record<AnswerEncoding, Map<string, Buffer>> = { br: new Map(), gzip: new Map() };

function cachedCompress(text: string, encoding: AnswerEncoding): Buffer {
  const cache = compressed[encoding];
  const hit = cache.get(text);
  if (hit) return hit;
  const body = compressAnswer(Buffer.from(text), encoding);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, body);
  return body;
}

export type AnswerEncoding = 'br' | 'gzip';

/** The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none. q=0 refuses. */
export function chooseEncoding(header: string | string[] | undefined): AnswerEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: AnswerEncoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** `body` in the given encoding. */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return;
  void reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * JSON answers above COMPRESS_MIN_BYTES go out brotli- or gzip-compressed when the request
 * accepts it, with `Vary: Accept-Encoding` so a cache keeps the versions apart. The client's
 * files are not compressed here: they are compressed at build (client-files.ts).
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size <= COMPRESS_MIN_BYTES) return payload;
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return typeof payload === 'string' ? cachedCompress(payload, encoding) : compressAnswer(payload, encoding);
  });
}
