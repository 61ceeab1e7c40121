import { useCallback, useEffect, useReducer, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Search, Sword, Trophy, X, Zap } from 'lucide-react';
import { CLASSES } from '@common/characters';
import { PVP_TURN_MS } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import type { ServerMessage } from '@common/ws-messages';
import { characterGate } from '@client/app/character-gate';
import { cn } from '@client/lib/cn';
import { USER_QUERY_KEY, useCurrentUser } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, PageHeader, Progress, Spinner, toast } from '@client/ui';
import { SpriteImage } from '@client/ui/character-sprite';
import { idleFrame, otherSide, type StageFrame } from '@client/features/battle/battle-replay';
import { BattleStage, type StageFighter } from '@client/features/battle/battle-stage';
import { CHARACTERS_QUERY_KEY, useMyCharacters } from '@client/features/battle/use-my-characters';
import { useReducedMotion } from '@client/features/battle/use-reduced-motion';
import { FACE_OFF_CLASS, ForfeitButton, SocketBadge, useNow } from '@client/features/pvp-queue/pvp-widgets';
import { usePvpSounds } from '@client/features/pvp-queue/use-pvp-sounds';
import { bestCharacter, initialRealState, realPvpReducer, turnSecondsLeft } from './real-pvp-state';

function fighterOf(c: CharacterView): StageFighter {
  return { name: c.name, classId: c.class, level: c.level, stats: c.stats, sprite: avatarSpriteFile(c.characterAvatar, c.imageSet) };
}

function Header({ right }: { right?: ReactNode }) {
  return <PageHeader title="Real PvP" subtitle="Real-time duels against other players" icon={<Zap />} actions={right} />;
}

/** PvP, real-time variant (SPEC §2, §4): one fighter, socket only, attack or forfeit on a 30 s timer. */
export function RealPvpPage() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const chars = useMyCharacters();
  const reducedMotion = useReducedMotion();
  const character = bestCharacter(chars.characters);
  const myId = user?.id ?? -1;
  const [state, dispatch] = useReducer(realPvpReducer, initialRealState);

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'error') {
        toast({ title: 'PvP Error', description: message.message || 'Something went wrong', variant: 'destructive' });
        dispatch({ type: 'error' });
        return;
      }
      if (message.type === 'chat_message' || message.type === 'auth_success' || message.type === 'pong') return;
      dispatch({ type: 'message', message, now: Date.now(), myUserId: myId, turnMs: PVP_TURN_MS });
    },
    [myId],
  );
  const socketWanted = !!user && !!character;
  const socket = useGameSocket({
    enabled: socketWanted,
    auth: user ? { userId: user.id, username: user.username } : undefined,
    onMessage,
  });
  const send = socket.send;

  // On every (re)connection, ask the server where this player stands: queue place or running duel.
  const online = socket.status === 'online';
  useEffect(() => {
    if (online) send({ type: 'pvp_state' });
  }, [online, send]);

  // 'Connection Error' once per drop (not while the page has no socket yet); it reconnects by itself.
  const dropShown = useRef(false);
  useEffect(() => {
    if (socket.status === 'online') dropShown.current = false;
    if (socketWanted && socket.status === 'disconnected' && !dropShown.current) {
      dropShown.current = true;
      toast({ title: 'Connection Error', description: 'Lost connection to game server', variant: 'destructive' });
    }
  }, [socket.status, socketWanted]);

  // A found duel brings the stage into view.
  const stageRef = useRef<HTMLDivElement>(null);
  const duelId = state.phase === 'waiting' || state.phase === 'active' ? (state.battle?.battleId ?? null) : null;
  useEffect(() => {
    if (duelId === null) return;
    stageRef.current?.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [duelId, reducedMotion]);

  // After a battle: refresh characters and the player (credits, record).
  const ended = state.phase === 'completed';
  useEffect(() => {
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [ended, queryClient]);

  const active = state.phase === 'active';
  const now = useNow(active && state.turnEndsAt !== null);
  const seconds = active ? turnSecondsLeft(state.turnEndsAt, now) : 0;
  const forfeitedSeq = useRef(-1);
  const battleId = state.battle?.battleId ?? null;
  useEffect(() => {
    if (!active || !state.yourTurn || seconds > 0 || battleId === null) return;
    if (forfeitedSeq.current === state.turnSeq) return;
    forfeitedSeq.current = state.turnSeq;
    send({ type: 'pvp_action', battleId, action: 'forfeit' });
  }, [active, state.yourTurn, seconds, battleId, state.turnSeq, send]);

  usePvpSounds({
    blow: state.lastHit?.seq ?? -1,
    damage: state.lastHit?.damage ?? 0,
    active,
    result: state.phase === 'completed' ? (state.winner === myId ? 'victory' : 'defeat') : null,
  });

  const gate = characterGate(
    { ...chars, empty: chars.empty || !character },
    {
      header: <Header />,
      authMessage: 'You need to be logged in to duel other players',
      loadingLabel: 'Loading your fighter...',
      emptyMessage: 'You need a fighter (not listed for sale) before you can duel in real time.',
    },
  );
  if (gate || !character) return gate;

  const { phase, battle } = state;
  const you = battle?.yourCharacter;
  const opp = battle?.opponent ?? null;
  const playerMax = Math.max(1, you?.maxHP ?? character.maxHp);
  const enemyMax = Math.max(1, opp?.maxHP ?? 1);
  const hit = state.lastHit;
  const frame: StageFrame = {
    ...idleFrame(playerMax, enemyMax),
    playerHp: you ? Math.max(0, you.hp) : playerMax,
    enemyHp: opp ? Math.max(0, opp.hp) : enemyMax,
    // Each blow lunges the striker, shakes the one hit and pops the damage, as in PvE.
    index: hit?.seq ?? -1,
    attacker: hit ? otherSide(hit.defender) : null,
    defender: hit?.defender ?? null,
    damage: hit?.damage ?? 0,
    critical: hit?.critical ?? false,
    winner: phase === 'completed' ? (state.winner === myId ? 'player' : 'enemy') : null,
  };
  const victory = phase === 'completed' && state.winner === myId;
  const inBattle = phase === 'waiting' || phase === 'active' || phase === 'completed';

  return (
    <>
      <Header right={<SocketBadge status={socket.status} />} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div ref={stageRef} className={cn(FACE_OFF_CLASS, 'scroll-mt-28')} data-testid="real-pvp" data-phase={phase}>
          {inBattle ? (
            <BattleStage
              enemyLabel="Opponent"
              player={fighterOf(you?.character ?? character)}
              enemy={opp ? fighterOf(opp.character) : null}
              enemyStatus={opp ? 'ready' : 'loading'}
              frame={frame}
              starting={phase === 'waiting'}
              reducedMotion={reducedMotion}
            >
              <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5">
                {phase === 'waiting' ? (
                  <p role="status" data-testid="real-pvp-waiting" className="font-pixel text-pixel-2xs leading-relaxed text-gold sm:text-pixel-xs">
                    Opponent found: <span data-testid="real-pvp-opponent">{opp?.username ?? '???'}</span>. Get ready...
                  </p>
                ) : null}
                {phase === 'active' ? (
                  <>
                    <p
                      role="status"
                      data-testid="real-pvp-turn"
                      data-mine={state.yourTurn}
                      className={cn('font-pixel text-pixel-2xs leading-relaxed sm:text-pixel-xs', state.yourTurn ? 'text-neon-lime' : 'text-neon-magenta')}
                    >
                      {state.yourTurn ? 'Your turn: strike!' : `Waiting for ${opp?.username ?? 'your opponent'}...`}
                    </p>
                    <div data-testid="real-pvp-timer" data-seconds={seconds} className="flex flex-col gap-1">
                      <p className="font-pixel text-pixel-2xs text-ink-muted">
                        Turn timer:{' '}
                        <span data-testid="real-pvp-timer-seconds" className={cn('text-pixel-xs', seconds <= 10 ? 'text-danger' : 'text-gold')}>
                          {seconds}s
                        </span>
                      </p>
                      <Progress value={seconds} max={PVP_TURN_MS / 1000} color={seconds <= 10 ? 'danger' : 'gold'} aria-label="Turn time left" className="h-3" />
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Button
                        data-testid="real-pvp-attack"
                        disabled={!state.yourTurn || !online}
                        onClick={() => battleId !== null && send({ type: 'pvp_action', battleId, action: 'attack' })}
                      >
                        <Sword aria-hidden />
                        Attack
                      </Button>
                      <span className="ml-auto">
                        <ForfeitButton
                          disabled={!online}
                          onConfirm={() => battleId !== null && send({ type: 'pvp_action', battleId, action: 'forfeit' })}
                        />
                      </span>
                    </div>
                  </>
                ) : null}
                {phase === 'completed' ? (
                  <div role="status" data-testid="real-pvp-result" data-result={victory ? 'victory' : 'defeat'} className="flex flex-col gap-2">
                    <p className={cn('font-pixel text-pixel-sm', victory ? 'text-neon-lime' : 'text-danger')}>
                      <Trophy aria-hidden className="mr-2 inline size-5" />
                      {victory ? 'Victory!' : 'Defeat...'}
                    </p>
                    {state.rewards ? (
                      <p className="text-lg text-ink-muted" data-testid="real-pvp-rewards">
                        +{state.rewards.experience} XP, +{state.rewards.credits} credits
                      </p>
                    ) : null}
                    <div>
                      <Button variant="secondary" data-testid="real-pvp-again" onClick={() => dispatch({ type: 'reset' })}>
                        Back to Lobby
                      </Button>
                    </div>
                  </div>
                ) : null}
              </div>
            </BattleStage>
          ) : (
            <Card accent="cyan" data-testid="real-pvp-lobby">
              <CardHeader className="pb-2">
                <CardTitle>{phase === 'searching' ? 'Searching for an opponent...' : 'Duel Lobby'}</CardTitle>
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
                    </div>
                    <p className="text-base text-ink-muted">
                      {character.wins}W / {character.losses}L · HP {character.maxHp}
                    </p>
                  </div>
                </div>
                {phase === 'searching' || phase === 'joining' ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <Spinner size="sm" label={phase === 'joining' ? 'Joining...' : 'Searching...'} className="flex-row gap-2 text-neon-cyan" />
                    {state.position !== null ? (
                      <span className="text-lg text-ink" data-testid="real-pvp-position">
                        Position #{state.position}
                        {state.estimatedWait !== null ? ` · ~${state.estimatedWait}s` : ''}
                      </span>
                    ) : null}
                    <Button
                      variant="secondary"
                      data-testid="real-pvp-cancel"
                      onClick={() => {
                        send({ type: 'pvp_leave_queue' });
                        dispatch({ type: 'leave_sent' });
                      }}
                    >
                      <X aria-hidden />
                      Cancel Search
                    </Button>
                  </div>
                ) : (
                  <div className="flex flex-wrap items-center gap-3">
                    <Button
                      size="lg"
                      data-testid="real-pvp-find"
                      disabled={!online}
                      onClick={() => {
                        if (send({ type: 'pvp_join_queue', characterId: character.id })) dispatch({ type: 'join_sent' });
                      }}
                    >
                      <Search aria-hidden />
                      Find Match
                    </Button>
                    {!online ? (
                      <span className="text-lg text-danger" data-testid="real-pvp-offline">
                        {socket.status === 'connecting' ? 'Connecting to the game server...' : 'Disconnected: reconnecting...'}
                      </span>
                    ) : null}
                  </div>
                )}
              </CardContent>
            </Card>
          )}
        </div>
        <Card className="min-w-0">
          <CardHeader className="pb-2">
            <CardTitle id="real-pvp-log-title">Duel Log</CardTitle>
          </CardHeader>
          <CardContent>
            <ol
              role="log"
              aria-live="polite"
              aria-labelledby="real-pvp-log-title"
              tabIndex={0}
              data-testid="real-pvp-log"
              className="m-0 flex h-56 list-none flex-col gap-1.5 overflow-y-auto border-2 border-edge bg-void/70 p-2 lg:h-80"
            >
              {state.log.length === 0 ? (
                <li className="m-auto px-4 text-center text-base text-ink-dim">Find a match: every blow will be told here.</li>
              ) : (
                state.log.map((line) => (
                  <li
                    key={line.id}
                    data-testid="real-pvp-log-line"
                    className={cn(
                      'border-l-4 bg-panel/70 px-2 py-1 text-base leading-snug break-words',
                      line.tone === 'system' ? 'border-l-gold text-gold' : line.tone === 'end' ? 'border-l-neon-lime text-neon-lime' : 'border-l-neon-cyan text-ink',
                    )}
                  >
                    {line.text}
                  </li>
                ))
              )}
            </ol>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
