import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ID, PATH_ID_MESSAGE, parsePathId, pathIdField } from './ids';

describe('path ids', () => {
  const field = pathIdField();

  it('reads plain digits from 1 to 2^31 - 1', () => {
    for (const [raw, id] of [['1', 1], ['16', 16], ['2147483647', MAX_ID], ['1000000000', 1e9]] as const) {
      expect(parsePathId(raw)).toBe(id);
      expect(field.parse(raw)).toBe(id);
    }
  });

  it('refuses every other spelling of a number, with the message', () => {
    const bad = ['0', '-1', '+1', '01', '00000000001', '0x10', '0b1', '0o7', '1e0', '1e3', '1.0', '1.5', ' 1', '  1', '1 ', '\t1', '1_000', '１', '١', 'Infinity', 'NaN', '', 'abc', '2147483648', '9999999999', '99999999999', '9007199254740992', '1e+308'];
    for (const raw of bad) {
      expect(parsePathId(raw), JSON.stringify(raw)).toBeNull();
      const parsed = field.safeParse(raw);
      expect(parsed.success, JSON.stringify(raw)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PATH_ID_MESSAGE);
    }
  });

  it('reads back exactly the ids it writes, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => {
        expect(parsePathId(String(id))).toBe(id);
        expect(field.parse(id)).toBe(id);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (raw) => {
        const id = parsePathId(raw);
        if (id !== null) expect(String(id)).toBe(raw);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), fc.constantFrom('0', ' ', '+', '0x'), (id, prefix) => {
        expect(parsePathId(prefix + String(id))).toBeNull();
      }),
    );
  });
});
