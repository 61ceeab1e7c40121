import type { BattleEvent, EndReason, EventFighter, LogLine } from './battle-events';
import type { ClassId } from './characters';

/** Replays by link (GET /api/replays/{id}) and a character's battle history. */

export type BattleKind = 'pve' | 'pvp' | 'guild';

/** A side of a stored battle: the fighter as it fought, and who played it with which look. */
export interface ReplayFighter extends EventFighter {
  characterId: number | null;
  username: string | null;
  characterAvatar: string | null;
  imageSet: string | null;
  /** A PvE enemy's sprite file. */
  sprite: string | null;
}

/** `GET /api/replays/{id}`: rebuilt by the engine from the stored seed, fighters and actions. */
export interface ReplayView {
  id: number;
  kind: BattleKind;
  createdAt: string;
  fighters: [ReplayFighter, ReplayFighter];
  events: BattleEvent[];
  /** The text log, as the battle answered it. */
  log: LogLine[];
  winner: 0 | 1;
  reason: EndReason;
}

/** `GET /api/characters/{id}/battles` items: the character's last 20 battles, newest first. */
export interface BattleHistoryEntry {
  replayId: number;
  kind: BattleKind;
  opponent: { name: string; class: ClassId; level: number; username: string | null };
  result: 'victory' | 'defeat';
  reason: EndReason;
  date: string;
}

export const BATTLE_HISTORY_SIZE = 20;

/** The path a replay is watched at, shared by links everywhere. */
export const replayPath = (id: number) => `/replay/${id}`;
