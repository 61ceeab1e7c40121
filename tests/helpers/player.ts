export interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

let counter = 0;
/** A unique valid username for a test run. */
export function uniqueName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${process.pid % 1000}_${counter}_${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
}

/** An HTTP client with its own cookie jar: one player's browser, minus the browser. */
export class Player {
  cookie: string | undefined;

  constructor(readonly base: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      // The session cookie alone; the page's hint (SESSION_HINT_COOKIE) says nothing more.
      if (!/^(__Host-)?ga_session=/.test(line)) continue;
      const [pair] = line.split(';');
      const [, value] = (pair ?? '').split('=');
      this.cookie = value ? pair : undefined;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }

  async register(username = uniqueName(), password = 'secret-pass') {
    const answer = await this.post('/api/register', { username, password });
    if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${answer.text}`);
    return { username, password, user: answer.body as { id: number; username: string; credits: number } };
  }
}
