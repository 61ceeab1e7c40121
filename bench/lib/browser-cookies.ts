import WebSocket from 'ws';

/**
 * The cookie jar of a Chromium started for Lighthouse, through the DevTools protocol. The game's
 * page reads its session hint from document.cookie, so a session sent only as a request header
 * (Lighthouse's extraHeaders) leaves the page on the login screen: the jar must hold it.
 * Lighthouse's storage reset clears caches and workers, not cookies, so what is set here stays
 * for every run until cleared.
 */

/** One browser-level DevTools command on the Chromium listening on `port`. */
async function send(port: number, method: string, params: Record<string, unknown>): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.on('message', (data: Buffer) => {
          const answer = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
          if (answer.id !== 1) return;
          if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
          else resolve();
        });
        socket.send(JSON.stringify({ id: 1, method, params }));
      });
    });
  } finally {
    socket.close();
  }
}

/** Puts the cookies of `setCookies` (Set-Cookie header values from the game) into the jar for `base`. */
export async function setBrowserCookies(port: number, base: string, setCookies: string[]): Promise<void> {
  const cookies = setCookies.map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base, httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly') };
  });
  await send(port, 'Storage.setCookies', { cookies });
}

/** Empties the jar: the next page is a logged-out visitor's. */
export async function clearBrowserCookies(port: number): Promise<void> {
  await send(port, 'Storage.clearCookies', {});
}
