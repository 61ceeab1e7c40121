import WebSocket from 'ws';

/** Opens an authenticated socket the way the browser does (cookie + own Origin). */
export function openSocket(base: string, cookie: string | undefined, path = '/ws', localAddress?: string): Promise<WebSocket> {
  const url = `${base.replace(/^http/, 'ws')}${path}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: cookie ? { cookie } : {},
      origin: base,
      perMessageDeflate: false,
      // From a loopback address of the player's own (bench/lib/loopback.ts); the proxy's certificate is self-signed.
      ...(localAddress ? { localAddress, rejectUnauthorized: false } : {}),
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Opens many sockets with at most `parallel` handshakes in flight; socket i from `localAddressOf(i)` when given. */
export async function openMany(
  base: string,
  cookies: (string | undefined)[],
  parallel = 100,
  path = '/ws',
  localAddressOf?: (i: number) => string,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(cookies.length);
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const i = next++;
      let lastErr: unknown;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          sockets[i] = await openSocket(base, cookies[i], path, localAddressOf?.(i));
          lastErr = undefined;
          break;
        } catch (err) {
          lastErr = err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      if (lastErr) throw lastErr;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, cookies.length) }, worker));
  return sockets;
}
