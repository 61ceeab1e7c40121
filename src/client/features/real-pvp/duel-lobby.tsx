import { lazy, Suspense } from 'react';
import { Search, X } from 'lucide-react';
import { levelFits, levelRange, type ArenaInfo } from '@common/arenas';
import { CLASSES } from '@common/classes';
import type { CharacterView } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { SOCKET_REPLACED_TEXT } from '@client/entities/user/socket-replaced';
import { cn } from '@client/lib/cn';
import type { SocketStatus } from '@client/lib/ws-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';
import { SpriteImage } from '@client/ui/character-sprite';
import { RatingBadge } from '@client/entities/battle/rating-badge';
import { PvpCooldownNote, usePvpCooldown } from '@client/entities/pvp/pvp-cooldown';
import type { DuelState } from '@client/entities/pvp/pvp-state';
import { QueueWait } from './queue-wait';

/** The wait for the answer to the player's own challenge: its code loads only when there is one. */
const SentChallengeWait = lazy(async () => ({ default: (await import('@client/entities/challenge/sent-challenge-wait')).SentChallengeWait }));

export interface DuelLobbyProps {
  character: CharacterView;
  state: DuelState;
  socketStatus: SocketStatus;
  /** The arena of /arena this search is for, if any. */
  arena: ArenaInfo | null;
  /** The turn length the server runs (0 until it says). */
  turnSeconds: number;
  onFind: () => void;
  onCancel: () => void;
  /** The player's own challenge waiting for its answer (from the queue status), and how to ask again once it is over. */
  challenge: { id: number; username: string; expiresAt: string } | null;
  onChallengeOver: () => void;
}

const OFFLINE: Partial<Record<SocketStatus, string>> = {
  connecting: 'Connecting to the game server...',
  replaced: `${SOCKET_REPLACED_TEXT}: press Reconnect to duel here`,
  disconnected: 'Disconnected: reconnecting...',
};

/** The duel lobby: the player's fighter, Find Match or the search under way. */
export function DuelLobby({ character, state, socketStatus, arena, turnSeconds, onFind, onCancel, challenge, onChallengeOver }: DuelLobbyProps) {
  const { phase } = state;
  const online = socketStatus === 'online';
  const fits = !arena || levelFits(arena, character.level);
  // A minute after each PvP battle before the next (the server refuses a search before then).
  const cooldownMs = usePvpCooldown(character);
  return (
    <Card accent="cyan" data-testid="real-pvp-lobby">
      <CardHeader className="pb-2">
        <CardTitle>{phase === 'searching' ? 'Searching for an opponent...' : arena ? arena.name : 'Duel Lobby'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="grid size-24 shrink-0 place-items-center border-4 border-edge bg-panel-2 sm:size-28">
            <SpriteImage file={avatarSpriteFile(character.characterAvatar, character.imageSet)} alt={character.name} size={96} className="size-20 sm:size-24" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <p data-testid="real-pvp-character" className="truncate font-pixel text-pixel-xs leading-normal text-ink sm:text-pixel-sm">
              {character.name}
            </p>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="gold">Lv {character.level}</Badge>
              <Badge variant="cyan">{CLASSES[character.class]?.name ?? character.class}</Badge>
              <RatingBadge rating={character.rating} testId="real-pvp-rating" />
            </div>
            <p className="text-base text-ink-muted">
              {character.wins}W / {character.losses}L · HP {character.maxHp}
            </p>
          </div>
        </div>
        {arena ? (
          <p data-testid="real-pvp-arena" className={cn('text-base', fits ? 'text-neon-cyan' : 'text-danger')}>
            {arena.name}, {levelRange(arena)}: {fits ? 'you are matched only with fighters of this range.' : 'Level Requirement Not Met'}
          </p>
        ) : null}
        {phase === 'searching' || phase === 'joining' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Spinner size="sm" label={phase === 'joining' ? 'Joining...' : 'Searching...'} className="flex-row gap-2 text-neon-cyan" />
            {state.position !== null ? (
              <span className="text-lg text-ink" data-testid="real-pvp-position">
                Position #{state.position}
              </span>
            ) : null}
            {phase === 'searching' ? <QueueWait searchSince={state.searchSince} waitEndsAt={state.waitEndsAt} /> : null}
            <Button variant="secondary" data-testid="real-pvp-cancel" onClick={onCancel}>
              <X aria-hidden />
              Cancel Search
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {challenge ? (
              <Suspense fallback={null}>
                <SentChallengeWait challenge={challenge} onOver={onChallengeOver} />
              </Suspense>
            ) : null}
            {/* No search while the player's own challenge waits (the server refuses one). */}
            <Button size="lg" data-testid="real-pvp-find" disabled={!online || !fits || cooldownMs > 0 || !!challenge} onClick={onFind}>
              <Search aria-hidden />
              Find Match
            </Button>
            {cooldownMs > 0 ? <PvpCooldownNote ms={cooldownMs} testId="real-pvp-cooldown" /> : null}
            {OFFLINE[socketStatus] ? (
              <span className={cn('text-lg', socketStatus === 'replaced' ? 'text-gold' : 'text-danger')} data-testid="real-pvp-offline">
                {OFFLINE[socketStatus]}
              </span>
            ) : null}
          </div>
        )}
        <p className="text-base text-ink-dim" data-testid="real-pvp-turn-rule">
          Players take turns: Attack or one of your learned skills. {turnSeconds ? `Each turn lasts ${turnSeconds} seconds` : 'Each turn is timed'}; an idle player forfeits.
        </p>
      </CardContent>
    </Card>
  );
}
