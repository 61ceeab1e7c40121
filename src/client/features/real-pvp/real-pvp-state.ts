import type { CharacterView } from '@common/game-api';
import type { PvpRewardsView, RealtimeBattleView } from '@common/pvp';

/**
 * The real-time variant of PvP (SPEC §3, §4): socket messages in order queue_joined →
 * battle_found (waiting) → battle_started (active) → battle_action / turn_changed →
 * battle_ended (completed). `realPvpReducer` folds them into the view; payloads are checked
 * field by field, since the server may add or leave out fields.
 */

export type RealPhase = 'idle' | 'joining' | 'searching' | 'waiting' | 'active' | 'completed';

export interface RealLogLine {
  id: number;
  text: string;
  tone: 'system' | 'action' | 'end';
}

export interface RealPvpState {
  phase: RealPhase;
  position: number | null;
  estimatedWait: number | null;
  battle: RealtimeBattleView | null;
  /** Which slot of `battle_action` HP is the player's, once known. */
  mySlot: 'player1' | 'player2' | null;
  yourTurn: boolean;
  /** When the current turn ends (epoch ms). */
  turnEndsAt: number | null;
  /** Counts turn changes, so the timer and the auto-forfeit are per turn. */
  turnSeq: number;
  winner: number | null;
  rewards: PvpRewardsView | null;
  /** The newest blow, for the stage's lunge, hit and damage number; `seq` counts blows. */
  lastHit: RealHit | null;
  log: RealLogLine[];
  nextLogId: number;
}

export interface RealHit {
  seq: number;
  defender: 'player' | 'enemy';
  damage: number;
  critical: boolean;
}

export const initialRealState: RealPvpState = {
  phase: 'idle',
  position: null,
  estimatedWait: null,
  battle: null,
  mySlot: null,
  yourTurn: false,
  turnEndsAt: null,
  turnSeq: 0,
  winner: null,
  rewards: null,
  lastHit: null,
  log: [],
  nextLogId: 1,
};

export type RealPvpAction =
  | { type: 'join_sent' }
  | { type: 'leave_sent' }
  /** An `error` answer: a join still waiting for `queue_joined` failed. */
  | { type: 'error' }
  | { type: 'reset' }
  | { type: 'message'; message: unknown; now: number; myUserId: number; turnMs: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function addLine(state: RealPvpState, text: string, tone: RealLogLine['tone']): RealPvpState {
  const log = [...state.log, { id: state.nextLogId, text, tone }].slice(-100);
  return { ...state, log, nextLogId: state.nextLogId + 1 };
}

/** A battle view from a payload, merged over the one already shown. */
export function asRealtimeBattle(value: unknown, prev: RealtimeBattleView | null): RealtimeBattleView | null {
  if (!isRecord(value)) return prev;
  const battleId = num(value.battleId) ?? num(value.id) ?? prev?.battleId ?? null;
  if (battleId === null) return prev;
  const yours = isRecord(value.yourCharacter) ? value.yourCharacter : null;
  const opp = isRecord(value.opponent) ? value.opponent : null;
  const prevYours = prev?.yourCharacter ?? null;
  const yourCharacter =
    yours && isRecord(yours.character)
      ? {
          character: yours.character as unknown as CharacterView,
          hp: num(yours.hp) ?? prevYours?.hp ?? 0,
          maxHP: num(yours.maxHP) ?? num(yours.maxHp) ?? prevYours?.maxHP ?? 1,
          wins: num(yours.wins) ?? 0,
          losses: num(yours.losses) ?? 0,
        }
      : prevYours;
  if (!yourCharacter) return prev;
  const opponent =
    opp && isRecord(opp.character)
      ? {
          username: typeof opp.username === 'string' ? opp.username : 'Opponent',
          character: opp.character as unknown as CharacterView,
          hp: num(opp.hp) ?? 0,
          maxHP: num(opp.maxHP) ?? num(opp.maxHp) ?? 1,
        }
      : (prev?.opponent ?? null);
  const status = value.status === 'waiting' || value.status === 'active' || value.status === 'completed' ? value.status : (prev?.status ?? 'waiting');
  return {
    ...(value as object),
    battleId,
    status,
    opponent,
    yourCharacter,
    yourTurn: typeof value.yourTurn === 'boolean' ? value.yourTurn : (prev?.yourTurn ?? false),
    turnDeadline: typeof value.turnDeadline === 'string' ? value.turnDeadline : (prev?.turnDeadline ?? null),
    winner: num(value.winner) ?? prev?.winner ?? null,
  } as RealtimeBattleView;
}

/** The player's slot, as the battle view names it. */
function slotFrom(value: unknown): 'player1' | 'player2' | null {
  if (!isRecord(value)) return null;
  return value.yourSlot === 'player1' || value.yourSlot === 'player2' ? value.yourSlot : null;
}

function deadlineOf(value: unknown, now: number, turnMs: number): number {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : now + turnMs;
}

function sameBattle(state: RealPvpState, msg: Record<string, unknown>): boolean {
  const id = num(msg.battleId);
  return id === null || !state.battle || state.battle.battleId === id;
}

function applyAction(state: RealPvpState, msg: Record<string, unknown>): RealPvpState {
  const battle = state.battle;
  if (!battle || !sameBattle(state, msg)) return state;
  const p1 = num(msg.player1HP);
  const p2 = num(msg.player2HP);
  const mySlot = state.mySlot ?? slotFrom(battle);
  const myHp = battle.yourCharacter.hp;
  const mine = mySlot === 'player2' ? p2 : p1;
  const theirs = mySlot === 'player2' ? p1 : p2;
  const myAfter = mySlot && mine !== null ? Math.max(0, mine) : myHp;
  const oppHp = battle.opponent?.hp ?? 0;
  const oppAfter = mySlot && theirs !== null ? Math.max(0, theirs) : oppHp;
  const text = typeof msg.message === 'string' && msg.message ? msg.message : 'A blow lands!';
  // Whoever lost HP took the blow; a miss lands on whoever did not have the turn.
  const defender = oppAfter < oppHp ? 'enemy' : myAfter < myHp ? 'player' : state.yourTurn ? 'enemy' : 'player';
  const next: RealPvpState = {
    ...state,
    mySlot,
    phase: state.phase === 'waiting' ? 'active' : state.phase,
    battle: {
      ...battle,
      yourCharacter: { ...battle.yourCharacter, hp: myAfter },
      opponent: battle.opponent ? { ...battle.opponent, hp: oppAfter } : null,
    },
    lastHit: {
      seq: (state.lastHit?.seq ?? -1) + 1,
      defender,
      damage: defender === 'enemy' ? oppHp - oppAfter : myHp - myAfter,
      critical: /critical/i.test(text),
    },
  };
  const turn = num(msg.turn);
  return addLine(next, turn !== null ? `Turn ${turn}: ${text}` : text, 'action');
}

export function realPvpReducer(state: RealPvpState, action: RealPvpAction): RealPvpState {
  switch (action.type) {
    case 'join_sent':
      return state.phase === 'idle' || state.phase === 'completed'
        ? { ...initialRealState, phase: 'joining', nextLogId: state.nextLogId }
        : state;
    case 'leave_sent':
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', position: null } : state;
    case 'error':
      return state.phase === 'joining' ? { ...state, phase: 'idle' } : state;
    case 'reset':
      return { ...initialRealState, nextLogId: state.nextLogId };
    case 'message':
      break;
  }
  const { message, now, myUserId, turnMs } = action;
  if (!isRecord(message) || typeof message.type !== 'string') return state;
  const msg = message;
  switch (msg.type) {
    case 'queue_joined':
      if (state.phase !== 'idle' && state.phase !== 'joining' && state.phase !== 'searching' && state.phase !== 'completed') return state;
      return { ...state, phase: 'searching', position: num(msg.position), estimatedWait: num(msg.estimatedWait) };
    case 'queue_left':
      return state.phase === 'searching' || state.phase === 'joining' ? { ...state, phase: 'idle', position: null } : state;
    case 'battle_found':
    case 'battle_started': {
      const battle = asRealtimeBattle(msg.battle ?? msg, state.battle);
      if (!battle) return state;
      const started = msg.type === 'battle_started' || battle.status === 'active';
      const fresh = !state.battle || state.battle.battleId !== battle.battleId;
      // A repeat of the running battle (a state answer after a reconnect) only refreshes it.
      if (!fresh && state.phase === 'completed') return state;
      if (!fresh && started && state.phase === 'active') {
        const turnEndsAt = battle.turnDeadline ? deadlineOf(battle.turnDeadline, now, turnMs) : state.turnEndsAt;
        const changed = turnEndsAt !== state.turnEndsAt || battle.yourTurn !== state.yourTurn;
        return {
          ...state,
          battle: { ...battle, status: 'active' },
          yourTurn: battle.yourTurn,
          turnEndsAt,
          turnSeq: changed ? state.turnSeq + 1 : state.turnSeq,
        };
      }
      if (!fresh && !started && state.phase === 'waiting') return { ...state, battle: { ...battle, status: 'waiting' } };
      let next: RealPvpState = {
        ...state,
        phase: started ? 'active' : 'waiting',
        battle: { ...battle, status: started ? 'active' : 'waiting' },
        mySlot: fresh ? slotFrom(battle) : (state.mySlot ?? slotFrom(battle)),
        yourTurn: battle.yourTurn,
        winner: null,
        rewards: null,
        lastHit: fresh ? null : state.lastHit,
        position: null,
      };
      if (started) {
        next = { ...next, turnEndsAt: deadlineOf(battle.turnDeadline, now, turnMs), turnSeq: state.turnSeq + 1 };
        return addLine(next, 'FIGHT! The duel has begun.', 'system');
      }
      return addLine(next, `Opponent found: ${battle.opponent?.username ?? 'a challenger'}`, 'system');
    }
    case 'battle_action':
      return applyAction(state, msg);
    case 'turn_changed': {
      if (!state.battle || !sameBattle(state, msg)) return state;
      const yourTurn = msg.yourTurn === true;
      return {
        ...state,
        phase: state.phase === 'waiting' ? 'active' : state.phase,
        yourTurn,
        turnEndsAt: deadlineOf(msg.turnDeadline, now, turnMs),
        turnSeq: state.turnSeq + 1,
        battle: { ...state.battle, yourTurn, status: 'active' },
      };
    }
    case 'battle_ended': {
      if (!sameBattle(state, msg) || !state.battle) return state;
      const winner = num(msg.winner);
      const rewards = isRecord(msg.rewards)
        ? { experience: num(msg.rewards.experience) ?? 0, credits: num(msg.rewards.credits) ?? 0 }
        : null;
      // The closing payload may carry the full battle: its final HP and the player's side.
      let finalBattle = state.battle;
      let mySlot = state.mySlot;
      const full = isRecord(msg.battle) ? msg.battle : null;
      if (full && isRecord(full.player1) && isRecord(full.player2)) {
        const p1 = full.player1;
        const p2 = full.player2;
        if (num(p1.id) === myUserId || num(p2.id) === myUserId) {
          mySlot = num(p1.id) === myUserId ? 'player1' : 'player2';
          const [mine, theirs] = mySlot === 'player1' ? [p1, p2] : [p2, p1];
          finalBattle = {
            ...finalBattle,
            yourCharacter: { ...finalBattle.yourCharacter, hp: Math.max(0, num(mine.hp) ?? finalBattle.yourCharacter.hp) },
            opponent: finalBattle.opponent
              ? { ...finalBattle.opponent, hp: Math.max(0, num(theirs.hp) ?? finalBattle.opponent.hp) }
              : null,
          };
        }
      }
      const next: RealPvpState = {
        ...state,
        mySlot,
        phase: 'completed',
        yourTurn: false,
        turnEndsAt: null,
        winner,
        rewards,
        battle: { ...finalBattle, status: 'completed', winner, yourTurn: false },
      };
      return addLine(next, winner === myUserId ? 'Victory! The duel is yours.' : 'Defeat... the duel is lost.', 'end');
    }
    default:
      return state;
  }
}

/** Whole seconds left of the current turn. */
export function turnSecondsLeft(turnEndsAt: number | null, now: number): number {
  if (turnEndsAt === null) return 0;
  return Math.max(0, Math.ceil((turnEndsAt - now) / 1000));
}

/** The best character: highest level, then most wins, skipping ones listed for sale. */
export function bestCharacter(characters: readonly CharacterView[]): CharacterView | null {
  let best: CharacterView | null = null;
  for (const c of characters) {
    if (c.listing !== null) continue;
    if (!best || c.level > best.level || (c.level === best.level && c.wins > best.wins)) best = c;
  }
  return best;
}
