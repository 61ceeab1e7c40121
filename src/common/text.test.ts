import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKS_PER_CHARACTER_MAX, TEXT_MESSAGES, hasBidiControl, hasVisibleText, mostMarksOnOneCharacter, nameProblem, textProblem, visiblePart } from './text';

describe('visible text', () => {
  it('removes format characters before deciding a text is empty', () => {
    expect(visiblePart('\u200b\u200c\u200d\u2060\ufeff\u00ad')).toBe('');
    expect(visiblePart(' \u200bBob\u200b ')).toBe('Bob');
    expect(nameProblem('\u200b\u200b')).toBe('must contain visible characters');
    expect(textProblem('\u2063')).toBe('must contain visible characters');
  });

  it('finds bidi controls anywhere in a name, but lets visible names with joiners through', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']) {
      expect(hasBidiControl(`a${c}b`)).toBe(true);
      expect(nameProblem(`a${c}b`)).toBe('may not contain text-direction control characters');
    }
    expect(nameProblem('Kit 👩‍💻')).toBeNull();
    expect(nameProblem('Zoë')).toBeNull();
  });

  it('refuses control characters, but lets chat keep its line breaks', () => {
    expect(nameProblem('a\u0000b')).toBe('may not contain control characters');
    expect(textProblem('one\ntwo\tthree')).toBeNull();
    expect(textProblem('bell\u0007')).toBe('may not contain control characters');
  });

  it('allows an empty optional text but not an invisible one', () => {
    expect(textProblem('', { allowEmpty: true })).toBeNull();
    expect(textProblem('\u200b', { allowEmpty: true })).toBe('must contain visible characters');
  });
});

/** Characters that draw nothing: blanks of the drawn categories, spaces, format characters. */
const BLANKS = ['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u3000', '\u{1d159}', '\u17b4', '\u17b5', ' ', '\u00a0', '\u2003'];
const FORMAT = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u2063', '\u{e0020}'];
/** Accents, vowel signs, variation selectors, an enclosing keycap. */
const MARKS = ['\u0301', '\u0300', '\u0308', '\u0336', '\u0489', '\u093c', '\u0947', '\u0902', '\u05bc', '\ufe0f', '\ufe0e', '\u{e0100}', '\u20e3', '\u0e48', '\u034f'];

describe('what counts as visible', () => {
  it('finds nothing visible in Hangul fillers, the braille blank, the ideographic space or the null notehead', () => {
    for (const text of ['\u3164\u3164\u3164', '\u115f', '\u1160\u1160', '\uffa0', '\u2800\u2800', '\u3000', '\u{1d159}']) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
      expect(nameProblem(text)).toBe(TEXT_MESSAGES.invisible);
      expect(textProblem(text)).toBe(TEXT_MESSAGES.invisible);
    }
    // An optional text may be empty; the ideographic space is trimmed as a space is.
    expect(textProblem('\u3164\u2800', { allowEmpty: true })).toBe(TEXT_MESSAGES.invisible);
    expect(textProblem('\u3000', { allowEmpty: true })).toBeNull();
  });

  it('never lets marks stand alone: marks on nothing, on blanks or on spaces are invisible', () => {
    for (const text of ['\u0301\u0301', '\ufe0f', '\u3164\u0301', ' \u0308 \u0308', '\u2800\u20e3', '\u{e0100}\u200d\u0301']) {
      expect(nameProblem(text), JSON.stringify(text)).toBe(TEXT_MESSAGES.invisible);
    }
  });

  it('holds for any mix of blanks, format characters and marks', () => {
    const invisible = fc.array(fc.constantFrom(...BLANKS, ...FORMAT, ...MARKS), { minLength: 1, maxLength: 30 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(invisible, (text) => {
        expect(hasVisibleText(text)).toBe(false);
        expect(nameProblem(text)).toBe(TEXT_MESSAGES.invisible);
      }),
    );
  });

  it('counts one drawn character among them as visible', () => {
    const noise = fc.array(fc.constantFrom(...BLANKS, ...FORMAT), { maxLength: 10 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(noise, fc.constantFrom('a', 'Ж', '한', '字', '7', '!', '€', '😀', '.'), noise, (before, drawn, after) => {
        expect(hasVisibleText(before + drawn + after)).toBe(true);
      }),
    );
  });
});

describe('marks stacked on one character', () => {
  it(`allows ${MARKS_PER_CHARACTER_MAX} and refuses more, whatever format characters lie between them`, () => {
    // Marks that compose with none of these bases, so the count is the number stacked.
    const marks = fc.array(fc.constantFrom('\u0336', '\u0334', '\u0353', '\u0489', '\u20e3', '\ufe0f', '\u{e0100}', '\u0e48'), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.constantFrom('x', 'Ж', '😀', '7'), marks, fc.constantFrom('', '\u200d', '\u200b', '\u2060'), (base, stacked, between) => {
        const text = base + stacked.join(between);
        expect(mostMarksOnOneCharacter(text)).toBe(stacked.length);
        expect(textProblem(text)).toBe(stacked.length > MARKS_PER_CHARACTER_MAX ? TEXT_MESSAGES.marks : null);
      }),
    );
  });

  it('counts a decomposed letter as the composed one it stands for', () => {
    expect(mostMarksOnOneCharacter('e\u0323\u0302')).toBe(0);
    expect(mostMarksOnOneCharacter('a\u0301\u0301')).toBe(1);
  });

  it('refuses one letter smeared with 498 marks, and names holding a smear', () => {
    expect(textProblem('a' + '\u0301'.repeat(498))).toBe(TEXT_MESSAGES.marks);
    expect(textProblem('hi Z\u0336\u0322\u031b\u034e\u0324a\u0338l\u0335go')).toBe(TEXT_MESSAGES.marks);
    expect(nameProblem('Bob' + '\u0300\u0301\u0302\u0303\u0304')).toBe(TEXT_MESSAGES.marks);
    expect(nameProblem('Bob' + '\u0300\u0301\u0302\u0303')).toBeNull();
  });

  it('lets real writing through: emoji sequences, Vietnamese, Hindi, Burmese, Thai, Hebrew, Korean, Japanese, accented Latin', () => {
    const texts = [
      '👩‍💻 👨‍👩‍👧‍👦 👍🏽 👩🏿‍🚀 🏳️‍🌈 🏴‍☠️ ❤️‍🔥 1️⃣ 🇫🇷 👩‍❤️‍💋‍👨 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
      'Tiếng Việt rất đẹp, người ơi!',
      'Tiếng Việt'.normalize('NFD'),
      'नमस्ते दोस्तों, क्षत्रिय ड़ें हिन्दी',
      'श्रीमद्भगवद्गीता कृष्ण',
      'မြန်မာ လျှော့ ကျွန်ုပ်',
      'ที่นี่ สวัสดีครับ',
      'שָּׁלוֹם עֲלֵיכֶם',
      '안녕하세요 글리치 아레나',
      'こんにちは、ガンバって！ カ\u3099',
      'Zoë Ångström Æsir façade Łódź Ørsted ñandú',
      'Ẓ̌oë',
      'འབྲུག་ བསྒྲུབས ཧཱུྃ',
    ];
    for (const text of texts) {
      expect(textProblem(text), text).toBeNull();
      expect(mostMarksOnOneCharacter(text), text).toBeLessThanOrEqual(MARKS_PER_CHARACTER_MAX);
    }
    for (const name of ['Kit 👩‍💻', 'Nguyễn', 'अर्जुन', 'ฟ้า', '김철수', 'さくら', 'Ζωή', 'Ёжик', 'Łukasz', 'Nguyễn'.normalize('NFD')]) {
      expect(nameProblem(name), name).toBeNull();
    }
  });
});

describe('free texts', () => {
  it('refuses bidi controls in chat and descriptions as in names', () => {
    for (const c of ['\u202e', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']) {
      expect(textProblem(`hi ${c}exe.gnp`)).toBe(TEXT_MESSAGES.bidi);
      expect(textProblem(`hi ${c}exe.gnp`, { allowEmpty: true })).toBe(TEXT_MESSAGES.bidi);
    }
  });
});
