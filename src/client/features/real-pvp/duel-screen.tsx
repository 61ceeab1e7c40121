import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Zap } from 'lucide-react';
import { arenaById, levelFits } from '@common/arenas';
import { characterGate } from '@client/entities/character/character-gate';
import { SocketReplacedNotice } from '@client/entities/user/socket-replaced';
import { useReducedMotion } from '@client/lib/motion';
import { bringBattleUnderBar } from '@client/lib/scroll-under-bar';
import { PageHeader } from '@client/ui';
import { BattleLog } from '@client/entities/battle/battle-log';
import { LIVE_STEP_MS } from '@client/entities/battle/battle-pace';
import { GhostOffer } from '@client/entities/battle/ghost-offer';
import { LiveBattles } from '@client/entities/battle/live-battles';
import { stageLogLines } from '@client/entities/battle/log-lines';
import { outcomeSound } from '@client/entities/battle/pvp-outcome';
import { SocketBadge } from '@client/entities/battle/socket-badge';
import { useBattleSounds } from '@client/entities/battle/use-battle-sounds';
import { useBeatPlayer } from '@client/entities/battle/use-beat-player';
import { useMyCharacters } from '@client/entities/character/use-my-characters';
import { duelLog, duelOutcome, duelSide, inDuel } from '@client/entities/pvp/pvp-selectors';
import { DuelLobby } from './duel-lobby';
import { DuelStage } from './duel-stage';
import { useArenaJoin } from './use-arena-join';
import { useRealPvp } from './use-real-pvp';
import { currentOf, viewReader } from '@common/current-character';

export function RealPvpHeader({ right }: { right?: ReactNode }) {
  return <PageHeader title="Real PvP" subtitle="Real-time duels against other players" icon={<Zap />} actions={right} />;
}

/** PvP, real-time variant (SPEC §2, §4): one fighter, socket only, attack or forfeit on the turn timer. */
export function DuelScreen({ arenaId }: { arenaId: string | null }) {
  const chars = useMyCharacters();
  const reducedMotion = useReducedMotion();
  // The current character, when it can fight (not listed for sale).
  const current = currentOf(chars.characters, viewReader);
  const character = current?.listing === null ? current : null;
  const arena = arenaId ? (arenaById(arenaId) ?? null) : null;
  const duel = useRealPvp({ enabled: !!character, characterId: character?.id ?? null, arena: arena?.id ?? null });
  const { refreshStatus } = duel;
  const onChallengeOver = useCallback(() => void refreshStatus(), [refreshStatus]);
  const { state } = duel;
  useArenaJoin({ wanted: !!arena && !!character && levelFits(arena, character.level), online: duel.online, phase: state.phase, find: duel.find });
  const player = useBeatPlayer(state.events, { battleKey: state.battle?.battleId ?? null, stepMs: LIVE_STEP_MS, playing: true, from: 'live' });
  useBattleSounds({ beat: player.stage.beat, active: state.phase === 'active', result: outcomeSound(duelOutcome(state, duel.myId)) });

  // A found duel brings the stage into view.
  const stageRef = useRef<HTMLDivElement>(null);
  const duelId = state.phase === 'waiting' || state.phase === 'active' ? (state.battle?.battleId ?? null) : null;
  useEffect(() => {
    if (duelId !== null && stageRef.current) bringBattleUnderBar(stageRef.current, null, reducedMotion);
  }, [duelId, reducedMotion]);

  const gate = characterGate(
    { ...chars, empty: chars.empty || !character },
    {
      header: <RealPvpHeader />,
      authMessage: 'You need to be logged in to duel other players',
      loadingLabel: 'Loading your fighter...',
      emptyMessage: 'You need a fighter (not listed for sale) before you can duel in real time.',
    },
  );
  if (gate || !character) return gate;

  const log = duelLog(state, stageLogLines(player.stage, duelSide(state)));
  return (
    <>
      <RealPvpHeader right={<SocketBadge status={duel.socket.status} />} />
      {duel.socket.status === 'replaced' ? <SocketReplacedNotice onReconnect={duel.socket.reconnect} className="mb-6" /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div ref={stageRef} className="flex min-w-0 flex-col gap-6" data-testid="real-pvp" data-phase={state.phase}>
          {inDuel(state) ? (
            <DuelStage duel={duel} stage={player.stage} character={character} reducedMotion={reducedMotion} />
          ) : (
            <>
              <DuelLobby character={character} state={state} socketStatus={duel.socket.status} arena={arena} turnSeconds={duel.turnSeconds} onFind={duel.find} onCancel={duel.cancel} challenge={duel.challenge} onChallengeOver={onChallengeOver} />
              {state.ghostOffer && state.phase === 'searching' ? <GhostOffer offer={state.ghostOffer} onAccept={duel.acceptGhost} pending={false} disabled={!duel.online} /> : null}
              <LiveBattles />
            </>
          )}
        </div>
        <div className="min-w-0 lg:relative lg:min-h-80">
          <BattleLog lines={log} reducedMotion={reducedMotion} title="Duel Log" emptyText="Find a match: every blow will be told here." testId="real-pvp-log" lineTestId="real-pvp-log-line" className="lg:absolute lg:inset-0" />
        </div>
      </div>
    </>
  );
}
