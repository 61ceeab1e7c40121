import type { z } from 'zod';
// The peer's packages live in bench/peers/node_modules, installed by `npm run bench -- peers`
// only. What the duel room uses of them is typed here and checked against the packages' own
// types when they are installed; a checkout without them (npm test) still typechecks.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as core from '@colyseus/core';
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as transport from '@colyseus/ws-transport';

/** A player's connection to a room. */
export interface PeerClient {
  readonly sessionId: string;
  send(type: string, message: unknown): void;
}

/** A scheduled call of the room's clock. */
export interface ClockTimer {
  clear(): void;
}

/** The parts of Colyseus's `Room` the duel room uses. */
export interface PeerRoom {
  maxClients: number;
  patchRate: number | null;
  readonly roomId: string;
  readonly clock: { setTimeout(handler: () => void, ms: number): ClockTimer };
  onCreate?(options: unknown): void;
  onJoin?(client: PeerClient): void;
  onDispose?(): void;
  onMessage<T>(type: string, schema: z.ZodType<T>, callback: (client: PeerClient, message: T) => void): unknown;
  broadcast(type: string, message: unknown): void;
  disconnect(): Promise<unknown>;
}

interface Core {
  Room: abstract new () => PeerRoom;
  defineRoom(room: new () => PeerRoom): ReturnType<typeof core.defineRoom>;
}

/** Colyseus's own types when the packages are installed. */
const api: Core = core;
export const { Room, defineRoom } = api;
export const defineServer: typeof core.defineServer = core.defineServer;
export const WebSocketTransport: typeof transport.WebSocketTransport = transport.WebSocketTransport;
