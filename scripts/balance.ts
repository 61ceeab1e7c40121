/**
 * Class balance check: `npx tsx scripts/balance.ts [battlesPerPair]`.
 * Prints a win-rate matrix per level (row class against column class), the worst
 * one-sided pairing and the share of even fights lasting 3-12 log entries.
 * Exits 1 when any class beats another of the same level in more than 65 % of battles.
 */
import { CLASS_IDS } from '@common/characters';
import { simulateBalance } from '../src/server/domain/balance';

const LIMIT = 0.65;
const LEVELS = [1, 10, 30];
const battlesPerPair = Number(process.argv[2] ?? 10_000);

const started = performance.now();
const report = simulateBalance({ battlesPerPair, levels: LEVELS, seed: 20_240_601 });
const seconds = (performance.now() - started) / 1000;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cell = (text: string) => text.padStart(10);

for (const { level, winRates, evenFightShare } of report.levels) {
  console.log(`\nLevel ${level}: win rate of row class against column class`);
  console.log(cell('') + CLASS_IDS.map(cell).join(''));
  for (const row of CLASS_IDS) {
    console.log(cell(row) + CLASS_IDS.map((col) => cell(pct(winRates[row][col]))).join(''));
  }
  console.log(`3-12 log entries: ${pct(evenFightShare)}`);
}

const { worst } = report;
console.log(
  `\n${report.battles.toLocaleString('en-US')} battles (${battlesPerPair.toLocaleString('en-US')} per ordered pair) ` +
    `in ${seconds.toFixed(1)} s`,
);
console.log(`Worst: ${worst.winner} beats ${worst.loser} in ${pct(worst.winRate)} at level ${worst.level}`);
console.log(`Even fights with 3-12 log entries: ${pct(report.evenFightShare)}`);

if (worst.winRate > LIMIT) {
  console.error(`Unbalanced: ${pct(worst.winRate)} is above ${pct(LIMIT)}`);
  process.exit(1);
}
