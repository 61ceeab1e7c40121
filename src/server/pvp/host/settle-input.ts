import type { Side } from '@common/battle-events';
import { replaySide } from '../../services/replays';
import type { BattleRoom } from '../room/battle-room';
import type { SettleInput } from '../storage/settle';

/** What the end of a room writes: players, result, record and how each side looked. */
export function settleInputOf(room: BattleRoom): SettleInput {
  const sideLook = (s: Side) => {
    const p = room.players[s];
    const ghost = room.ghost && s === 1;
    return replaySide({ characterId: ghost ? null : p.characterId, userId: ghost ? null : p.userId, username: p.username, characterAvatar: p.view.characterAvatar, imageSet: p.view.imageSet });
  };
  return {
    battleId: room.id,
    variant: room.variant,
    ghost: room.ghost,
    friendly: room.friendly,
    players: [
      { userId: room.players[0].userId, characterId: room.players[0].characterId },
      { userId: room.ghost ? null : room.players[1].userId, characterId: room.ghost ? null : room.players[1].characterId },
    ],
    winner: room.state.winner as Side,
    reason: room.state.reason!,
    noContest: room.noContest,
    record: room.record,
    hp: [room.state.sides[0].hp, room.state.sides[1].hp],
    sides: [sideLook(0), sideLook(1)],
  };
}
