import { readFileSync } from 'node:fs';
import { FINDINGS } from './findings';
import { writeReport, type Report } from './lib/report';

/** Rewrites bench/results/latest.md from latest.json (e.g. after editing the notes), without measuring again. */
const report = JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as Report;
writeReport({ ...report, bus: report.bus ?? 'Redis bus', findings: FINDINGS });
console.log('Rewrote bench/results/latest.md');
