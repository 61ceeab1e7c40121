import type { Side } from '@common/sides';
import type { StageState } from './stage-state';

/**
 * How a log line is coloured: by the side it is about, or what it says. The end is 'ko' (a win,
 * or any end to a watcher) or 'fall' (the viewer's fighter lost).
 */
export type LogTone = 'system' | 'player' | 'enemy' | 'ko' | 'fall' | 'error' | 'cooldown';

/** A line of a battle log as shown: the fight's own lines and a screen's notes around them. */
export interface LogEntry {
  id: string;
  text: string;
  tone: LogTone;
}

/**
 * The stage's log, coloured from the viewer's side (`left`): theirs cyan, the other magenta, and
 * the end as their win or their loss. A `watching` viewer (a spectator, a replay) sides with
 * nobody: every end reads as a knockout.
 */
export function stageLogLines(stage: StageState, left: Side, watching = false): LogEntry[] {
  return stage.log.map((line) => ({
    id: `fight-${line.id}`,
    text: line.text,
    tone: line.kind === 'end' ? (watching || line.actor === left ? 'ko' : 'fall') : line.kind === 'forfeit' || line.kind === 'timeout' ? 'system' : line.actor === left ? 'player' : 'enemy',
  }));
}

/** A note of the screen's own (an error, a cooldown, who was found). */
export function note(key: string, text: string, tone: LogTone): LogEntry {
  return { id: `note-${key}`, text, tone };
}
