import { useEffect, useRef, type ReactNode } from 'react';
import type { PvpBattleEndedView, PvpBattleView, PvpMove } from '@common/pvp';
import { BattleLog } from '@client/entities/battle/battle-log';
import { BattleStage } from '@client/entities/battle/battle-stage';
import { characterLook } from '@client/entities/battle/fighter-look';
import { stageLogLines } from '@client/entities/battle/log-lines';
import { outcomeSound } from '@client/entities/battle/pvp-outcome';
import { PvpResult } from '@client/entities/battle/pvp-result';
import { LIVE_STEP_MS } from '@client/entities/battle/battle-pace';
import { useBattleSounds } from '@client/entities/battle/use-battle-sounds';
import { useBeatPlayer } from '@client/entities/battle/use-beat-player';
import { isMyTurn, outcomeFor, sidesOf, specialCooldownOf } from '@client/entities/pvp/pvp-selectors';
import { bringBattleUnderBar } from '@client/lib/scroll-under-bar';
import { QueueMoves } from './queue-moves';

export interface QueueBattleProps {
  battle: PvpBattleView;
  ended: PvpBattleEndedView | null;
  myId: number;
  reducedMotion: boolean;
  move: { pending: boolean; run: (m: PvpMove) => void };
  forfeit: { pending: boolean; run: () => void };
  /** What the page shows above the battle (the socket's state, the phase): in view with it where both fit. */
  lead: ReactNode;
}

/** A queue battle: the stage from the player's side, the moves or the result, and the log. */
export function QueueBattle({ battle, ended, myId, reducedMotion, move, forfeit, lead }: QueueBattleProps) {
  const { me, foe, mySide } = sidesOf(battle, myId);
  const myTurn = isMyTurn(battle, myId);
  const outcome = outcomeFor(ended, myId);
  const player = useBeatPlayer(battle.events, { battleKey: battle.id, stepMs: LIVE_STEP_MS, playing: true, from: 'live' });
  useBattleSounds({ beat: player.stage.beat, active: !ended, result: outcomeSound(outcome) });

  // A new battle brings the stage into view, so the turn and the actions are seen on a phone too;
  // so does its end, whose result is shorter than the moves it replaces (the page grows shorter,
  // and the browser's scroll would leave the phase half under the top bar).
  const leadRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const over = ended !== null;
  useEffect(() => {
    if (stageRef.current) bringBattleUnderBar(stageRef.current, leadRef.current, reducedMotion);
  }, [battle.id, over, reducedMotion]);

  // Once the battle is over, the player's badge shows the rating it left with.
  const ratingOf = (side: 0 | 1) => (side === mySide && ended?.rating ? ended.rating.after : (side === 0 ? battle.player1 : battle.player2).rating);
  const looks = [characterLook(battle.player1.character, ratingOf(0)), characterLook(battle.player2.character, ratingOf(1))] as const;
  return (
    <>
      <div ref={leadRef}>{lead}</div>
      <div ref={stageRef} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0" data-testid="pvp-battle" data-battle-id={battle.id} data-my-turn={myTurn}>
          <BattleStage
            stage={player.stage}
            looks={looks}
            left={mySide}
            captions={['Your fighter', battle.ghost ? 'Ghost' : 'Opponent']}
            viewer="fighter"
            showTurn
            noContest={outcome === 'no-contest'}
            reducedMotion={reducedMotion}
          >
            <div className="flex flex-col gap-3 border-t-4 border-edge p-3 sm:p-5">
              <p className="sr-only" data-testid="pvp-opponent-name">
                {foe.username}
              </p>
              {ended && outcome ? (
                <PvpResult testPrefix="pvp" outcome={outcome} reason={ended.reason} rewards={ended.rewards} rating={ended.rating} replayId={ended.replayId || null} ghost={battle.ghost} />
              ) : (
                <QueueMoves
                  battle={battle}
                  myTurn={myTurn}
                  foeName={foe.username}
                  stats={me.character.stats}
                  special={specialCooldownOf(battle, myId)}
                  movePending={move.pending}
                  onMove={move.run}
                  forfeitPending={forfeit.pending}
                  onForfeit={forfeit.run}
                />
              )}
            </div>
          </BattleStage>
        </div>
        <div className="min-w-0 lg:relative lg:min-h-80">
          <BattleLog
            lines={stageLogLines(player.stage, mySide)}
            reducedMotion={reducedMotion}
            emptyText={`The fight begins: ${me.username} vs ${foe.username}`}
            testId="pvp-battle-log"
            lineTestId="pvp-log-line"
            className="lg:absolute lg:inset-0"
          />
        </div>
      </div>
    </>
  );
}
