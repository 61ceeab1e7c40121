import { useState, type FormEvent, type ReactNode } from 'react';
import { Check, Swords, UserPlus, Users, X } from 'lucide-react';
import type { FriendRequestView, FriendView } from '@common/friends';
import { MAX_FRIENDS } from '@common/friends';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/cn';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, PageHeader, Spinner } from '@client/ui';
import { FriendCardDialog } from './friend-card-dialog';
import { useAnswerFriendRequest, useFriends, useSendFriendRequest, useWithdrawFriendRequest } from './friends-queries';

function AddFriendForm() {
  const send = useSendFriendRequest();
  const [username, setUsername] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    send.mutate(name, { onSuccess: () => setUsername('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" aria-label="Add a friend">
      <Input
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        placeholder="Username"
        aria-label="Username of the player to add"
        data-testid="friend-add-name"
        maxLength={20}
      />
      <Button type="submit" disabled={send.isPending || username.trim() === ''} data-testid="friend-add">
        <UserPlus aria-hidden />
        Send Request
      </Button>
    </form>
  );
}

function RequestRow({ request, children }: { request: FriendRequestView; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 border-2 border-edge bg-panel-2 p-2" data-testid="friend-request">
      <span className="min-w-0 flex-1 text-lg break-words text-ink">{request.username}</span>
      <div className="flex gap-2">{children}</div>
    </li>
  );
}

function Requests({ incoming, outgoing }: { incoming: FriendRequestView[]; outgoing: FriendRequestView[] }) {
  const answer = useAnswerFriendRequest();
  const withdraw = useWithdrawFriendRequest();
  if (incoming.length + outgoing.length === 0) return null;
  return (
    <Card accent="magenta" data-testid="friend-requests">
      <CardHeader>
        <CardTitle>Requests</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {incoming.length > 0 ? (
          <section aria-label="Incoming requests">
            <h3 className="mb-2 font-pixel text-pixel-2xs text-ink-muted uppercase">Incoming</h3>
            <ul className="flex flex-col gap-2" data-testid="friend-incoming">
              {incoming.map((r) => (
                <RequestRow key={r.id} request={r}>
                  <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: r.id, accept: true, username: r.username })} data-testid="friend-accept">
                    <Check aria-hidden />
                    Accept
                  </Button>
                  <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate({ id: r.id, accept: false, username: r.username })} aria-label={`Decline the request from ${r.username}`}>
                    <X aria-hidden />
                    Decline
                  </Button>
                </RequestRow>
              ))}
            </ul>
          </section>
        ) : null}
        {outgoing.length > 0 ? (
          <section aria-label="Outgoing requests">
            <h3 className="mb-2 font-pixel text-pixel-2xs text-ink-muted uppercase">Sent</h3>
            <ul className="flex flex-col gap-2" data-testid="friend-outgoing">
              {outgoing.map((r) => (
                <RequestRow key={r.id} request={r}>
                  <Button size="sm" variant="ghost" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ id: r.id, username: r.username })} aria-label={`Withdraw the request to ${r.username}`}>
                    <X aria-hidden />
                    Withdraw
                  </Button>
                </RequestRow>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function FriendRow({ friend, onOpen }: { friend: FriendView; onOpen: (friend: FriendView) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 border-2 border-edge bg-panel-2 p-2" data-testid="friend" data-online={friend.online ? 'true' : 'false'}>
      <span
        aria-hidden
        data-testid="friend-online-dot"
        className={cn('size-3 shrink-0 border-2', friend.online ? 'border-neon-lime bg-neon-lime' : 'border-edge-bright bg-transparent')}
      />
      <button type="button" onClick={() => onOpen(friend)} className="min-w-0 cursor-pointer text-left text-lg break-words text-neon-cyan underline-offset-4 hover:underline" data-testid="friend-name">
        {friend.username}
      </button>
      <span className="sr-only">{friend.online ? 'online' : 'offline'}</span>
      {/* Below the name on a phone, rather than squeezed into a column between it and Challenge. */}
      <span className="min-w-0 flex-1 basis-40 text-base text-ink-muted">
        {friend.characterName ? `${friend.characterName} · level ${friend.level}` : 'No fighter yet'}
      </span>
      {friend.inBattle ? (
        <span className="inline-flex items-center gap-1 border-2 border-neon-magenta px-1.5 font-pixel text-pixel-2xs text-neon-magenta" data-testid="friend-in-battle">
          <Swords aria-hidden className="size-3" />
          In battle
        </span>
      ) : null}
      {/* Online, with a fighter and free: challenged from the list, as the page says, not only from the card. */}
      {friend.online && friend.characterName && !friend.inBattle ? <ChallengeButton username={friend.username} /> : null}
    </li>
  );
}

/** Friends (issue 25): the list with online dots, requests both ways, adding by username, and a friend's card. */
export function FriendsPage() {
  useDocumentTitle('Friends');
  const friends = useFriends();
  const [open, setOpen] = useState<FriendView | null>(null);
  const data = friends.data;
  const online = data?.friends.filter((f) => f.online).length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Friends" subtitle="Play with people you know: see who is online and challenge them to a duel." icon={<Users aria-hidden />} />
      <Card accent="cyan">
        <CardHeader>
          <CardTitle>Add a Friend</CardTitle>
          <CardDescription>Send a request by username; they accept or decline it.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddFriendForm />
        </CardContent>
      </Card>
      {data ? <Requests incoming={data.incoming} outgoing={data.outgoing} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>
            Your Friends {data ? `(${data.friends.length}/${MAX_FRIENDS})` : ''}
          </CardTitle>
          {data && data.friends.length > 0 ? <CardDescription>{online} online</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {friends.isLoading ? (
            <div className="grid place-items-center py-6">
              <Spinner label="Loading your friends" />
            </div>
          ) : friends.isError ? (
            <p className="text-lg text-danger">Could not load your friends.</p>
          ) : data && data.friends.length > 0 ? (
            <ul className="flex flex-col gap-2" data-testid="friend-list">
              {data.friends.map((f) => (
                <FriendRow key={f.userId} friend={f} onOpen={setOpen} />
              ))}
            </ul>
          ) : (
            <p className="text-lg text-ink-muted" data-testid="friends-empty">
              No friends yet. Add someone by their username above.
            </p>
          )}
        </CardContent>
      </Card>
      <FriendCardDialog friend={open} onClose={() => setOpen(null)} />
    </div>
  );
}
