import { useEffect, useId, useRef } from 'react';
import { ScrollText } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui';
import type { LogEntry, LogTone } from './log-lines';

const TONES: Record<LogTone, string> = {
  system: 'border-l-gold text-gold',
  player: 'border-l-neon-cyan text-ink',
  enemy: 'border-l-neon-magenta text-ink',
  ko: 'border-l-neon-lime text-neon-lime',
  fall: 'border-l-danger text-[#ff8a95]',
  error: 'border-l-danger text-[#ff8a95]',
  cooldown: 'border-l-gold text-gold',
};

export interface BattleLogProps {
  lines: readonly LogEntry[];
  reducedMotion: boolean;
  title?: string;
  /** What the empty log says. */
  emptyText: string;
  /** Test ids of the list and of each line (each page keeps its own). */
  testId?: string;
  lineTestId?: string;
  className?: string;
}

/** The fight as text, newest line at the bottom and kept in view; read out politely. */
export function BattleLog({ lines, reducedMotion, title = 'Battle Log', emptyText, testId = 'battle-log', lineTestId = 'battle-log-line', className }: BattleLogProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [lines.length, reducedMotion]);

  return (
    <Card className={cn('flex min-h-0 flex-col', className)}>
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <ScrollText aria-hidden className="size-4 text-neon-cyan" />
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col">
        {/* The log is the scrolling box; its entries are a list inside it (a role on the list itself would hide its items). */}
        <div
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-labelledby={titleId}
          tabIndex={0}
          data-testid={testId}
          className="flex h-64 flex-col overflow-y-auto border-2 border-edge bg-void/70 p-2 lg:h-auto lg:min-h-0 lg:flex-1"
        >
          <ol className="m-0 flex flex-1 list-none flex-col gap-1.5 p-0">
          {lines.length === 0 ? (
            <li className="m-auto px-4 text-center text-base text-ink-dim" data-testid={`${testId}-empty`}>
              {emptyText}
            </li>
          ) : (
            lines.map((line) => (
              <li
                key={line.id}
                data-testid={lineTestId}
                data-tone={line.tone}
                className={cn('border-l-4 bg-panel/70 px-2 py-1 text-base leading-snug break-words', TONES[line.tone])}
              >
                {line.text}
              </li>
            ))
          )}
          </ol>
        </div>
      </CardContent>
    </Card>
  );
}
