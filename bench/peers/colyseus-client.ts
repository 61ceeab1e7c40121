// The peer's client SDK for bench/load/pvp-peer.ts, resolved from bench/peers/node_modules
// (installed by `npm run bench -- peers` only: a checkout without it still typechecks, untyped).
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
export { Client, type Room } from '@colyseus/sdk';
