import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE } from '@common/socket';
import type { ServerMessage } from '@common/ws-messages';
import {
  RECONNECT_JITTER_MS,
  RECONNECT_MAX_MS,
  SOCKET_RECONNECT_MS,
  createGameSocket,
  reconnectDelay,
  defaultSocketUrl,
  type SocketStatus,
  type WebSocketLike,
} from './ws-client';
import { loadMessageCheck } from './message-check';
import { parseServerMessage } from './server-message';

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  // Server side of the fake.
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  serverSend(data: unknown): void {
    this.onmessage?.({ data });
  }

  serverClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  fail(): void {
    this.onerror?.({});
    this.serverClose();
  }

  get messages(): unknown[] {
    return this.sent.map((s) => JSON.parse(s) as unknown);
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function setup(auth = { userId: 7, username: 'neo' }) {
  const received: ServerMessage[] = [];
  const statuses: SocketStatus[] = [];
  const sessionEnded: number[] = [];
  const socket = createGameSocket({
    url: 'ws://game.test/ws',
    auth,
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    onSessionEnded: (code) => sessionEnded.push(code),
    createSocket: (url) => new FakeSocket(url),
  });
  return { socket, received, statuses, sessionEnded };
}

// The check of messages loads with the first socket; these tests start once it is there.
beforeAll(async () => {
  await loadMessageCheck();
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  // The retries' jitter at its smallest: the first retry exactly 3 s after a close.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reconnectDelay', () => {
  it("keeps SPEC's 3 s first, with up to 3 s of jitter", () => {
    expect(RECONNECT_JITTER_MS).toBe(3000);
    expect(reconnectDelay(0, () => 0)).toBe(SOCKET_RECONNECT_MS);
    expect(reconnectDelay(0, () => 0.9999)).toBe(SOCKET_RECONNECT_MS + RECONNECT_JITTER_MS - 1);
  });

  it('backs off after the first retry: between half and all of 3 s × 2^n, never above 30 s', () => {
    const bounds = [1, 2, 3, 4, 5, 12].map((n) => [reconnectDelay(n, () => 0), reconnectDelay(n, () => 1)]);
    expect(bounds).toEqual([
      [3000, 6000],
      [6000, 12_000],
      [12_000, 24_000],
      [15_000, RECONNECT_MAX_MS],
      [15_000, RECONNECT_MAX_MS],
      [15_000, RECONNECT_MAX_MS],
    ]);
  });

  it('spreads 5,000 first retries over 3 s: no second holds more than two fifths of them, no 100 ms more than a twentieth', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const windows = new Map<number, number>();
    for (let i = 0; i < 5000; i++) {
      const at = Math.floor(reconnectDelay(0, random) / 100);
      windows.set(at, (windows.get(at) ?? 0) + 1);
    }
    expect([...windows.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 30 + i));
    expect(Math.max(...windows.values())).toBeLessThan(5000 / 20);
    const seconds = [0, 1, 2].map((s) => [...windows].filter(([at]) => Math.floor(at / 10) === 3 + s).reduce((n, [, c]) => n + c, 0));
    expect(Math.max(...seconds)).toBeLessThan((5000 * 2) / 5);
  });
});

describe('defaultSocketUrl', () => {
  it('uses ws on http and wss on https, on the page host', () => {
    expect(defaultSocketUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe('ws://localhost:5000/ws');
    expect(defaultSocketUrl({ protocol: 'https:', host: 'arena.example' })).toBe('wss://arena.example/ws');
  });
});

describe('parseServerMessage', () => {
  it('accepts JSON objects with a type', () => {
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
  });

  it('ignores anything else', () => {
    for (const data of ['not json', '[1,2]', 'null', '42', '{"kind":"x"}', '{"type":3}', new ArrayBuffer(2), undefined]) {
      expect(parseServerMessage(data)).toBeNull();
    }
  });

  it('checks every message against its schema, in the production build too: one outside it is dropped and warned about', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const data = JSON.stringify({ type: 'queue_joined', position: 'first', estimatedWait: 5 });
      expect(parseServerMessage(data)).toBeNull();
      expect(warned).toHaveBeenCalledWith(expect.stringContaining('queue_joined dropped: outside its contract at position'));
      expect(parseServerMessage('{"type":"no_such_message"}')).toBeNull();
      expect(warned).toHaveBeenLastCalledWith(expect.stringContaining('Socket message no_such_message dropped: outside its contract at type'));
    } finally {
      warned.mockRestore();
    }
  });
});

describe('battle_action on the socket', () => {
  const action = {
    type: 'battle_action',
    battleId: 9,
    turn: 1,
    player1HP: 50,
    player2HP: 28,
    message: 'Ally slashes Bobby for 12 damage!',
    events: [
      { type: 'turn', turn: 1, round: 1, actor: 0 },
      { type: 'hit', actor: 0, target: 1, damage: 12, critical: false, hpAfter: 28, ability: null, flavor: 0 },
    ],
  };

  it('a valid one is passed on as sent', () => {
    const { received } = setup();
    last().serverOpen();
    last().serverSend(JSON.stringify(action));
    expect(received).toEqual([action]);
  });

  it('a malformed one is dropped, never passed on, and warned about with its type and the first problem', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { received } = setup();
      last().serverOpen();
      // HP as text, a hit without its damage, no battle id: each outside the contract.
      last().serverSend(JSON.stringify({ ...action, player2HP: '28' }));
      last().serverSend(JSON.stringify({ ...action, events: [action.events[0], { ...action.events[1], damage: undefined }] }));
      const { battleId: _battleId, ...anonymous } = action;
      last().serverSend(JSON.stringify(anonymous));
      expect(received).toEqual([]);
      expect(warned.mock.calls.map(([line]) => line)).toEqual([
        'Socket message battle_action dropped: outside its contract at player2HP: Invalid input: expected number, received string',
        'Socket message battle_action dropped: outside its contract at events.1.damage: Invalid input: expected number, received undefined',
        'Socket message battle_action dropped: outside its contract at battleId: Invalid input: expected number, received undefined',
      ]);
      // The next valid one still goes through.
      last().serverSend(JSON.stringify(action));
      expect(received).toEqual([action]);
    } finally {
      warned.mockRestore();
    }
  });
});

describe('createGameSocket before the message check has loaded', () => {
  it('holds the first frames, then passes them on in order, checked, once the check is there', async () => {
    // A fresh copy of the modules: the check of messages is not loaded yet.
    vi.resetModules();
    const fresh = await import('./ws-client');
    const check = await import('./message-check');
    expect(check.loadedMessageCheck()).toBeUndefined();
    const received: ServerMessage[] = [];
    fresh.createGameSocket({ url: 'ws://game.test/ws', onMessage: (m) => received.push(m), createSocket: (url) => new FakeSocket(url) });
    last().serverOpen();
    last().serverSend('{"type":"auth_success","userId":7,"username":"neo"}');
    last().serverSend(JSON.stringify({ type: 'error' }));
    last().serverSend(JSON.stringify({ type: 'error', message: 'second' }));
    expect(received).toEqual([]);
    await check.loadMessageCheck();
    await Promise.resolve();
    expect(received).toEqual([
      { type: 'auth_success', userId: 7, username: 'neo' },
      { type: 'error', message: 'second' },
    ]);
    // Once loaded, a frame is passed on as it comes.
    last().serverSend('{"type":"pong"}');
    expect(received.at(-1)).toEqual({ type: 'pong' });
  });
});

describe('createGameSocket', () => {
  it('connects, sends auth first, then reports online', () => {
    const { socket, statuses } = setup();
    expect(last().url).toBe('ws://game.test/ws');
    expect(socket.status).toBe('connecting');
    last().serverOpen();
    expect(last().messages[0]).toEqual({ type: 'auth', userId: 7, username: 'neo' });
    expect(statuses).toEqual(['online']);
    expect(socket.status).toBe('online');
  });

  it('passes parsed messages on and skips malformed frames', () => {
    const { received } = setup();
    last().serverOpen();
    last().serverSend('{"type":"auth_success","userId":7,"username":"neo"}');
    last().serverSend('garbage{');
    last().serverSend(JSON.stringify({ noType: true }));
    last().serverSend(JSON.stringify({ type: 'error', message: 'nope' }));
    expect(received).toEqual([
      { type: 'auth_success', userId: 7, username: 'neo' },
      { type: 'error', message: 'nope' },
    ]);
  });

  it('send answers false unless the socket is open', () => {
    const { socket } = setup();
    expect(socket.send({ type: 'ping' })).toBe(false);
    last().serverOpen();
    expect(socket.send({ type: 'chat_message', text: 'hi', clientId: 'c1' })).toBe(true);
    expect(last().messages[1]).toEqual({ type: 'chat_message', text: 'hi', clientId: 'c1' });
    last().serverClose();
    expect(socket.send({ type: 'ping' })).toBe(false);
  });

  it('reconnects 3 seconds after a close, and again after a failed attempt', () => {
    const { socket, statuses } = setup();
    last().serverOpen();
    last().serverClose();
    expect(socket.status).toBe('disconnected');
    expect(FakeSocket.all).toHaveLength(1);

    vi.advanceTimersByTime(SOCKET_RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.status).toBe('connecting');

    last().fail();
    expect(socket.status).toBe('disconnected');
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(3);
    last().serverOpen();
    expect(last().messages[0]).toMatchObject({ type: 'auth' });
    expect(statuses).toEqual(['online', 'disconnected', 'connecting', 'disconnected', 'connecting', 'online']);
  });

  it('waits longer after each failed retry, up to 30 s, and starts again from 3 s once a socket opens', () => {
    const { socket } = setup();
    last().serverOpen();
    last().serverClose(1006);
    // With the jitter at its smallest: 3, 3, 6, 12, 15, 15 s (ceilings 3 + 1, 6, 12, 24, 30, 30).
    const waits: number[] = [];
    for (let retry = 0; retry < 6; retry++) {
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
      last().fail();
    }
    expect(waits).toEqual([3000, 3000, 6000, 12_000, 15_000, 15_000]);
    vi.advanceTimersByTime(15_000);
    last().serverOpen();
    expect(socket.status).toBe('online');
    last().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(socket.status).toBe('connecting');
  });

  it('tells how many tries in a row never opened, before each retry, and counts again from an open socket', () => {
    const refused: number[] = [];
    const socket = createGameSocket({
      url: 'ws://game.test/ws',
      onMessage: () => undefined,
      onRefused: (failures) => refused.push(failures),
      createSocket: (url) => new FakeSocket(url),
    });
    last().serverOpen();
    // An open socket that drops is no refusal.
    last().serverClose(1006);
    expect(refused).toEqual([]);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    last().fail();
    expect(refused).toEqual([1]);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    last().fail();
    expect(refused).toEqual([1, 2]);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    last().serverOpen();
    last().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    last().fail();
    expect(refused).toEqual([1, 2, 1]);
    socket.close();
    // Closed by its owner from the callback: no retry.
    const onlyOnce = createGameSocket({
      url: 'ws://game.test/ws',
      onMessage: () => undefined,
      onRefused: () => onlyOnce.close(),
      createSocket: (url) => new FakeSocket(url),
    });
    const before = FakeSocket.all.length;
    last().fail();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeSocket.all).toHaveLength(before);
  });

  it('keeps trying when opening the socket throws', () => {
    let calls = 0;
    const statuses: SocketStatus[] = [];
    const socket = createGameSocket({
      url: 'ws://x/ws',
      onMessage: () => {},
      onStatus: (s) => statuses.push(s),
      createSocket: (url) => {
        calls += 1;
        if (calls === 1) throw new Error('SecurityError');
        return new FakeSocket(url);
      },
    });
    expect(socket.status).toBe('disconnected');
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(calls).toBe(2);
    last().serverOpen();
    expect(socket.status).toBe('online');
    expect(last().messages[0]).toEqual({ type: 'auth' });
    socket.close();
  });

  it('stops for good when closed: no reconnect, no callbacks', () => {
    const { socket, received, statuses } = setup();
    const first = last();
    first.serverOpen();
    socket.close();
    expect(first.closedByClient).toBe(true);
    first.serverSend('{"type":"pong"}');
    first.serverClose();
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 5);
    expect(FakeSocket.all).toHaveLength(1);
    expect(received).toEqual([]);
    expect(statuses).toEqual(['online']);
    expect(socket.send({ type: 'ping' })).toBe(false);
  });

  it('cancels a pending reconnect when closed while disconnected', () => {
    const { socket } = setup();
    last().serverClose();
    socket.close();
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("closed as 'Opened in another tab' (4002): says so, does not retry, and reconnects when asked", () => {
    const { socket, statuses, sessionEnded } = setup();
    last().serverOpen();
    last().serverClose(SOCKET_CLOSE.replaced, 'Opened in another tab');
    expect(socket.status).toBe('replaced');
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 10);
    expect(FakeSocket.all).toHaveLength(1);
    expect(sessionEnded).toEqual([]);

    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.status).toBe('connecting');
    last().serverOpen();
    expect(last().messages[0]).toMatchObject({ type: 'auth' });
    expect(statuses).toEqual(['online', 'replaced', 'connecting', 'online']);

    // Open already: nothing more opens.
    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
    // An ordinary drop after that goes back to retrying every 3 s.
    last().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it.each([
    ['Logged out', SOCKET_CLOSE.loggedOut],
    ['Session ended', SOCKET_CLOSE.sessionEnded],
  ])("closed as '%s' (%i): the session is gone, so no retry and the owner is told", (_reason, code) => {
    const { socket, sessionEnded } = setup();
    last().serverOpen();
    last().serverClose(code);
    expect(socket.status).toBe('disconnected');
    expect(sessionEnded).toEqual([code]);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 10);
    expect(FakeSocket.all).toHaveLength(1);
    // The owner may still reopen it (its session turned out to hold).
    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnect skips the wait of a pending retry, and does nothing once closed', () => {
    const { socket } = setup();
    last().serverClose(1006);
    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
    // The cancelled timer opens nothing more.
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
    socket.reconnect();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
