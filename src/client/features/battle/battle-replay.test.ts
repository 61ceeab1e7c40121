import { describe, expect, it } from 'vitest';
import type { BattleLogEntryView } from '@common/game-api';
import { frameAt, idleFrame, maxHpOf, resultLine } from './battle-replay';

const LOG: BattleLogEntryView[] = [
  { message: 'Hero slashes Imp for 12 damage!', attacker: 'Hero', defenderHp: 28, defender: 'enemy' },
  { message: 'Imp smashes Hero for 9 damage!', attacker: 'Imp', defenderHp: 41, defender: 'player' },
  { message: '404: hit not found. Imp swings at Hero and misses!', attacker: 'Imp', defenderHp: 41, defender: 'player' },
  { message: 'CRITICAL GLITCH! Hero cleaves through Imp for 28 damage!', attacker: 'Hero', defenderHp: 0, defender: 'enemy' },
  { message: 'Imp is defeated! Hero wins the battle!', attacker: 'Hero', defenderHp: 0, defender: 'enemy' },
];

describe('frameAt', () => {
  it('starts with both fighters at full HP', () => {
    expect(frameAt(LOG, 0, 50, 40, 'victory')).toEqual(idleFrame(50, 40));
  });

  it('drains the HP of the side each entry names as defender', () => {
    const f = frameAt(LOG, 2, 50, 40, 'victory');
    expect(f).toMatchObject({ playerHp: 41, enemyHp: 28, attacker: 'enemy', defender: 'player', damage: 9, index: 1 });
  });

  it('reads a dodge as zero damage', () => {
    expect(frameAt(LOG, 3, 50, 40, 'victory')).toMatchObject({ damage: 0, defender: 'player', critical: false });
  });

  it('flags critical hits and names the winner once the closing entry shows', () => {
    expect(frameAt(LOG, 4, 50, 40, 'victory')).toMatchObject({ critical: true, damage: 28, final: false, winner: null });
    expect(frameAt(LOG, 5, 50, 40, 'victory')).toMatchObject({ final: true, winner: 'player', enemyHp: 0, damage: 0 });
    expect(frameAt(LOG, 5, 50, 40, 'defeat').winner).toBe('enemy');
  });

  it('widens a bar whose HP exceeds the expected maximum', () => {
    expect(frameAt(LOG, 1, 50, 20, 'victory').enemyMax).toBe(28);
  });
});

describe('maxHpOf', () => {
  it('uses maxHp, else twice the defense', () => {
    const stats = { attack: 1, defense: 12, speed: 1, magic: 1 };
    expect(maxHpOf({ maxHp: 30, stats })).toBe(30);
    expect(maxHpOf({ maxHp: 0, stats })).toBe(24);
  });
});

describe('resultLine', () => {
  it('spells out victory and defeat', () => {
    expect(resultLine({ result: 'victory', experienceGained: 60, creditsGained: 70 })).toBe('Victory! +60 XP, +70 credits');
    expect(resultLine({ result: 'defeat', experienceGained: 13, creditsGained: 0 })).toBe('Defeat... +13 XP');
  });
});
