import { GUILD_AVATAR_IDS, type GuildAvatarId } from '../guild-rules';
import { SPRITE_SIZE, type SpriteArt, type SpritePalette } from './palette';

/**
 * The 12 guild emblems (SPEC §9): a heraldic shield in the guild's colours with a 14x14 glyph
 * on it. Roles: K outline, W white, R rim, P p shield light and shade, A a glyph light and
 * shade, N glyph accent. The shield is the same for all; the glyph and colours make each one.
 */

const GLYPH_SIZE = 14;
const GLYPH_X = 9;
const GLYPH_Y = 7;

interface Emblem {
  name: string;
  colours: { P: string; p: string; R: string; A: string; a: string; N: string };
  glyph: readonly string[];
}

const EMBLEMS: Readonly<Record<GuildAvatarId, Emblem>> = {
  phoenix: {
    name: 'Phoenix Crest',
    colours: { P: '#7f1d1d', p: '#5b1414', R: '#fbbf24', A: '#fb923c', a: '#c2410c', N: '#fde047' },
    glyph: [
      'A............A',
      'AA....AA....AA',
      'AAA..AAAA..AAA',
      '.AAA.ANNA.AAA.',
      '.AAAAAAAAAAAA.',
      '..AAAAAAAAAA..',
      '...AAAAAAAA...',
      '....aAAAAa....',
      '.....AAAA.....',
      '....aNaaNa....',
      '...aN.aa.Na...',
      '...a..aa..a...',
      '......aa......',
    ],
  },
  dragon: {
    name: 'Dragon Crest',
    colours: { P: '#14532d', p: '#0c3a1f', R: '#a3e635', A: '#4ade80', a: '#15803d', N: '#fde047' },
    glyph: [
      '.......a...a..',
      '......aA..aA..',
      '.....AAAAAAA..',
      '...AAAAAANKA..',
      '.AAAAAAAAAAAA.',
      'AAAAAAAAAAAAA.',
      'AWaaAAAAAAAAA.',
      'AAAA..AAAAAAA.',
      '.WW....AAAAAA.',
      '.W.W...aAAAAA.',
      '.......aaAAAa.',
      '......aa.aAa..',
      '.........aa...',
    ],
  },
  wolf: {
    name: 'Wolf Crest',
    colours: { P: '#1e293b', p: '#111827', R: '#94a3b8', A: '#cbd5e1', a: '#64748b', N: '#22d3ee' },
    glyph: [
      '.A..........A.',
      '.AA........AA.',
      '.AaA......AaA.',
      '.AAAAAAAAAAAA.',
      '.AAAAAAAAAAAA.',
      'AAANKAAAAKNAAA',
      'AAAKKAAAAKKAAA',
      '.AAAAAAAAAAAA.',
      '..AAAAaaAAAA..',
      '...AAaKKaAA...',
      '....AaaaaA....',
      '.....aAAa.....',
      '......aa......',
    ],
  },
  skull: {
    name: 'Skull Crest',
    colours: { P: '#3b0764', p: '#2a0548', R: '#e879f9', A: '#f5f5f4', a: '#a8a29e', N: '#e879f9' },
    glyph: [
      '..AAAAAAAAAA..',
      '.AAAAAAAAAAAA.',
      'AAAAAAAAAAAAAA',
      'AAAAAAAAAAAAAA',
      'AAKKKAAAAKKKAA',
      'AAKNKKAAKKNKAA',
      'AAKKKAAAAKKKAA',
      'AAAAAAKKAAAAAA',
      '.AAAAAKKAAAAA.',
      '..AAAAAAAAAA..',
      '...AKAKAKAKA..',
      '...AAAAAAAAA..',
      '...aAaAaAaAa..',
    ],
  },
  crown: {
    name: 'Crown Crest',
    colours: { P: '#1e3a8a', p: '#172554', R: '#fbbf24', A: '#fbbf24', a: '#b45309', N: '#e879f9' },
    glyph: [
      '..............',
      'N.....N.....N.',
      'A.....A.....A.',
      'AA...AAA...AA.',
      'AAA.AAAAA.AAA.',
      'AAAAAAAAAAAAA.',
      'AAAAAAAAAAAAA.',
      'AANAAANAAANAA.',
      'AAAAAAAAAAAAA.',
      'aaaaaaaaaaaaa.',
    ],
  },
  sword: {
    name: 'Sword Crest',
    colours: { P: '#7c2d12', p: '#581c0c', R: '#e5e7eb', A: '#e5e7eb', a: '#9ca3af', N: '#fbbf24' },
    glyph: [
      '......WA......',
      '.....WWAa.....',
      '.....WWAa.....',
      '.....WWAa.....',
      '.....WWAa.....',
      '.....WWAa.....',
      '.....WWAa.....',
      '.....WWAa.....',
      '..NNNNNNNNNN..',
      '...NNNNNNNN...',
      '......aa......',
      '......aa......',
      '.....NNNN.....',
      '......NN......',
    ],
  },
  castle: {
    name: 'Castle Crest',
    colours: { P: '#365314', p: '#1f300b', R: '#d6d3d1', A: '#d6d3d1', a: '#78716c', N: '#fbbf24' },
    glyph: [
      'A.A.A....A.A.A',
      'AAAAA.NN.AAAAA',
      '.AAA..NN..AAA.',
      '.AAAAAAAAAAAA.',
      '.AAAKAAAAKAAA.',
      '.AAAAAAAAAAAA.',
      '.AAAAAAAAAAAA.',
      '.AAAAAKKAAAAA.',
      '.AAAAKKKKAAAA.',
      '.AAAAKKKKAAAA.',
      '.AAAAKKKKAAAA.',
      '.aaaaKKKKaaaa.',
    ],
  },
  lightning: {
    name: 'Lightning Crest',
    colours: { P: '#312e81', p: '#1e1b4b', R: '#22d3ee', A: '#fde047', a: '#ca8a04', N: '#ffffff' },
    glyph: [
      '........AAAAA.',
      '.......ANAAA..',
      '......ANAAA...',
      '.....ANAAA....',
      '....ANAAAAAAA.',
      '...AAAAAAAAa..',
      '.......AAAa...',
      '......AAAa....',
      '.....AAAa.....',
      '....AAa.......',
      '...Aa.........',
      '..A...........',
    ],
  },
  eye: {
    name: 'Eye Crest',
    colours: { P: '#4a044e', p: '#2e0330', R: '#22d3ee', A: '#22d3ee', a: '#0e7490', N: '#a3e635' },
    glyph: [
      '..............',
      '..............',
      '....AAAAAA....',
      '..AAWWWWWWAA..',
      '.AWWWNNNNWWWA.',
      'AWWWNNKKNNWWWA',
      'AWWWNNKKNNWWWA',
      '.AWWWNNNNWWWA.',
      '..AAWWWWWWAA..',
      '....aaaaaa....',
    ],
  },
  star: {
    name: 'Star Crest',
    colours: { P: '#0c4a6e', p: '#082f49', R: '#fbbf24', A: '#fde047', a: '#ca8a04', N: '#ffffff' },
    glyph: [
      '......AA......',
      '......AA......',
      '.....AAAA.....',
      '.....ANAA.....',
      'AAAAAANAAAAAAA',
      '.AAAAAAAAAAAA.',
      '..AAAAAAAAAA..',
      '...AAAAAAAA...',
      '...AAAAAAAA...',
      '..AAAa..aAAA..',
      '..AAa....aAA..',
      '.Aa........aA.',
    ],
  },
  flame: {
    name: 'Flame Crest',
    colours: { P: '#292524', p: '#1c1917', R: '#f97316', A: '#f97316', a: '#c2410c', N: '#fde047' },
    glyph: [
      '......A.......',
      '.....AA.......',
      '.....AAA......',
      '....AAAA..A...',
      '...AAAAAA.AA..',
      '...AAANAAAAA..',
      '..AAANNNAAAA..',
      '..AANNNNNAAA..',
      '..AANNWWNNAA..',
      '..AANWWWWNAA..',
      '...AANWWNAA...',
      '....aAAAAa....',
    ],
  },
  glitch: {
    name: 'Glitch Crest',
    colours: { P: '#0b0b14', p: '#05050a', R: '#e879f9', A: '#22d3ee', a: '#0e7490', N: '#e879f9' },
    glyph: [
      'AAAA......NN..',
      'AAAa......NN..',
      'Aaaa..........',
      '....AAAANN....',
      '....AAAaNN....',
      'NN..Aaaa......',
      'NN......AAAA..',
      '........AAAa..',
      '..AAAA..Aaaa..',
      '..AAAa......NN',
      '..Aaaa......NN',
    ],
  },
};

/** Whether (x, y) lies on the shield: straight sides down to row 19, then a point at row 30. */
function onShield(x: number, y: number): boolean {
  if (y < 1 || y > 30) return false;
  const taper = Math.max(0, y - 19);
  return x >= 3 + taper && x <= 28 - taper;
}

function emblemRows(emblem: Emblem): string[] {
  const grid = Array.from({ length: SPRITE_SIZE }, (_, y) =>
    Array.from({ length: SPRITE_SIZE }, (_, x): string => (onShield(x, y) ? (x < 16 ? 'P' : 'p') : '.')),
  );
  const inside = (x: number, y: number) => onShield(x, y);
  for (let y = 0; y < SPRITE_SIZE; y += 1) {
    for (let x = 0; x < SPRITE_SIZE; x += 1) {
      if (!inside(x, y)) continue;
      const edge = !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1);
      const nearEdge = !inside(x - 2, y) || !inside(x + 2, y) || !inside(x, y - 2) || !inside(x, y + 2);
      if (edge) grid[y]![x] = 'K';
      else if (nearEdge) grid[y]![x] = 'R';
    }
  }
  const glyph = emblem.glyph.map((row) => row.padEnd(GLYPH_SIZE, '.'));
  const top = GLYPH_Y + Math.floor((GLYPH_SIZE - glyph.length) / 2);
  const isGlyph = (x: number, y: number) => {
    const ch = glyph[y - top]?.[x - GLYPH_X];
    return ch !== undefined && ch !== '.';
  };
  for (let y = 0; y < SPRITE_SIZE; y += 1) {
    for (let x = 0; x < SPRITE_SIZE; x += 1) {
      if (isGlyph(x, y)) grid[y]![x] = glyph[y - top]![x - GLYPH_X]!;
      else if (inside(x, y) && grid[y]![x] !== 'K' && grid[y]![x] !== 'R') {
        // A dark outline around the glyph keeps it crisp on any shield colour.
        if (isGlyph(x - 1, y) || isGlyph(x + 1, y) || isGlyph(x, y - 1) || isGlyph(x, y + 1)) grid[y]![x] = 'K';
      }
    }
  }
  // A highlight along the upper left of the shield.
  for (let x = 5; x <= 12; x += 1) if (grid[3]![x] === 'P') grid[3]![x] = 'W';
  return grid.map((row) => row.join(''));
}

function emblemArt(emblem: Emblem): SpriteArt {
  for (const row of emblem.glyph) {
    if (row.length > GLYPH_SIZE) throw new Error(`${emblem.name}: glyph row too wide: ${row}`);
  }
  if (emblem.glyph.length > GLYPH_SIZE) throw new Error(`${emblem.name}: glyph too tall`);
  const palette: SpritePalette = { K: '#07070d', W: '#ffffff', ...emblem.colours };
  return { name: emblem.name, palette, rows: emblemRows(emblem) };
}

export const GUILD_EMBLEM_SPRITES: Readonly<Record<GuildAvatarId, SpriteArt>> = Object.fromEntries(
  GUILD_AVATAR_IDS.map((id) => [id, emblemArt(EMBLEMS[id])]),
) as Record<GuildAvatarId, SpriteArt>;
