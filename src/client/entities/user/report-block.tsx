import { lazy, Suspense, useState } from 'react';
import { Flag } from 'lucide-react';
import type { ReportKind } from '@common/moderation-rules';
import { Button } from '@client/ui/button';
import { warmLoad } from '@client/lib/warm-load';
import { useDialogOnDemand } from '@client/ui/dialog-on-demand';

const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(async () => ({ default: (await loadDialog()).ReportDialog }));
const warmDialog = warmLoad(loadDialog);

/**
 * Report and block, wherever a player meets another (a chat author's name, a duel's opponent, a
 * replay, a guild page, a listing): a small flag button opening a dialog with the reasons, an
 * optional note, and a Block button for the player behind it (report-dialog.tsx, loaded with the
 * first press).
 */
export interface ReportBlockProps {
  /** What is reported: a player, a chat message, a battle (replay id), a guild or a listing. */
  kind: ReportKind;
  targetId: number;
  /** The player behind it, to block; absent when there is nobody to block (a ghost, a guild). */
  username?: string;
  /** What is reported, quoted in the dialog (a chat message's text). */
  quote?: string;
  /** What the button says to a screen reader and in its tooltip. */
  label?: string;
  /** Shown as the trigger instead of the flag icon (a name made clickable). */
  children?: React.ReactNode;
  /** A word beside the flag, where the flag alone would not say what it does (a menu beside a labelled Challenge). */
  text?: string;
  testId?: string;
}

const KIND_LABELS: Record<ReportKind, string> = { player: 'player', chat: 'message', battle: 'battle', guild: 'guild', listing: 'listing' };

export function ReportBlock({ kind, targetId, quote, username, label, children, text, testId = 'report-block' }: ReportBlockProps) {
  const [open, setOpen] = useState(false);
  const onDemand = useDialogOnDemand({ open, onOpenChange: setOpen, warm: warmDialog });
  const title = label ?? `Report this ${KIND_LABELS[kind]}`;

  return (
    <>
      {children ? (
        <button
          {...onDemand.trigger}
          type="button"
          className="cursor-pointer text-left hover:underline"
          data-testid={testId}
          aria-label={`${title}${username ? ` or block ${username}` : ''}`}
        >
          {children}
        </button>
      ) : (
        <Button {...onDemand.trigger} variant="ghost" size="sm" data-testid={testId} aria-label={title} title={title}>
          <Flag aria-hidden />
          {text}
        </Button>
      )}
      {onDemand.wanted ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onOpenChange={setOpen}
            kind={kind}
            targetId={targetId}
            quote={quote}
            username={username}
            title={title}
            testId={testId}
            onCloseAutoFocus={onDemand.onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
