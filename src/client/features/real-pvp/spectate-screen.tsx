import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { useReducedMotion } from '@client/lib/motion';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';
import { BattleLog } from '@client/entities/battle/battle-log';
import { LIVE_STEP_MS } from '@client/entities/battle/battle-pace';
import { BattleStage } from '@client/entities/battle/battle-stage';
import { characterLook } from '@client/entities/battle/fighter-look';
import { LiveBattles } from '@client/entities/battle/live-battles';
import { stageLogLines } from '@client/entities/battle/log-lines';
import { SocketBadge } from '@client/entities/battle/socket-badge';
import { useBeatPlayer } from '@client/entities/battle/use-beat-player';
import { RealPvpHeader } from './duel-screen';
import { SpectatePanel } from './spectate-panel';
import { useSpectate } from './use-spectate';

function Refused({ reason }: { reason: string }) {
  return (
    <Card accent="danger" data-testid="spectator-refused">
      <CardHeader className="pb-2">
        <CardTitle>This battle cannot be watched</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <p className="text-lg text-ink-muted">{reason}</p>
        <Button asChild variant="secondary">
          <Link href="/pvp">
            <ArrowLeft aria-hidden />
            Back to the lobby
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The spectator view (`/pvp?watch={id}`): the battle view without actions. */
export function SpectateScreen({ battleId }: { battleId: number }) {
  const reducedMotion = useReducedMotion();
  const { state, socket, stop } = useSpectate(battleId);
  const player = useBeatPlayer(state.events, { battleKey: battleId, stepMs: LIVE_STEP_MS, playing: true, from: 'live' });
  const { battle } = state;
  let main;
  if (state.phase === 'refused') main = <Refused reason={state.refusal ?? ''} />;
  else if (!battle) main = <Spinner className="min-h-64" label="Joining the crowd..." />;
  else {
    const looks = [characterLook(battle.fighters[0].character, battle.fighters[0].rating), characterLook(battle.fighters[1].character, battle.fighters[1].rating)] as const;
    main = (
      <BattleStage stage={player.stage} looks={looks} left={0} captions={[battle.fighters[0].username, battle.fighters[1].username]} viewer="watcher" showTurn reducedMotion={reducedMotion}>
        <SpectatePanel state={state} stage={player.stage} onLeave={stop} />
      </BattleStage>
    );
  }
  return (
    <>
      <RealPvpHeader right={<SocketBadge status={socket.status} />} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6" data-testid="spectator-view" data-battle-id={battleId}>
          {main}
          {state.phase === 'refused' || state.phase === 'ended' ? <LiveBattles excludeId={battleId} /> : null}
        </div>
        <div className="min-w-0 lg:relative lg:min-h-80">
          <BattleLog lines={stageLogLines(player.stage, 0, true)} reducedMotion={reducedMotion} emptyText="Waiting for the first blow..." testId="spectator-log" lineTestId="spectator-log-line" className="lg:absolute lg:inset-0" />
        </div>
      </div>
    </>
  );
}
