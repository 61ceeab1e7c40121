import type { Side } from '@common/sides';
import type { StageState } from './stage-state';

/** How a log line is coloured: by the side it is about, or what it says. */
export type LogTone = 'system' | 'player' | 'enemy' | 'ko' | 'error' | 'cooldown';

/** A line of a battle log as shown: the fight's own lines and a screen's notes around them. */
export interface LogEntry {
  id: string;
  text: string;
  tone: LogTone;
}

/** The stage's log, coloured from the viewer's side (`left`): theirs cyan, the other magenta. */
export function stageLogLines(stage: StageState, left: Side): LogEntry[] {
  return stage.log.map((line) => ({
    id: `fight-${line.id}`,
    text: line.text,
    tone: line.kind === 'end' ? 'ko' : line.kind === 'forfeit' || line.kind === 'timeout' ? 'system' : line.actor === left ? 'player' : 'enemy',
  }));
}

/** A note of the screen's own (an error, a cooldown, who was found). */
export function note(key: string, text: string, tone: LogTone): LogEntry {
  return { id: `note-${key}`, text, tone };
}
