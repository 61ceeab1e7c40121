import { useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import type { BlockView } from '@common/moderation';
import { blockKeys, useBlocks } from '@client/entities/user/blocks';
import { errorMessage } from '@client/lib/api';
import { moderationApi } from '@client/lib/moderation-endpoints';
import { useAction } from '@client/lib/use-action';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast } from '@client/ui';

/** The players this player blocks, newest first, each with Unblock (a block is made from a player's report button). */
export function BlockedPlayersCard() {
  const blocks = useBlocks();
  const queryClient = useQueryClient();
  const unblock = useAction({
    mutationFn: (block: BlockView) => moderationApi.blocks.remove({ params: { id: block.userId } }),
    onSuccess: (_, block) => toast({ title: `${block.username} is unblocked`, variant: 'success' }),
    onError: (err) => toast({ title: 'Not unblocked', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  });
  return (
    <Card className="lg:col-span-2" data-testid="blocked-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban aria-hidden className="size-5" />
          Blocked players
        </CardTitle>
        <CardDescription>You do not see their chat, and neither of you can befriend, challenge, invite or be matched with the other.</CardDescription>
      </CardHeader>
      <CardContent>
        {blocks.isPending ? (
          <div className="grid place-items-center py-4">
            <Spinner label="Loading the players you block" />
          </div>
        ) : blocks.isError ? (
          <p className="flex flex-wrap items-center gap-3 text-lg text-danger" role="alert">
            Could not load the players you block.
            <Button size="sm" variant="secondary" onClick={() => void blocks.refetch()}>
              Retry
            </Button>
          </p>
        ) : blocks.data.length === 0 ? (
          <p className="text-lg text-ink-muted" data-testid="blocked-empty">
            You block nobody. To block a player, press their name in the chat or on your friends list, or the flag beside them in a duel, a replay or a listing.
          </p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="blocked-list">
            {blocks.data.map((block) => (
              <li key={block.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-2 border-edge bg-panel-2 px-3 py-2" data-testid="blocked-player" data-username={block.username}>
                <span className="min-w-0 flex-1 basis-40 text-lg wrap-anywhere text-ink">{block.username}</span>
                <span className="text-base text-ink-dim">since {block.createdAt.slice(0, 10)}</span>
                <Button size="sm" variant="secondary" disabled={unblock.isPending} onClick={() => unblock.mutate(block)} aria-label={`Unblock ${block.username}`} data-testid="unblock">
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
