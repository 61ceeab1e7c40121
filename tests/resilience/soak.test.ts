import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createScratchDatabase, type ScratchDatabase } from '../../bench/lib/db';
import { cookieOf, seedPlayers, type SeededPlayer } from '../../bench/lib/seed';
import { startGameServer, type Proc } from '../../bench/lib/server';
import { openMany } from '../../bench/lib/sockets';
import { percentile, REDIS_URL, skipReason } from './env';

/**
 * Load: 1,000 sockets chatting and 200 players fighting real-time PvP for 60 s against one
 * server process (PostgreSQL, Redis bus). No server error, every acknowledged chat message in
 * the history (and delivered to a listener), memory back near its baseline afterwards.
 */
const CHATTERS = 1000;
const FIGHTERS = 200;
const RUN_MS = Number(process.env.SOAK_SECONDS ?? 60) * 1000;
/** Chat messages per second over all chatters (each one's fan-out reaches every socket). */
const CHAT_PER_SECOND = 4;
/** Think time of the scripted fighters before each move (ms). */
const THINK_MS: [number, number] = [800, 1600];

interface ServerMsg {
  type: string;
  clientId?: string;
  message?: { id: number; text: string } | string;
  battle?: { battleId: number; yourTurn: boolean };
  yourTurn?: boolean;
  battleId?: number;
}

describe.skipIf(skipReason !== null)('1,000 chatting and 200 fighting for 60 s', () => {
  let db: ScratchDatabase;
  let server: Proc;
  let chatters: SeededPlayer[];
  let fighters: SeededPlayer[];

  beforeAll(async () => {
    db = await createScratchDatabase('soak');
    chatters = await seedPlayers(db, { count: CHATTERS, prefix: 'sc' });
    fighters = await seedPlayers(db, { count: FIGHTERS, prefix: 'sf' });
    server = await startGameServer({ DATABASE_URL: db.url, REDIS_URL, PVP_TURN_SECONDS: '5', LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('loses no acknowledged message, answers no server error and gives its memory back', async () => {
    // Baseline: after a warm-up round of sockets, once settled.
    const warm = await openMany(server.base, chatters.slice(0, 100).map((p) => cookieOf(p.token)));
    for (const ws of warm) ws.close();
    await new Promise((r) => setTimeout(r, 3000));
    const baseline = server.rss();

    const chatSockets = await openMany(server.base, chatters.map((p) => cookieOf(p.token)));
    const fightSockets = await openMany(server.base, fighters.map((p) => cookieOf(p.token)));
    const acked = new Map<string, number>();
    const refusals = new Map<string, number>();
    const seenByListener = new Set<number>();
    let serverErrors = 0;
    let closedEarly = 0;
    const note = (text: string) => {
      if (/something went wrong/i.test(text)) serverErrors++;
      refusals.set(text, (refusals.get(text) ?? 0) + 1);
    };

    chatSockets.forEach((ws: WebSocket, i) => {
      ws.on('close', () => closedEarly++);
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as ServerMsg;
        if (msg.type === 'chat_message' && typeof msg.message === 'object') {
          if (i === 0) seenByListener.add(msg.message.id);
          if (msg.clientId) acked.set(msg.clientId, msg.message.id);
        } else if (msg.type === 'error') note(String(msg.message));
      });
    });

    const stopAt = Date.now() + RUN_MS;
    let battlesEnded = 0;
    const moveTimes: number[] = [];
    const fightTypes = new Map<string, number>();
    fightSockets.forEach((ws: WebSocket, i) => {
      ws.on('close', () => closedEarly++);
      let battleId = 0;
      let sentAt = 0;
      const attack = () => {
        if (Date.now() > stopAt) return;
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: 'pvp_action', battleId, action: 'attack' }));
      };
      const join = () => {
        if (Date.now() < stopAt) ws.send(JSON.stringify({ type: 'pvp_join_queue', characterId: fighters[i]!.characterId }));
      };
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as ServerMsg;
        fightTypes.set(msg.type, (fightTypes.get(msg.type) ?? 0) + 1);
        if (msg.type === 'battle_started') {
          battleId = msg.battle!.battleId;
          if (msg.battle!.yourTurn) setTimeout(attack, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
        } else if (msg.type === 'battle_action' && sentAt) {
          moveTimes.push(performance.now() - sentAt);
          sentAt = 0;
        } else if (msg.type === 'turn_changed' && msg.yourTurn) {
          setTimeout(attack, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
        } else if (msg.type === 'battle_ended') {
          battlesEnded++;
          // The PvP cooldown (60 s) would keep them out after one battle: lift it for this
          // character, so the 200 keep fighting for the whole run.
          void db
            .query('update characters set last_pvp_battle_at = null where id = $1', [fighters[i]!.characterId])
            .then(() => setTimeout(join, 500 + Math.random() * 1000));
        } else if (msg.type === 'error') {
          note(String(msg.message));
          // A lost race (e.g. a move after the turn passed): ask again; joining while in a
          // battle answers with the battle's state.
          setTimeout(join, 1500);
        }
      });
      setTimeout(join, Math.random() * 2000);
    });

    let sent = 0;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 1000);
    while (Date.now() < stopAt) {
      const ws = chatSockets[sent % CHATTERS]!;
      ws.send(JSON.stringify({ type: 'chat_message', text: `soak ${sent}`, clientId: `c${sent}` }));
      sent++;
      await new Promise((r) => setTimeout(r, 1000 / CHAT_PER_SECOND));
    }
        // Answers still on their way: wait until the acknowledgements stop coming (at most 30 s).
    for (let last = -1, i = 0; i < 30 && acked.size !== last; i++) {
      last = acked.size;
      await new Promise((r) => setTimeout(r, 1000));
    }
    clearInterval(sampler);

    const closedDuringRun = closedEarly;
    for (const ws of [...chatSockets, ...fightSockets]) ws.terminate();

    const ids = [...acked.values()];
    console.warn(
      `soak: ${sent} chat messages sent, ${ids.length} acknowledged, ${battlesEnded / 2} battles ended, ` +
        `move p95 ${percentile(moveTimes, 95).toFixed(1)} ms over ${moveTimes.length} moves; RSS baseline ${(baseline / 2 ** 20).toFixed(0)} MiB, ` +
        `peak ${(peak / 2 ** 20).toFixed(0)} MiB; refusals ${JSON.stringify(Object.fromEntries(refusals))}; ` +
        `PvP messages ${JSON.stringify(Object.fromEntries(fightTypes))}`,
    );

    expect(serverErrors).toBe(0);
    expect(closedDuringRun).toBe(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    // One instance owns every battle it opens: none is lost to a lease renewal racing a new room.
    expect(server.output()).not.toMatch(/taken over by another instance/);
    expect([...refusals.keys()].filter((text) => /moving to another server/.test(text))).toEqual([]);
    // Nearly every message is acknowledged (the chat rate limit may refuse a few), and every
    // acknowledged one is stored and reached the listening socket.
    expect(ids.length).toBeGreaterThan(sent * 0.95);
    const { rows } = await db.query<{ id: string }>('select id from chat_messages where id = any($1::bigint[])', [ids]);
    expect(rows.length).toBe(ids.length);
    expect(ids.filter((id) => !seenByListener.has(id))).toEqual([]);
    // The fighters kept fighting: battles ran to their end during the run.
    expect(battlesEnded / 2).toBeGreaterThanOrEqual(FIGHTERS / 4);

    // Memory comes back near its baseline once the sockets are gone.
    let after = server.rss();
    const limit = Math.max(baseline * 1.5, baseline + 64 * 2 ** 20);
    for (let i = 0; i < 30 && after > limit; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      after = server.rss();
    }
    console.warn(`soak: RSS after ${(after / 2 ** 20).toFixed(0)} MiB (limit ${(limit / 2 ** 20).toFixed(0)} MiB)`);
    expect(after).toBeLessThanOrEqual(limit);
  }, 240_000);
});
