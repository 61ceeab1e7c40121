import { bench, describe } from 'vitest';
import { serverMessage } from '@common/ws-messages';
import { parseServerMessage } from './server-message';

/**
 * What checking a message costs the client (`npx vitest bench --project unit --run src/client/lib/ws-client.bench.ts`):
 * a battle_action as the server sends the first line of a move (its turn and hit events), read
 * unchecked, checked as the client does, and checked without zod's compiled object parsers (a
 * page whose content security policy forbids eval, as ours does, runs that way).
 */
const frame = JSON.stringify({
  type: 'battle_action',
  battleId: 4812,
  turn: 7,
  player1HP: 31,
  player2HP: 18,
  message: 'Neon Blade slashes Iron Wall for 12 damage!',
  events: [
    { type: 'turn', turn: 7, round: 4, actor: 0 },
    { type: 'skill', actor: 0, name: 'Shadow Strike', kind: 'active' },
    { type: 'hit', actor: 0, target: 1, damage: 12, critical: true, hpAfter: 18, ability: { name: 'Shadow Strike', kind: 'active' }, flavor: 2 },
  ],
});
const parsed: unknown = JSON.parse(frame);
if (!serverMessage.safeParse(parsed).success) throw new Error('the benchmark frame is outside the contract');

describe('battle_action', () => {
  bench('JSON.parse only (no check)', () => {
    JSON.parse(frame);
  });
  bench('parseServerMessage (JSON.parse + schema check)', () => {
    parseServerMessage(frame);
  });
  bench('schema check alone', () => {
    serverMessage.safeParse(parsed);
  });
  bench('schema check alone, without compiled parsers (CSP without eval)', () => {
    serverMessage.safeParse(parsed, { jitless: true });
  });
});
