import type { Page } from 'playwright-core';
import { BATTLE_PACE_KEY, type BattlePace } from '../../src/client/entities/battle/battle-pace';

/** Shows fought battles at `pace` instead of the spec's beat a second (call before the first goto). */
export async function setBattlePace(page: Page, pace: BattlePace = { stepMs: 40, nextEnemyMs: 80 }): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [BATTLE_PACE_KEY, JSON.stringify(pace)]);
}

/**
 * A pace no test outlasts: a beat and the next enemy a minute apart, so what a test reads while a
 * battle shows (or after its outcome) cannot move on under it, however busy the machine.
 */
export const HELD_PACE: BattlePace = Object.freeze({ stepMs: 60_000, nextEnemyMs: 60_000 });
