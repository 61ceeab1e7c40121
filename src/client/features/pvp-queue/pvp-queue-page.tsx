import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Coins, Crown, LogOut, Search, Shield, Sparkles, Sword, Trophy } from 'lucide-react';
import { formatCooldown } from '@common/characters';
import { PVP_COOLDOWN_MS, PVP_TURN_MS } from '@common/constants';
import type { PvpMove } from '@common/pvp';
import type { ServerMessage } from '@common/ws-messages';
import { avatarSpriteFile } from '@common/sprite-files';
import type { CharacterView } from '@common/game-api';
import { characterGate } from '@client/app/character-gate';
import { apiRequest, errorMessage, isUnauthorized } from '@client/lib/api';
import { useCurrentUser, USER_QUERY_KEY } from '@client/lib/use-auth';
import { useGameSocket } from '@client/lib/ws-client';
import { usePvpSounds } from './use-pvp-sounds';
import { cn } from '@client/lib/cn';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, PageHeader, Spinner, StatTile, toast } from '@client/ui';
import { BattleStage, type StageFighter } from '@client/features/battle/battle-stage';
import { FighterPicker } from '@client/features/battle/fighter-picker';
import { useCooldown } from '@client/features/battle/use-cooldown';
import { CHARACTERS_QUERY_KEY, useMyCharacters } from '@client/features/battle/use-my-characters';
import { useReducedMotion } from '@client/features/battle/use-reduced-motion';
import {
  asQueueStatus,
  initialQueueState,
  isMyTurn,
  joinErrorTitle,
  outcomeFor,
  pvpQueueReducer,
  sidesOf,
  specialCooldownOf,
  stageFrameOf,
} from './pvp-queue-state';
import { FACE_OFF_CLASS, ForfeitButton, SocketBadge, TurnTimer } from './pvp-widgets';

const QUEUE_STATUS_KEY = ['/api/pvp/queue-status'] as const;
/** How long the victory/defeat banner stays before the battle clears. */
const ENDED_CLEAR_MS = 5000;

function fighterOf(c: CharacterView): StageFighter {
  return { name: c.name, classId: c.class, level: c.level, stats: c.stats, sprite: avatarSpriteFile(c.characterAvatar, c.imageSet) };
}

function Header({ credits }: { credits?: number | null }) {
  return (
    <PageHeader
      title="PvP Arena"
      subtitle="Queue up and fight other players turn by turn"
      icon={<Crown />}
      actions={
        typeof credits === 'number' ? (
          <Badge variant="gold" className="gap-1.5 px-3 py-1.5" data-testid="pvp-credits">
            <Coins aria-hidden className="size-4" />
            {credits.toLocaleString()} credits
          </Badge>
        ) : undefined
      }
    />
  );
}

const MOVES: { move: PvpMove; label: string; Icon: typeof Sword }[] = [
  { move: 'attack', label: 'Attack', Icon: Sword },
  { move: 'defend', label: 'Defend', Icon: Shield },
  { move: 'special', label: 'Special', Icon: Sparkles },
];

/** PvP, queue variant (SPEC §2, §4): pick a fighter, queue, then fight turn by turn. */
export function PvpQueuePage() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const chars = useMyCharacters();
  const { characters } = chars;
  const reducedMotion = useReducedMotion();
  const [state, dispatch] = useReducer(pvpQueueReducer, initialQueueState);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const myId = user?.id ?? -1;
  const hasCharacters = characters.length > 0;

  const statusQuery = useQuery({
    queryKey: QUEUE_STATUS_KEY,
    queryFn: () => apiRequest<unknown>('GET', '/api/pvp/queue-status'),
    enabled: hasCharacters,
    refetchInterval: state.phase === 'searching' ? 2000 : 5000,
    retry: false,
  });
  const status = asQueueStatus(statusQuery.data);

  useEffect(() => {
    if (statusQuery.data !== undefined) dispatch({ type: 'status', status: statusQuery.data });
  }, [statusQuery.data, statusQuery.dataUpdatedAt]);

  const onMessage = useCallback((message: ServerMessage) => dispatch({ type: 'message', message }), []);
  const socket = useGameSocket({
    enabled: !!user && hasCharacters,
    auth: user ? { userId: user.id, username: user.username } : undefined,
    onMessage,
  });

  // After a battle ends: refresh characters and the player, then clear the battle a few seconds later.
  const endedId = state.ended?.battleId ?? null;
  useEffect(() => {
    if (endedId === null) return;
    void queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
    const timer = window.setTimeout(() => dispatch({ type: 'clear' }), ENDED_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [endedId, queryClient]);

  const join = useMutation({
    mutationFn: (characterId: number) => apiRequest<unknown>('POST', '/api/pvp/join-queue', { characterId }),
    onMutate: () => dispatch({ type: 'join_started' }),
    onSuccess: (data) => {
      dispatch({ type: 'join_succeeded' });
      if (data && typeof data === 'object' && 'battle' in data) dispatch({ type: 'battle', battle: (data as { battle: unknown }).battle });
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
    },
    onError: (err) => {
      dispatch({ type: 'join_failed' });
      const message = errorMessage(err);
      toast({ title: joinErrorTitle(message), description: message, variant: 'destructive' });
    },
  });
  const leave = useMutation({
    mutationFn: () => apiRequest<unknown>('POST', '/api/pvp/leave-queue', {}),
    onSuccess: () => {
      dispatch({ type: 'left_queue' });
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
    },
    onError: (err) => toast({ title: 'Queue Failed', description: errorMessage(err), variant: 'destructive' }),
  });
  const move = useMutation({
    mutationFn: (m: PvpMove) => apiRequest<unknown>('POST', '/api/pvp/make-move', { move: m }),
    onSuccess: (data) => {
      if (data && typeof data === 'object') {
        const d = data as Record<string, unknown>;
        dispatch({ type: 'battle', battle: 'battle' in d ? d.battle : d });
      }
    },
    onError: (err) => toast({ title: 'Action Failed', description: errorMessage(err), variant: 'destructive' }),
  });
  const forfeit = useMutation({
    mutationFn: () => apiRequest<unknown>('POST', '/api/pvp/forfeit', {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY }),
    onError: (err) => toast({ title: 'Forfeit Failed', description: errorMessage(err), variant: 'destructive' }),
  });

  const free = characters.filter((c) => c.listing === null);
  const selected = free.find((c) => c.id === chosenId) ?? free[0] ?? null;
  const cooldownMs = useCooldown(selected?.lastPvPBattleAt, PVP_COOLDOWN_MS);
  const stageRef = useRef<HTMLDivElement>(null);
  // A new battle brings the stage into view, so the turn and the actions are seen on a phone too.
  const shownBattleId = state.phase === 'battle' ? (state.battle?.id ?? null) : null;
  useEffect(() => {
    if (shownBattleId === null) return;
    stageRef.current?.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [shownBattleId, reducedMotion]);

  const gate = characterGate(chars, {
    header: <Header credits={chars.isPending ? undefined : user?.credits} />,
    authMessage: 'You need to be logged in to fight other players',
    emptyMessage: 'You need a fighter before you can queue for PvP.',
    unauthorized: statusQuery.isError && isUnauthorized(statusQuery.error),
  });
  if (gate) return gate;

  const { phase, battle, ended } = state;
  const inBattle = (phase === 'battle' || phase === 'ended') && !!battle;

  return (
    <>
      <Header credits={user?.credits} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SocketBadge status={socket.status} />
        <Badge variant="outline" data-testid="pvp-phase" data-phase={phase}>
          {phase === 'idle' ? 'Idle' : phase === 'joining' ? 'Joining queue...' : phase === 'searching' ? 'Searching' : phase === 'battle' ? 'In battle' : 'Battle over'}
        </Badge>
      </div>
      {inBattle && battle ? (
        <div ref={stageRef} className="grid scroll-mt-28 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <BattleView
            battle={battle}
            myId={myId}
            ended={ended}
            reducedMotion={reducedMotion}
            movePending={move.isPending}
            onMove={(m) => move.mutate(m)}
            forfeitPending={forfeit.isPending}
            onForfeit={() => forfeit.mutate()}
          />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <Card accent="cyan" data-testid="pvp-queue-panel" className="min-w-0">
            <CardHeader className="pb-2">
              <CardTitle>{phase === 'searching' ? 'Searching for an opponent...' : 'Matchmaking'}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <StatTile size="sm" label="Queue time" value={`${status?.queueTime ?? 0}s`} testId="pvp-queue-time" />
                <StatTile size="sm" label="In queue" value={status?.playersInQueue ?? 0} testId="pvp-players-in-queue" />
                <StatTile size="sm" label="Battles" value={status?.activeBattles ?? 0} testId="pvp-active-battles" />
                <StatTile size="sm" label="Position" value={status?.position ?? '--'} testId="pvp-queue-position" />
              </dl>
              {phase === 'searching' ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Spinner size="sm" label="Searching..." className="flex-row gap-2 text-neon-cyan" />
                  <Button variant="secondary" onClick={() => leave.mutate()} disabled={leave.isPending} data-testid="pvp-leave-queue">
                    <LogOut aria-hidden />
                    Leave Queue
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <Button
                    size="lg"
                    data-testid="pvp-join-queue"
                    disabled={!selected || phase === 'joining' || cooldownMs > 0}
                    onClick={() => selected && join.mutate(selected.id)}
                  >
                    <Search aria-hidden />
                    {phase === 'joining' ? 'Joining...' : 'Join Queue'}
                  </Button>
                  {cooldownMs > 0 ? (
                    <span data-testid="pvp-cooldown" className="flex items-center gap-2 text-lg text-gold">
                      <Clock aria-hidden className="size-4" />
                      PvP cooldown: <span data-testid="pvp-cooldown-time">{formatCooldown(cooldownMs)}</span>
                    </span>
                  ) : selected ? (
                    <span className="text-lg text-neon-lime">Ready: {selected.name}</span>
                  ) : (
                    <span className="text-lg text-gold">Every fighter is listed for sale</span>
                  )}
                </div>
              )}
              <p className="text-base text-ink-dim">
                Matched players take turns: Attack, Defend or unleash a Special. Each turn lasts {PVP_TURN_MS / 1000} seconds; an idle
                player forfeits.
              </p>
            </CardContent>
          </Card>
          <div className="min-w-0">
            <FighterPicker
              characters={characters}
              selectedId={selected?.id ?? null}
              onSelect={setChosenId}
              disabled={phase !== 'idle'}
            />
          </div>
        </div>
      )}
    </>
  );
}

function BattleView({
  battle,
  myId,
  ended,
  reducedMotion,
  movePending,
  onMove,
  forfeitPending,
  onForfeit,
}: {
  battle: NonNullable<ReturnType<typeof pvpQueueReducer>['battle']>;
  myId: number;
  ended: ReturnType<typeof pvpQueueReducer>['ended'];
  reducedMotion: boolean;
  movePending: boolean;
  onMove: (m: PvpMove) => void;
  forfeitPending: boolean;
  onForfeit: () => void;
}) {
  const { me, foe } = sidesOf(battle, myId);
  const myTurn = isMyTurn(battle, myId);
  const special = specialCooldownOf(battle, myId);
  const outcome = outcomeFor(ended, myId);
  const frame = stageFrameOf(battle, myId, ended ? ended.winner : null);
  usePvpSounds({ blow: frame.defender ? frame.index : -1, damage: frame.damage, active: !ended, result: outcome });
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [battle.battleLog.length, reducedMotion]);

  return (
    <>
      <div className={FACE_OFF_CLASS} data-testid="pvp-battle" data-battle-id={battle.id} data-my-turn={myTurn}>
        <BattleStage
          enemyLabel="Opponent"
          player={fighterOf(me.character)}
          enemy={fighterOf(foe.character)}
          enemyStatus="ready"
          frame={frame}
          starting={false}
          reducedMotion={reducedMotion}
        >
          <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5">
            <p className="sr-only" data-testid="pvp-opponent-name">{foe.username}</p>
            {ended ? (
              <div role="status" data-testid="pvp-result" data-result={outcome} className="flex flex-col gap-1">
                <p className={cn('font-pixel text-pixel-sm', outcome === 'victory' ? 'text-neon-lime' : 'text-danger')}>
                  <Trophy aria-hidden className="mr-2 inline size-5" />
                  {outcome === 'victory' ? 'Victory!' : 'Defeat...'}
                  {ended.reason !== 'knockout' ? ` (${ended.reason})` : ''}
                </p>
                <p className="text-lg text-ink-muted" data-testid="pvp-rewards">
                  +{ended.rewards.experience} XP, +{ended.rewards.credits} credits
                </p>
              </div>
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  <p role="status" data-testid="pvp-turn" data-mine={myTurn} className={cn('font-pixel text-pixel-2xs leading-relaxed sm:text-pixel-xs', myTurn ? 'text-neon-lime' : 'text-neon-magenta')}>
                    {myTurn ? 'Your turn!' : `Waiting for ${foe.username}...`}
                  </p>
                  <Badge variant="outline">Turn {battle.turnCount}</Badge>
                </div>
                <TurnTimer deadline={battle.turnDeadline} totalMs={PVP_TURN_MS} mine={myTurn} />
                <div className="flex flex-wrap items-center gap-2">
                  {myTurn
                    ? MOVES.map(({ move, label, Icon }) => {
                        const cooling = move === 'special' && special > 0;
                        return (
                          <Button
                            key={move}
                            data-testid={`pvp-move-${move}`}
                            variant={move === 'attack' ? 'primary' : 'secondary'}
                            disabled={movePending || cooling}
                            onClick={() => onMove(move)}
                          >
                            <Icon aria-hidden />
                            {label}
                            {cooling ? <span data-testid="pvp-special-cooldown"> ({special})</span> : null}
                          </Button>
                        );
                      })
                    : null}
                  <span className="ml-auto">
                    <ForfeitButton onConfirm={onForfeit} pending={forfeitPending} />
                  </span>
                </div>
              </>
            )}
          </div>
        </BattleStage>
      </div>
      <Card className="min-w-0">
        <CardHeader className="pb-2">
          <CardTitle id="pvp-log-title">Battle Log</CardTitle>
        </CardHeader>
        <CardContent>
          <ol
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-labelledby="pvp-log-title"
            tabIndex={0}
            data-testid="pvp-battle-log"
            className="m-0 flex h-64 list-none flex-col gap-1.5 overflow-y-auto border-2 border-edge bg-void/70 p-2 lg:h-96"
          >
            {battle.battleLog.length === 0 ? (
              <li className="m-auto text-center text-base text-ink-dim">The fight begins: {me.username} vs {foe.username}</li>
            ) : (
              battle.battleLog.map((entry, i) => (
                <li
                  key={i}
                  data-testid="pvp-log-line"
                  className={cn(
                    'border-l-4 bg-panel/70 px-2 py-1 text-base leading-snug break-words',
                    entry.attacker === me.username || entry.attacker === me.character.name ? 'border-l-neon-cyan' : 'border-l-neon-magenta',
                  )}
                >
                  {entry.message}
                </li>
              ))
            )}
          </ol>
        </CardContent>
      </Card>
    </>
  );
}
