import { describe, expect, it } from 'vitest';
import { scrollMove } from './use-chat-scroll';

describe('scrollMove', () => {
  it('follows or announces a message that came, keeps older ones in place', () => {
    expect(scrollMove({}, { first: 1, last: 5 }, false, false)).toBe('newest');
    expect(scrollMove({ first: 1, last: 5 }, { first: 1, last: 6 }, true, false)).toBe('newest');
    expect(scrollMove({ first: 1, last: 5 }, { first: 1, last: 6 }, false, true)).toBe('newest');
    expect(scrollMove({ first: 1, last: 5 }, { first: 1, last: 6 }, false, false)).toBe('unseen');
    expect(scrollMove({ first: 3, last: 5 }, { first: 1, last: 5 }, false, false)).toBe('older');
    expect(scrollMove({ first: 1, last: 5 }, { first: 1, last: 5 }, false, false)).toBe('none');
  });

  it('announces nothing when the newest messages go (deleted, or their author blocked)', () => {
    expect(scrollMove({ first: 1, last: 5 }, { first: 1, last: 4 }, false, false)).toBe('gone');
    expect(scrollMove({ first: 1, last: 5 }, {}, false, false)).toBe('gone');
  });
});
