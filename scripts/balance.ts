/**
 * Class balance check: `npm run balance [battlesPerPair] [newFightersPerClass]`.
 *
 * With the one battle engine, at levels 1, 5, 10, 20 and 30, each class fights every other
 * with the loadout its players typically have at that level (gear bought with the credits
 * earned, skills learned and upgraded with the points earned, stat points spent the class's
 * way: src/server/domain/typical-loadout.ts). Prints the win-rate tables, what makes each class
 * win, and how fresh fighters fare in their first five battles against the fair-start enemies;
 * writes the same to docs/balance.md.
 *
 * Exits 1 when a class beats another of the same level in more than 55 % of battles, or when
 * the new fighters of any class win less than 60 % or more than 85 % of their first five.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { CLASS_IDS } from '@common/characters';
import {
  BALANCE_LEVELS,
  MAX_PAIR_WIN_RATE,
  NEW_FIGHTER_MAX,
  NEW_FIGHTER_MIN,
  classStrengths,
  simulateBalance,
  simulateNewFighters,
  type Contribution,
} from '../src/server/domain/balance';
import { CURRENT_TUNING, classTraits } from '../src/server/domain/classes';
import { DUEL_LEVELS, MAX_FIRST_MOVER_RATE, MIN_SKILL_CHOICE_RATE, mirrorFirstMover, skillChoiceVsAttack, type DuelRate } from '../src/server/domain/duel-balance';
import { OPENING_GUARD } from '../src/server/domain/engine';
import { SKILL_CATALOGUE } from '../src/server/domain/skill-catalogue-data';
import { typicalLoadout } from '../src/server/domain/typical-loadout';
import { sessionPart } from './balance-sessions';

const battlesPerPair = Number(process.argv[2] ?? 10_000);
const newFightersPerClass = Number(process.argv[3] ?? 2_000);
const sessionsPerClass = Number(process.argv[4] ?? 200);
const SEED = 20_240_601;

const started = performance.now();
const report = simulateBalance({ battlesPerPair, levels: BALANCE_LEVELS, seed: SEED });
const strengths = BALANCE_LEVELS.map((level) => classStrengths(level, Math.max(200, Math.round(battlesPerPair / 10)), SEED));
const fresh = simulateNewFighters(newFightersPerClass, SEED);
const sessions = sessionPart(sessionsPerClass, SEED);
const seconds = (performance.now() - started) / 1000;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cell = (text: string) => text.padStart(10);
const out: string[] = [];
const doc: string[] = [];
const both = (line = '') => {
  out.push(line);
  doc.push(line);
};

doc.push(
  '# Class balance',
  '',
  'Written by `npm run balance` (scripts/balance.ts); do not edit by hand. Every figure comes from the one battle',
  'engine (`runAiBattle`), with each class in the loadout its players typically have at that level',
  '(src/server/domain/typical-loadout.ts: shop gear bought with the credits earned on the way up at a 60 % win',
  'rate, skills learned and upgraded with every point earned, stat points spent the class\'s way).',
  `Bounds: no class above ${pct(MAX_PAIR_WIN_RATE)} against another; new fighters of every class win`,
  `${pct(NEW_FIGHTER_MIN)}-${pct(NEW_FIGHTER_MAX)} of their first five battles.`,
  '',
);

for (const { level, winRates, evenFightShare } of report.levels) {
  const loadouts = CLASS_IDS.map((c) => typicalLoadout(c, level));
  out.push(`Level ${level}: win rate of row class against column class`);
  doc.push(`## Level ${level}`, '', 'Win rate of the row class against the column class.', '');
  doc.push(`| ${['', ...CLASS_IDS].join(' | ')} |`, `|${' --- |'.repeat(CLASS_IDS.length + 1)}`);
  out.push(cell('') + CLASS_IDS.map(cell).join(''));
  for (const row of CLASS_IDS) {
    out.push(cell(row) + CLASS_IDS.map((col) => cell(pct(winRates[row][col]))).join(''));
    doc.push(`| ${row} | ${CLASS_IDS.map((col) => pct(winRates[row][col])).join(' | ')} |`);
  }
  doc.push('');
  const spent = loadouts[0]!;
  both(
    `Loadout: ${spent.creditsSpent.toLocaleString('en-US')} of ${spent.creditsEarned.toLocaleString('en-US')} credits in gear (warrior), ` +
      `${spent.skillPointsSpent} of ${spent.skillPointsEarned} skill points spent; 3-12 log entries: ${pct(evenFightShare)}`,
  );
  both();
}

const traits = (classId: (typeof CLASS_IDS)[number]) => classTraits(classId, CURRENT_TUNING);
const share = (x: number) => `${Math.round(x * 100)} %`;
const IDENTITY: Record<(typeof CLASS_IDS)[number], string> = {
  warrior: `attack and defense, armour that takes ${share(1 - traits('warrior').damageTaken)} off every hit`,
  mage: `magic that pierces ${share(traits('mage').pierce)} of defense and takes ${share(traits('mage').accuracy)} of the target's dodge away`,
  rogue: `the top speed and the best dodge (+${share(traits('rogue').dodgeBonus)}), crits ${share(traits('rogue').critChance)} of the time`,
  tank: 'the highest defense, so the most HP, and a steady attack',
  assassin: `top speed and the most, hardest crits (${share(traits('assassin').critChance)}, × ${traits('assassin').critMultiplier})`,
  berserker: `the highest attack and fury (up to ${share(traits('berserker').fury)} more damage as its HP runs out)`,
};
const skillsOf = (classId: (typeof CLASS_IDS)[number]) =>
  SKILL_CATALOGUE.filter((s) => s.class === classId && s.type !== 'passive').map((s) => `${s.name} (level ${s.requiredLevel})`).join(', ');
doc.push('## What makes each class win', '', 'Class identities (traits in src/server/domain/classes.ts, skills in skill-catalogue-data.ts):', '');
for (const classId of CLASS_IDS) doc.push(`- ${classId}: ${IDENTITY[classId]}; battle skills ${skillsOf(classId)}.`);
doc.push('');

const contribution = (c: Contribution | null) => (c ? `${c.what} (${pct(c.with)} → ${pct(c.without)} without)` : 'no battle skill yet');
both('What makes each class win (win rate against the other classes, and without the stat cut by a quarter or the skill):');
doc.push('', '| class | level | stat | skill |', '| --- | --- | --- | --- |');
CLASS_IDS.forEach((classId, i) => {
  out.push(`  ${classId}`);
  for (const levels of strengths) {
    const s = levels[i]!;
    out.push(`    level ${String(s.level).padStart(2)}: ${contribution(s.stat)}; ${contribution(s.skill)}`);
    doc.push(`| ${classId} | ${s.level} | ${contribution(s.stat)} | ${contribution(s.skill)} |`);
  }
});
both();

doc.push('## Results', '');
const { worst } = report;
const freshLine = `New fighters: first five fights won ${pct(fresh.winRate)} (worst class ${pct(fresh.worst.winRate)})`;
const result = (line: string) => {
  out.push(line);
  doc.push(`- ${line.trim()}`);
};
result(`Worst pairing: ${worst.winner} beats ${worst.loser} in ${pct(worst.winRate)} at level ${worst.level}`);
result(freshLine);
result(
  `  by class: ${CLASS_IDS.map((c) => `${c} ${pct(fresh.byClass[c])}`).join(', ')}; ` +
    `first fight won: ${CLASS_IDS.map((c) => `${c} ${pct(fresh.firstFight[c])}`).join(', ')}`,
);
result(`  (${fresh.players.toLocaleString('en-US')} new players, five battles each)`);
doc.push('', ...sessions.doc);
out.push('', ...sessions.out);
out.push(
  `${report.battles.toLocaleString('en-US')} loadout battles (${battlesPerPair.toLocaleString('en-US')} per ordered pair) in ${seconds.toFixed(1)} s in all`,
);

console.log(out.join('\n'));
writeFileSync(new URL('../docs/balance.md', import.meta.url), `${doc.join('\n')}\n`);

// Duels on the real-time page (issue 24): src/server/domain/duel-balance.ts.
{
  const duels = { battlesPerClass: 4_000, seed: SEED };
  const mirror = mirrorFirstMover(duels);
  const choice = skillChoiceVsAttack(duels);
  const [mirrorBefore, choiceBefore] = [mirrorFirstMover({ ...duels, rules: 'realtime' }), skillChoiceVsAttack({ ...duels, rules: 'realtime' })];
  const byClass = (r: DuelRate) => CLASS_IDS.map((c) => `${c} ${pct(r.byClass[c])}`).join(', ');
  const lines = [`Mirror duel first-mover wins: ${pct(mirror.rate)}`, `Skill choice vs attack-only: ${pct(choice.rate)}`];
  console.log([...lines, `  first mover by class: ${byClass(mirror)}`, `  skill choice by class: ${byClass(choice)}`].join('\n'));
  appendFileSync(
    new URL('../docs/balance.md', import.meta.url),
    [
      '',
      '## Duels (/pvp)',
      '',
      `Typical fighters of each class at levels ${DUEL_LEVELS.join(', ')}, ${duels.battlesPerClass.toLocaleString('en-US')} duels per class and figure,`,
      "on the real-time page's rules ('duel', engine.ts). The best policy plays the strongest ready skill, else attacks.",
      'Before issue 24 the page had one move, Attack, which fired the strongest ready skill by itself, and the opener',
      `struck first in a race of equal fighters. Now Attack is a plain blow and the player chooses a skill; the second mover`,
      `takes ${OPENING_GUARD * 100} % of the opener's first blow.`,
      '',
      '| figure | before (rules \'realtime\') | now (rules \'duel\') | bound |',
      '| --- | --- | --- | --- |',
      `| mirror duel, first mover wins | ${pct(mirrorBefore.rate)} | ${pct(mirror.rate)} | at most ${pct(MAX_FIRST_MOVER_RATE)} |`,
      `| skill choice vs attack-only | ${pct(choiceBefore.rate)} (no choice) | ${pct(choice.rate)} | at least ${pct(MIN_SKILL_CHOICE_RATE)} |`,
      '',
      `First mover by class: ${byClass(mirror)}.`,
      `Skill choice by class: ${byClass(choice)}.`,
      '',
      ...lines.map((line) => `- ${line}`),
      '',
    ].join('\n'),
  );
  if (mirror.rate > MAX_FIRST_MOVER_RATE || choice.rate < MIN_SKILL_CHOICE_RATE) {
    console.error(`Duels out of bounds: first mover ${pct(mirror.rate)} (at most ${pct(MAX_FIRST_MOVER_RATE)}), skill choice ${pct(choice.rate)} (at least ${pct(MIN_SKILL_CHOICE_RATE)})`);
    process.exitCode = 1;
  }
}

let failed = false;
if (worst.winRate > MAX_PAIR_WIN_RATE) {
  console.error(`Unbalanced: ${worst.winner} beats ${worst.loser} in ${pct(worst.winRate)}, above ${pct(MAX_PAIR_WIN_RATE)}`);
  failed = true;
}
for (const classId of CLASS_IDS) {
  const rate = fresh.byClass[classId];
  if (rate < NEW_FIGHTER_MIN || rate > NEW_FIGHTER_MAX) {
    console.error(`New ${classId}s win ${pct(rate)} of their first five fights, outside ${pct(NEW_FIGHTER_MIN)}-${pct(NEW_FIGHTER_MAX)}`);
    failed = true;
  }
}
for (const failure of sessions.failures) {
  console.error(failure);
  failed = true;
}
if (failed) process.exit(1);
