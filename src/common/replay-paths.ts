/** Where replays are watched, and how many battles a history keeps: plain data for links everywhere. */

export const BATTLE_HISTORY_SIZE = 20;

/** The path a replay is watched at, shared by links everywhere. */
export const replayPath = (id: number) => `/replay/${id}`;
