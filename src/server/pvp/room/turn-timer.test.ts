import { describe, expect, it } from 'vitest';
import { ManualTime, RoomClock, type TimeSource } from './room-clock';

/** Manual time that counts the timers set on it. */
function countingTime() {
  const time = new ManualTime();
  const set = { count: 0 };
  const source: TimeSource = {
    now: () => time.now(),
    after: (ms, fn) => {
      set.count += 1;
      return time.after(ms, fn);
    },
  };
  return { time, source, set };
}
import { TurnTimer } from './turn-timer';

describe('the turn timer', () => {
  it('runs out a whole turn after the last move, without setting a timer on every move', () => {
    const { time, source, set } = countingTime();
    const clock = new RoomClock(source);
    let expired = 0;
    const timer = new TurnTimer(clock, 30_000, () => (expired += 1));
    timer.arm();
    for (let move = 0; move < 5; move++) {
      time.advance(10_000);
      timer.newTurn();
      timer.arm();
      expect(clock.timers).toBe(1);
    }
    // The first one, then once more each time it fired before the deadline that moves had moved
    // on (at 30 s and 60 s): three for 50 s of moves, not one a move.
    expect(set.count).toBe(3);
    time.advance(29_999);
    expect(expired).toBe(0);
    time.advance(1);
    expect(expired).toBe(1);
    expect(timer.running).toBe(false);
  });

  it('stops for good, and counts a new turn once armed again', () => {
    const time = new ManualTime();
    const clock = new RoomClock(time);
    let expired = 0;
    const timer = new TurnTimer(clock, 1000, () => (expired += 1));
    timer.arm();
    timer.stop();
    time.advance(5000);
    expect(expired).toBe(0);
    expect(clock.timers).toBe(0);
    timer.newTurn();
    timer.arm();
    time.advance(1000);
    expect(expired).toBe(1);
  });
});
