import { describe, expect, it } from 'vitest';
import { tabSockets } from './tab-sockets';

describe("the tab's sockets", () => {
  it('say the tab hears again each time a socket comes online while none was, and only then', () => {
    let resumed = 0;
    const stop = tabSockets.onResumed(() => (resumed += 1));
    const [own, screen, second] = [{}, {}, {}];
    // The page's first socket.
    tabSockets.online(own, true);
    expect(resumed).toBe(1);
    // A second one while the first is online: nothing was missed.
    tabSockets.online(second, true);
    tabSockets.online(second, false);
    expect(resumed).toBe(1);
    // The bell's own hands over to a screen's: a stretch with none online, then one again.
    tabSockets.online(own, false);
    tabSockets.online(screen, false);
    expect(resumed).toBe(1);
    tabSockets.online(screen, true);
    expect(resumed).toBe(2);
    // The same socket told twice counts once; a reconnection counts again.
    tabSockets.online(screen, true);
    expect(resumed).toBe(2);
    tabSockets.online(screen, false);
    tabSockets.online(screen, true);
    expect(resumed).toBe(3);
    tabSockets.online(screen, false);
    stop();
    tabSockets.online(own, true);
    expect(resumed).toBe(3);
    tabSockets.online(own, false);
  });
});
