import type { Page } from 'playwright-core';

/** Counts the sounds the page starts, by wrapping AudioBufferSourceNode.start (call before goto). */
export async function countSounds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sounds: number };
    w.__sounds = 0;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__sounds += 1;
      return start.apply(this, args);
    };
  });
}

export const soundsPlayed = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __sounds: number }).__sounds);
