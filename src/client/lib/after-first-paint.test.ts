import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterFirstPaint from './after-first-paint';

type Module = typeof AfterFirstPaint;

/** A window whose frames and idle moments come when the test says. */
function fakeWindow() {
  const frames: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const win = {
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    requestIdleCallback: (run: () => void) => idles.push(run),
  };
  return {
    win,
    frame: () => frames.splice(0).forEach((run) => run()),
    idle: () => idles.splice(0).forEach((run) => run()),
  };
}

let fake: ReturnType<typeof fakeWindow>;
let m: Module;
beforeEach(async () => {
  vi.useFakeTimers();
  fake = fakeWindow();
  vi.stubGlobal('window', fake.win);
  vi.resetModules();
  m = await import('./after-first-paint');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits for a screen, then its frame, then an idle moment', () => {
    const ran: string[] = [];
    m.afterFirstPaint(() => ran.push('badge'));
    // The loading frame paints and idles: nothing yet, no screen is shown.
    fake.frame();
    vi.advanceTimersByTime(0);
    fake.idle();
    expect(ran).toEqual([]);
    m.screenShown();
    expect(ran).toEqual([]);
    fake.frame();
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([]);
    fake.idle();
    expect(ran).toEqual(['badge']);
    // Later asks run at once.
    m.afterFirstPaint(() => ran.push('worker'));
    expect(ran).toEqual(['badge', 'worker']);
  });

  it('runs what waits 4 s after the first wait if no screen shows (or a hidden tab paints no frame)', () => {
    const ran: string[] = [];
    m.afterFirstPaint(() => ran.push('bell'));
    vi.advanceTimersByTime(3999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['bell']);
  });

  it('a screen shown before anything waits lets the first wait go after the next frame and idle moment', () => {
    const ran: string[] = [];
    m.screenShown();
    m.afterFirstPaint(() => ran.push('quests'));
    fake.frame();
    vi.advanceTimersByTime(0);
    fake.idle();
    expect(ran).toEqual(['quests']);
  });
});
