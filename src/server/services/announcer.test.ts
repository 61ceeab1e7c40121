import { describe, expect, it } from 'vitest';
import { silentLog, systemClock } from '../context';
import { createAnnouncer, digestText } from './announcer';

describe('the announcer', () => {
  it('posts one line as it is, and several as one digest', () => {
    expect(digestText(['A reached level 10!'])).toBe('A reached level 10!');
    expect(digestText(['a', 'b', 'c'])).toBe('3 highlights: a · b · c');
    expect(digestText(['1', '2', '3', '4', '5', '6'])).toBe('6 highlights: 1 · 2 · 3 · 4 · and 2 more');
    expect(digestText(Array.from({ length: 10 }, () => 'x'.repeat(200))).length).toBeLessThanOrEqual(500);
  });

  it('posts at most once per interval, gathering what arrives meanwhile', async () => {
    const posted: { at: number; text: string }[] = [];
    const started = Date.now();
    const announcer = createAnnouncer(async (text) => void posted.push({ at: Date.now() - started, text }), { log: silentLog, clock: systemClock, everyMs: 200 });
    announcer.announce('first');
    while (posted.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    announcer.announce('second');
    announcer.announce('third');
    while (posted.length === 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(posted.map((p) => p.text)).toEqual(['first', '2 highlights: second · third']);
    // The digest waited for the interval since the first post.
    expect(posted[1]!.at - posted[0]!.at).toBeGreaterThanOrEqual(190);
    await announcer.close();
  });
});
