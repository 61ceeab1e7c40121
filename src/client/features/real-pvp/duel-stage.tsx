import type { CharacterView } from '@common/game-api';
import { Button } from '@client/ui';
import { ReportBlock } from '@client/entities/user/report-block';
import { BattleStage } from '@client/entities/battle/battle-stage';
import { characterLook } from '@client/entities/battle/fighter-look';
import { PvpResult } from '@client/entities/battle/pvp-result';
import type { StageState } from '@client/entities/battle/stage-state';
import { duelOutcome, duelSide } from '@client/entities/pvp/pvp-selectors';
import { DuelControls } from './duel-controls';
import { DuelRematch } from './duel-rematch';
import type { useRealPvp } from './use-real-pvp';

export interface DuelStageProps {
  duel: ReturnType<typeof useRealPvp>;
  stage: StageState;
  /** The player's fighter, until the duel's view names it. */
  character: CharacterView;
  reducedMotion: boolean;
}

/** A found, running or finished duel: the stage from the player's side and what may be done. */
export function DuelStage({ duel, stage, character, reducedMotion }: DuelStageProps) {
  const { state } = duel;
  const { phase, battle } = state;
  const you = battle?.yourCharacter;
  const opp = battle?.opponent ?? null;
  const mySide = duelSide(state);
  // Once the duel is over, the player's badge shows the rating it left with.
  const mine = characterLook(you?.character ?? character, state.rating?.after ?? you?.rating ?? character.rating);
  const theirs = opp ? characterLook(opp.character, opp.rating) : null;
  const outcome = duelOutcome(state, duel.myId);
  return (
    <BattleStage
      stage={stage}
      looks={mySide === 0 ? [mine, theirs] : [theirs, mine]}
      left={mySide}
      captions={['Your fighter', battle?.ghost ? 'Ghost' : 'Opponent']}
      viewer="fighter"
      showTurn
      rightStatus={opp ? 'ready' : 'loading'}
      noContest={outcome === 'no-contest'}
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
          <DuelControls
            yourTurn={state.yourTurn}
            opponent={opp?.username ?? 'your opponent'}
            turnEndsAt={state.turnEndsAt}
            turnSeconds={duel.turnSeconds}
            spectators={state.spectators}
            ghost={battle?.ghost ?? false}
            online={duel.online}
            skills={battle?.skills ?? []}
            onAttack={duel.attack}
            onSkill={duel.skill}
            onForfeit={duel.forfeit}
          />
        ) : null}
        {phase === 'completed' && outcome ? (
          <PvpResult testPrefix="real-pvp" outcome={outcome} reason={state.reason} rewards={state.rewards} rating={state.rating} replayId={state.replayId} ghost={battle?.ghost ?? false} friendly={battle?.friendly ?? false}>
            <Button variant="secondary" size="sm" data-testid="real-pvp-again" onClick={duel.reset}>
              Back to Lobby
            </Button>
            {battle?.friendly && opp ? <DuelRematch username={opp.username} character={character} onSent={duel.reset} /> : null}
            {state.replayId && opp && !battle?.ghost ? <ReportBlock kind="battle" targetId={state.replayId} username={opp.username} label="Report this battle" testId="real-pvp-report" /> : null}
          </PvpResult>
        ) : null}
      </div>
    </BattleStage>
  );
}
