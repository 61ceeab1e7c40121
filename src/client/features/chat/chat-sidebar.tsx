import type { ReactNode } from 'react';
import { Radio, ShieldCheck } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { CHAT_RATE_LIMIT } from '@common/chat-limits';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import type { SocketStatus } from '@client/lib/ws-client';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui';
import { avatarColor } from './chat-model';
import { deliveryText } from './delivery-text';

function Rule({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span aria-hidden className="mt-2 size-1.5 shrink-0 bg-neon-magenta" />
      <span>{children}</span>
    </li>
  );
}

function CallsignCard({ user }: { user: PublicUser | null }) {
  return (
    <Card accent="magenta">
      <CardHeader className="pb-2">
        <CardTitle>Your Callsign</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        {user ? (
          <>
            <span
              aria-hidden
              className="grid size-11 shrink-0 place-items-center border-2 bg-void font-pixel text-pixel-sm uppercase shadow-hard-sm"
              style={{ borderColor: avatarColor(user.username), color: avatarColor(user.username) }}
            >
              {user.username.slice(0, 1)}
            </span>
            <div className="min-w-0">
              <p className="truncate font-pixel text-pixel-xs text-neon-cyan">{user.username}</p>
              <p className="text-base text-ink-dim">Your messages glow cyan.</p>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LinkCard({ status, answering }: { status: SocketStatus; answering: boolean }) {
  const { lead, tone, rest } = deliveryText(status, answering);
  const color = tone === 'up' ? 'text-neon-lime' : tone === 'paused' ? 'text-gold' : 'text-[#ff8a95]';
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2">
          <Radio aria-hidden className="size-4 text-neon-lime" />
          Link
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-base text-ink-muted">
        <p data-testid="chat-delivery">
          <span className={color}>{lead}</span> {rest}
        </p>
      </CardContent>
    </Card>
  );
}

function RulesCard() {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-4 text-gold" />
          Arena Rules
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="m-0 flex list-none flex-col gap-2 p-0 text-base text-ink-muted">
          <Rule>Up to {CHAT_MESSAGE_MAX} characters per message.</Rule>
          <Rule>
            At most {CHAT_RATE_LIMIT.messages} messages every {CHAT_RATE_LIMIT.windowMs / 1000} seconds.
          </Rule>
          <Rule>Every tenth level, PvP win streaks of five, rating milestones, legendary forges, guild battles and new guilds are announced by the system.</Rule>
          <Rule>Trash talk in the ring, respect in the chat.</Rule>
        </ul>
      </CardContent>
    </Card>
  );
}

/** Beside the chat: the player's callsign, the state of the live link and the rules. */
export function ChatSidebar({ user, status, answering }: { user: PublicUser | null; status: SocketStatus; answering: boolean }) {
  return (
    <aside className="flex flex-col gap-6" aria-label="About the arena chat">
      <CallsignCard user={user} />
      <LinkCard status={status} answering={answering} />
      <RulesCard />
    </aside>
  );
}
