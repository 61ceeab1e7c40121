import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import type { ChatMessageView } from '@common/chat';
import { REPORT_REASONS, type ReportKind, type ReportReason } from '@common/moderation-rules';
import type { FriendsView } from '@common/friends';
import { sameUsername } from '@common/usernames';
import { ApiError } from '@client/lib/api';
import { moderationApi } from '@client/lib/moderation-endpoints';
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, Label, TextArea, toast } from '@client/ui';
import { chatKeys } from '@client/entities/chat/chat-keys';
import { blockKeys, useBlocks } from './blocks';
import { friendKeys } from './friends-read';
// The dialog's code loads with its first press: its select comes with it rather than on a second wait.
import { RadixPixelSelect as PixelSelect } from '@client/ui/pixel-select-radix';

/**
 * The report dialog of ReportBlock: the reasons, an optional note, Report, and Block (or Unblock)
 * for the player behind it. Its code (the dialog, the select and their positioning) loads with
 * the first press of a report button, not with the screens that show one.
 */
export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ReportKind;
  targetId: number;
  /** What is reported, as the player saw it (a chat message). */
  quote?: string;
  username?: string;
  title: string;
  testId: string;
  /** Puts the focus back on the report button (the dialog has no Radix trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

const REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  cheating: 'Cheating',
  'offensive name': 'Offensive name',
  spam: 'Spam',
  other: 'Other',
};

const messageOf = (err: unknown) => (err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Something went wrong. Please try again.');

export function ReportDialog({ open, onOpenChange, kind, targetId, quote, username, title, testId, onCloseAutoFocus }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Block, or Unblock when this player is blocked already.
  const blocks = useBlocks();
  const blocked = username ? blocks.data?.find((b) => sameUsername(b.username, username)) : undefined;
  const blocksChanged = () => void queryClient.invalidateQueries({ queryKey: blockKeys.all });
  // The chat already on screen loses the blocked player's lines at once (its later history comes without them).
  const hideChatOf = (name: string) =>
    queryClient.setQueryData<ChatMessageView[]>(chatKeys.messages, (list) => list?.filter((m) => m.username.toLowerCase() !== name.toLowerCase()));

  // A block ends a friendship (the server removes it with the block): the toast says so.
  const isFriend = (name: string) => queryClient.getQueryData<FriendsView>(friendKeys.all)?.friends.some((f) => sameUsername(f.username, name)) ?? false;

  const run = async (work: () => Promise<unknown>, done: string, after?: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      after?.();
      toast({ title: done });
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Error', description: messageOf(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={`${testId}-dialog`} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="font-pixel text-pixel-sm">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-ink-muted">A moderator reads every report. What you report is kept as it is now.</DialogDescription>
        {quote ? (
          <blockquote className="mt-3 max-h-40 overflow-y-auto border-l-4 border-edge pl-3 text-lg text-ink wrap-anywhere" data-testid={`${testId}-quote`}>
            {username ? <strong>{username}: </strong> : null}“{quote}”
          </blockquote>
        ) : null}
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
            {username && blocked ? (
              <Button
                variant="secondary"
                disabled={busy}
                data-testid="unblock-player"
                onClick={() => void run(() => moderationApi.blocks.remove({ params: { id: blocked.userId } }), `${username} is unblocked`, blocksChanged)}
              >
                Unblock {username}
              </Button>
            ) : username ? (
              <Button
                variant="secondary"
                disabled={busy}
                data-testid="block-player"
                onClick={() =>
                  void run(() => moderationApi.blocks.block({ body: { username } }), isFriend(username) ? `${username} is blocked and no longer your friend` : `${username} is blocked`, () => {
                    blocksChanged();
                    hideChatOf(username);
                    // A block ends a friendship or request between the two.
                    void queryClient.invalidateQueries({ queryKey: friendKeys.all, exact: true });
                  })
                }
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
