import { request } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress';
import { chooseEncoding } from '../src/server/http/compression';
import { startTestApp, type TestApp } from './helpers/test-app';
import { Player } from './helpers/player';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire (not decoded). */
  body: Buffer;
}

/** A GET whose answer is read as sent: fetch would decode it. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// A stand-in script of the size and kind of a built chunk: repetitive minified code.
const SCRIPT = Array.from({ length: 800 }, (_, i) => `function f${i}(a,b){return a.map(x=>x*${i}+b)};`).join('');
let clientDir = '';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    prepareClient: (dir) => {
      clientDir = dir;
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'screen-Ab12Cd34.js'), SCRIPT);
      writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Glitch Arena</title>${'<p>shell</p>'.repeat(200)}`);
      precompressDir(dir);
    },
  });
});
afterAll(async () => t.close());

describe('the client files are sent as the build compressed them', () => {
  it('a script goes out as its brotli copy to a browser that accepts brotli', async () => {
    const res = await rawGet(t.base, '/assets/screen-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.equals(readFileSync(join(clientDir, 'assets', 'screen-Ab12Cd34.js.br')))).toBe(true);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('gzip where brotli is not accepted, the file as it is where nothing is', async () => {
    const gz = await rawGet(t.base, '/assets/screen-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawGet(t.base, '/assets/screen-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('the page of any screen path is sent compressed too', async () => {
    const res = await rawGet(t.base, '/characters', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('Glitch Arena');
  });
});

describe('JSON answers', () => {
  let player: Player;
  beforeAll(async () => {
    player = new Player(t.base);
    await player.register();
  });

  it('above 1 KB go out compressed when accepted, with Vary', async () => {
    const plain = await rawGet(t.base, '/api/equipment', { cookie: player.cookie!, accept: 'application/json' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await rawGet(t.base, '/api/equipment', { cookie: player.cookie!, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gz = await rawGet(t.base, '/api/equipment', { cookie: player.cookie!, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    // The same answer again (from the cache of compressed answers) is the same bytes.
    const again = await rawGet(t.base, '/api/equipment', { cookie: player.cookie!, 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(br.body)).toBe(true);
  });

  it('of 1 KB or less go out as they are', async () => {
    const res = await rawGet(t.base, '/api/user', { cookie: player.cookie!, 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ username: expect.any(String) });
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
