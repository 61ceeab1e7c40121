import { useEffect, useRef, useState, type ReactNode } from 'react';
import { UserMinus } from 'lucide-react';
import type { FriendView } from '@common/friends';
import { Button, ConfirmDialog, Spinner } from '@client/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/ui/dialog';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { useBlocks } from '@client/entities/user/blocks';
import { ReportBlock } from '@client/entities/user/report-block';
import { focusScreenHeading } from '@client/lib/focus-heading';
import { useFriendCard, useRemoveFriend } from './friends-queries';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 border-b-2 border-edge/60 py-1.5 text-lg">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A friend's card: current character (class, level, record, rating) and guild, with Challenge,
 * Report (and Block) and Remove. Blocking the friend from here ends the friendship (the server
 * removes it with the block): the card closes, and the keyboard lands on the screen's heading, the
 * friend's row being gone.
 */
export function FriendCardDialog({ friend, onClose }: { friend: FriendView | null; onClose: () => void }) {
  const card = useFriendCard(friend?.userId ?? null);
  const remove = useRemoveFriend();
  const [confirming, setConfirming] = useState(false);
  const data = card.data;
  const blocks = useBlocks();
  const blocked = friend !== null && (blocks.data?.some((b) => b.userId === friend.userId) ?? false);
  const closedByBlock = useRef(false);
  useEffect(() => {
    if (!blocked) return;
    closedByBlock.current = true;
    onClose();
  }, [blocked, onClose]);
  return (
    <Dialog open={friend !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        data-testid="friend-card"
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          if (!closedByBlock.current) return;
          closedByBlock.current = false;
          event.preventDefault();
          focusScreenHeading();
        }}
      >
        <DialogTitle className="font-pixel text-pixel-xs text-neon-cyan">{friend?.username}</DialogTitle>
        <DialogDescription className="text-base">{friend?.online ? 'Online now' : 'Offline'}</DialogDescription>
        {card.isLoading ? (
          <div className="grid place-items-center py-6">
            <Spinner label="Loading the card" />
          </div>
        ) : data ? (
          <dl className="mt-3">
            {data.character ? (
              <>
                <Fact label="Fighter" value={data.character.name} />
                <Fact label="Class" value={<span className="capitalize">{data.character.class}</span>} testId="friend-card-class" />
                <Fact label="Level" value={data.character.level} testId="friend-card-level" />
                <Fact label="Wins / losses" value={`${data.character.wins} / ${data.character.losses}`} />
                <Fact label="Rating" value={data.character.rating} />
              </>
            ) : (
              <Fact label="Fighter" value="None yet" />
            )}
            <Fact label="Guild" value={data.guild?.name ?? 'None'} />
          </dl>
        ) : (
          <p className="py-4 text-lg text-danger">Could not load this card.</p>
        )}
        {friend ? (
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <ChallengeButton username={friend.username} />
            <ReportBlock kind="player" targetId={friend.userId} username={friend.username} label={`Report ${friend.username}`} testId="friend-report" />
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button size="sm" variant="secondary" data-testid="friend-remove">
                  <UserMinus aria-hidden />
                  Remove
                </Button>
              }
              title="Remove Friend?"
              description={`${friend.username} will no longer be on your friends list, and you on theirs.`}
              confirmLabel="Remove"
              confirmVariant="danger"
              confirmTestId="friend-remove-confirm"
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { userId: friend.userId, username: friend.username },
                  {
                    onSuccess: () => {
                      setConfirming(false);
                      onClose();
                    },
                  },
                )
              }
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
