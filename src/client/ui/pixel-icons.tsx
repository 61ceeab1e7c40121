import type { JSX } from 'react';
import type { Slot } from '@common/gear';
import { PixelSprite } from './pixel-sprite';

/*
 * Pixel-art icons drawn for the game: the six equipment slots and a rarity gem. They take the text
 * colour (currentColor) with darker and lighter shades of it, so a rarity or state colours them.
 */

/** 'c' the colour, 'h' a highlight, 'd' a shade, 'o' the dark outline; '.' is transparent. */
export const ICON_PALETTE: Readonly<Record<string, string>> = Object.freeze({
  c: 'currentColor',
  h: 'color-mix(in srgb, currentColor 45%, #ffffff)',
  d: 'color-mix(in srgb, currentColor 60%, #000000)',
  o: 'color-mix(in srgb, currentColor 35%, #000000)',
});

export const SLOT_ICON_ROWS: Readonly<Record<Slot | 'unknown', readonly string[]>> = {
  weapon: [
    '..........oo',
    '.........ohc',
    '........ohco',
    '.......ohco.',
    '......ohco..',
    '.o...ohco...',
    '.oo.ohco....',
    '..oohco.....',
    '...odo......',
    '..oddoo.....',
    '.odo..oo....',
    '.oo.........',
  ],
  armor: [
    '............',
    '.ooo....ooo.',
    'ohcco..occdo',
    'ohccooooccdo',
    'oohcchcccdoo',
    '..ohccccdo..',
    '..ohccccdo..',
    '..ocohocdo..',
    '..ohccccdo..',
    '..occccddo..',
    '..oooooooo..',
    '............',
  ],
  helmet: [
    '............',
    '....oooo....',
    '..oochcooo..',
    '.ochhcccddo.',
    '.ohcccccddo.',
    '.occcccccdo.',
    '.oooooooooo.',
    '.ocdo..odco.',
    '.ocdo..odco.',
    '.occo..occo.',
    '..oo....oo..',
    '............',
  ],
  boots: [
    '............',
    '...oooo.....',
    '...ohco.....',
    '...ohco.....',
    '...ohco.....',
    '...ohco.....',
    '...ohcoo....',
    '...ohccooo..',
    '..ohcccccco.',
    '..ohccccccdo',
    '..oddddddddo',
    '..oooooooooo',
  ],
  gloves: [
    '............',
    '...o.o.o....',
    '..ohohohoo..',
    '..ohchchco..',
    '..ohcccccoo.',
    '..ohccccchco',
    '..occcccccco',
    '..occccccdo.',
    '..odcccccdo.',
    '...oddddoo..',
    '...occcdo...',
    '...oooooo...',
  ],
  accessory: [
    '...dddddd...',
    '..d......d..',
    '.d........d.',
    '.d........d.',
    '..d......d..',
    '...d.oo.d...',
    '....ohco....',
    '...ohhcco...',
    '...ohccdo...',
    '...occddo...',
    '....oddo....',
    '.....oo.....',
  ],
  unknown: [
    '............',
    '............',
    '..oooooooo..',
    '.ohhhhhhhdo.',
    '.oooooooooo.',
    '.ohcccocddo.',
    '.occccocddo.',
    '.occcoooddo.',
    '.occcccccdo.',
    '.oddddddddo.',
    '.oooooooooo.',
    '............',
  ],
};

export const RARITY_GEM_ROWS: readonly string[] = ['..h..', '.hcc.', 'hccdd', '.cdd.', '..d..'];

export interface PixelIconProps {
  className?: string;
  /** Accessible name; without it the icon is decorative. */
  title?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
}

function slotRows(slot: string): readonly string[] {
  return (SLOT_ICON_ROWS as Record<string, readonly string[] | undefined>)[slot] ?? SLOT_ICON_ROWS.unknown;
}

/** The pixel icon of an equipment slot (a box for an unknown one), in the text colour. */
export function SlotPixelIcon({ slot, className, title }: PixelIconProps & { slot: string }) {
  return (
    <PixelSprite
      rows={slotRows(slot)}
      palette={ICON_PALETTE}
      scale={2}
      title={title}
      className={className}
    />
  );
}

/** A small pixel gem in the text colour, marking a rarity. */
export function RarityGem({ className, title }: PixelIconProps) {
  return <PixelSprite rows={RARITY_GEM_ROWS} palette={ICON_PALETTE} scale={2} title={title} className={className} />;
}

/** One component per slot, usable where an icon component is expected (`<Icon className=... />`). */
export const SLOT_PIXEL_ICONS: Readonly<Record<Slot, (props: PixelIconProps) => JSX.Element>> = {
  weapon: (props) => <SlotPixelIcon slot="weapon" {...props} />,
  armor: (props) => <SlotPixelIcon slot="armor" {...props} />,
  helmet: (props) => <SlotPixelIcon slot="helmet" {...props} />,
  boots: (props) => <SlotPixelIcon slot="boots" {...props} />,
  gloves: (props) => <SlotPixelIcon slot="gloves" {...props} />,
  accessory: (props) => <SlotPixelIcon slot="accessory" {...props} />,
};

export const UnknownSlotPixelIcon = (props: PixelIconProps) => <SlotPixelIcon slot="unknown" {...props} />;
