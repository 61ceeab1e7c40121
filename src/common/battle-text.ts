import type { ClassId } from './characters';
import type { BattleEvent, EventFighter, LogLine } from './battle-events';
import { other, type Side } from './sides';

/**
 * The one formatter of battle text: events in, the glitchy log lines out (the texts the API has
 * always answered). The wording of a hit or a dodge is the `flavor` the engine drew.
 */

export const VERBS: Record<ClassId, readonly string[]> = {
  warrior: ['slashes', 'cleaves through', 'shield-bashes', 'lands a heavy blow on'],
  mage: ['casts a corrupted bolt at', 'hurls a null fireball at', 'zaps', 'fires a recursive hex at'],
  rogue: ['stabs', 'slices', 'backflips and cuts', 'throws a buffered dagger at'],
  tank: ['slams', 'crushes', 'rams', 'hammers'],
  assassin: ['strikes from the shadows at', 'ambushes', 'flickers behind and stabs', 'knifes'],
  berserker: ['smashes', 'rages at', 'axes', 'tears into'],
};

const DODGES: readonly ((attacker: string, defender: string) => string)[] = [
  (a, d) => `${d} glitches out of phase and dodges ${a}'s attack!`,
  (a, d) => `404: hit not found. ${a} swings at ${d} and misses!`,
  (a, d) => `${d} desyncs and ${a}'s attack passes through a ghost frame!`,
];

/** How many wordings the engine may draw from. */
export const HIT_FLAVORS = 4;
export const MISS_FLAVORS = DODGES.length;

const pick = <T>(items: readonly T[], flavor: number): T => items[((flavor % items.length) + items.length) % items.length]!;

export function hitText(attacker: string, classId: ClassId, defender: string, event: Extract<BattleEvent, { type: 'hit' }>): string {
  const { ability, damage } = event;
  const body = ability
    ? `${attacker} unleashes ${ability.name} on ${defender} for ${damage} damage!`
    : `${attacker} ${pick(VERBS[classId], event.flavor)} ${defender} for ${damage} damage!`;
  const prefix = ability?.kind === 'ultimate' ? 'ULTIMATE OVERRIDE! ' : '';
  return `${prefix}${event.critical ? 'CRITICAL GLITCH! ' : ''}${body}`;
}

export function missText(attacker: string, defender: string, flavor: number): string {
  return pick(DODGES, flavor)(attacker, defender);
}

export const defendText = (name: string) => `${name} raises a firewall and braces for the next hit!`;
export const forfeitText = (name: string) => `${name} forfeits the battle!`;
export const timeoutText = (name: string) => `${name} ran out of time and forfeits the battle!`;
export const knockoutText = (winner: string, loser: string) => `${loser} is defeated! ${winner} wins the battle!`;

export function timeLimitText(winner: string, winnerShare: number, loser: string, loserShare: number): string {
  const pct = (share: number) => Math.round(share * 100);
  return `Time limit reached! ${winner} wins with ${pct(winnerShare)}% HP left against ${loser}'s ${pct(loserShare)}%.`;
}

/**
 * The log lines of a run of events. `fighters` names the sides; `hp` is what each side had
 * before the first event (full when absent), so a slice of a battle formats on its own.
 */
export function formatEvents(events: readonly BattleEvent[], fighters: readonly [EventFighter, EventFighter], hp?: [number, number]): LogLine[] {
  const left: [number, number] = hp ? [...hp] : [fighters[0].maxHp, fighters[1].maxHp];
  const name = (side: Side) => fighters[side].name;
  const lines: LogLine[] = [];
  const line = (message: string, actor: Side, target: Side) =>
    lines.push({ message, attacker: name(actor), defenderHp: left[target], actor, target });
  for (const event of events) {
    switch (event.type) {
      case 'start':
        left[0] = event.fighters[0].maxHp;
        left[1] = event.fighters[1].maxHp;
        break;
      case 'hit':
        left[event.target] = event.hpAfter;
        line(hitText(name(event.actor), fighters[event.actor].class, name(event.target), event), event.actor, event.target);
        break;
      case 'miss':
        line(missText(name(event.actor), name(event.target), event.flavor), event.actor, event.target);
        break;
      case 'defend':
        line(defendText(name(event.actor)), event.actor, other(event.actor));
        break;
      case 'forfeit':
        line(forfeitText(name(event.actor)), other(event.actor), event.actor);
        break;
      case 'timeout':
        line(timeoutText(name(event.actor)), other(event.actor), event.actor);
        break;
      case 'end': {
        left[0] = event.hp[0];
        left[1] = event.hp[1];
        const loser = other(event.winner);
        if (event.reason === 'knockout') line(knockoutText(name(event.winner), name(loser)), event.winner, loser);
        if (event.reason === 'time') {
          const share = (side: Side) => event.hp[side] / Math.max(1, fighters[side].maxHp);
          line(timeLimitText(name(event.winner), share(event.winner), name(loser), share(loser)), event.winner, loser);
        }
        break;
      }
      case 'turn':
      case 'skill':
        break;
    }
  }
  return lines;
}

/** The whole log of a battle whose events begin with `start`. */
export function formatLog(events: readonly BattleEvent[]): LogLine[] {
  const start = events[0];
  if (start?.type !== 'start') throw new Error('a battle log begins with its start event');
  return formatEvents(events, start.fighters);
}
