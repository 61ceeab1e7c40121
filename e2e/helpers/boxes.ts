import type { Locator } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes (Playwright's `boundingBox()`) share some area. */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits until the element's animations have finished (a toast slides in): its box is then where it rests. */
export async function atRest(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}
