import { useState } from 'react';
import { Flag } from 'lucide-react';
import { REPORT_REASONS, type ReportKind, type ReportReason } from '@common/moderation-rules';
import { ApiError } from '@client/lib/api';
import { moderationApi } from '@client/lib/moderation-endpoints';
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger, Label, PixelSelect, TextArea, toast } from '@client/ui';

/**
 * Report and block, wherever a player meets another (a chat author's name, a duel's opponent, a
 * replay, a guild page, a listing): a small flag button opening a dialog with the reasons, an
 * optional note, and a Block button for the player behind it.
 */
export interface ReportBlockProps {
  /** What is reported: a player, a chat message, a battle (replay id), a guild or a listing. */
  kind: ReportKind;
  targetId: number;
  /** The player behind it, to block; absent when there is nobody to block (a ghost, a guild). */
  username?: string;
  /** What the button says to a screen reader and in its tooltip. */
  label?: string;
  /** Shown as the trigger instead of the flag icon (a name made clickable). */
  children?: React.ReactNode;
  testId?: string;
}

const REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  cheating: 'Cheating',
  'offensive name': 'Offensive name',
  spam: 'Spam',
  other: 'Other',
};

const KIND_LABELS: Record<ReportKind, string> = { player: 'player', chat: 'message', battle: 'battle', guild: 'guild', listing: 'listing' };

const messageOf = (err: unknown) => (err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Something went wrong. Please try again.');

export function ReportBlock({ kind, targetId, username, label, children, testId = 'report-block' }: ReportBlockProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const title = label ?? `Report this ${KIND_LABELS[kind]}`;

  const run = async (work: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      toast({ title: done });
      setOpen(false);
    } catch (err) {
      toast({ title: 'Error', description: messageOf(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {children ? (
          <button type="button" className="cursor-pointer text-left hover:underline" data-testid={testId} aria-label={`${title}${username ? ` or block ${username}` : ''}`}>
            {children}
          </button>
        ) : (
          <Button variant="ghost" size="sm" data-testid={testId} aria-label={title} title={title}>
            <Flag aria-hidden />
          </Button>
        )}
      </DialogTrigger>
      <DialogContent data-testid={`${testId}-dialog`}>
        <DialogTitle className="font-pixel text-pixel-sm">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-ink-muted">A moderator reads every report. What you report is kept as it is now.</DialogDescription>
        <div className="mt-4 flex flex-col gap-3">
          <Label htmlFor="report-reason">Reason</Label>
          <PixelSelect
            id="report-reason"
            value={reason}
            onChange={setReason}
            options={REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
            testId="report-reason"
            icon={<Flag aria-hidden className="size-4 shrink-0 text-ink-muted" />}
          />
          <Label htmlFor="report-note">Note (optional)</Label>
          <TextArea id="report-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} data-testid="report-note" />
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={busy}
              data-testid="report-send"
              onClick={() => void run(() => moderationApi.blocks.report({ body: { kind, targetId, reason, ...(note.trim() ? { note: note.trim() } : {}) } }), 'Report sent')}
            >
              Report
            </Button>
            {username ? (
              <Button
                variant="secondary"
                disabled={busy}
                data-testid="block-player"
                onClick={() => void run(() => moderationApi.blocks.block({ body: { username } }), `${username} is blocked`)}
              >
                Block {username}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
