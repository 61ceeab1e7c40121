/** Pixel art of the Forge screen, drawn as matrices for `PixelSprite`. */

/** An anvil with a glowing bar on it and sparks flying. */
export const ANVIL_ROWS = [
  '....o......y......o..',
  '..y.....o......y.....',
  '.......eeeeeee.......',
  '......hhhhhhhhhhhhhh.',
  'hhhhhhssssssssssssssd',
  '.sssssssssssssssssssd',
  '...ssssssssssssssssd.',
  '........ssssssd......',
  '........ssssssd......',
  '........ssssssd......',
  '......sssssssssd.....',
  '.....ssssssssssssd...',
  '.....ddddddddddddd...',
] as const;

export const ANVIL_PALETTE = {
  o: '#ff9f43',
  y: '#ffd23f',
  e: '#ff4d5e',
  h: '#b0b0d4',
  s: '#5a5a8f',
  d: '#2a2a45',
} as const;
