import { Check, Flag, Mail, X } from 'lucide-react';
import type { GuildInvitationView } from '@common/guilds';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui';
import { GuildEmblem } from './guild-emblem';
import { useAnswerInvitation } from './guild-queries';

/** The empty state of the overview, members and battles tabs. */
export function NotInGuildCard({ onBrowse, what }: { onBrowse: () => void; what?: string }) {
  return (
    <Card accent="gold" className="text-center" data-testid="not-in-guild">
      <CardHeader className="items-center">
        <Flag aria-hidden className="size-8 text-gold" />
        <CardTitle>You are not in a guild</CardTitle>
        <CardDescription>{what ?? 'Join a guild from the directory, accept an invitation, or found your own.'}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button variant="secondary" onClick={onBrowse} data-testid="browse-directory">
          Browse the guild directory
        </Button>
      </CardContent>
    </Card>
  );
}

/** Invitations waiting for the player (private guilds are joined this way). */
export function InvitationsCard({ invitations }: { invitations: GuildInvitationView[] }) {
  const answer = useAnswerInvitation();
  if (invitations.length === 0) return null;
  return (
    <Card accent="magenta" data-testid="guild-invitations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 text-neon-magenta" />
          Invitations ({invitations.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-3 border-2 border-edge bg-panel-2 p-2" data-testid="guild-invitation">
              <GuildEmblem avatar={inv.guild.guildAvatar} size={40} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-pixel text-pixel-xs leading-relaxed wrap-anywhere text-ink">{inv.guild.name}</span>
                <span className="text-base text-ink-muted">
                  Level {inv.guild.level} · {inv.guild.memberCount}/{inv.guild.maxMembers} members
                  {inv.invitedBy ? ` · invited by ${inv.invitedBy}` : ''}
                </span>
              </div>
              <div className="flex gap-2">
                <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: inv.id, accept: true })} data-testid="invitation-accept">
                  <Check aria-hidden />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: inv.id, accept: false })}
                  aria-label={`Decline the invitation to ${inv.guild.name}`}
                >
                  <X aria-hidden />
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
