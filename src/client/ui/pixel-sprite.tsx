import { useMemo } from 'react';
import { cn } from '@client/lib/cn';

export interface PixelSpriteProps {
  /** One string per row, one character per pixel; '.' or ' ' is transparent. */
  rows: readonly string[];
  /** Colour of each pixel character. */
  palette: Readonly<Record<string, string>>;
  /** Size of one pixel in CSS pixels (the SVG scales with its box when a className sets one). */
  scale?: number;
  /** Accessible name; without it the sprite is decorative. */
  title?: string;
  className?: string;
}

/** The pixels of one colour as one path: a `M x y h w v 1 h -w z` rectangle per horizontal run. */
export interface ColourPath {
  color: string;
  d: string;
}

/**
 * One path per colour, in the order the colours first appear (the rectangles never overlap, so
 * the order does not change the picture). A 32-pixel emblem is a few elements instead of a
 * `<rect>` per run: the guild screen's 13 emblems were 3,000 SVG elements, the largest part of
 * its render on a phone.
 */
export function colourPaths(rows: readonly string[], palette: Readonly<Record<string, string>>): ColourPath[] {
  const byColour = new Map<string, string[]>();
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      const ch = row[x] ?? '.';
      const color = palette[ch];
      if (!color) {
        x += 1;
        continue;
      }
      let w = 1;
      while (row[x + w] === ch) w += 1;
      let parts = byColour.get(color);
      if (!parts) byColour.set(color, (parts = []));
      parts.push(`M${x} ${y}h${w}v1h-${w}z`);
      x += w;
    }
  });
  return [...byColour].map(([color, parts]) => ({ color, d: parts.join('') }));
}

/** Draws a pixel-art matrix as crisp SVG, one path per colour. */
export function PixelSprite({ rows, palette, scale = 4, title, className }: PixelSpriteProps) {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const height = rows.length;
  const paths = useMemo(() => colourPaths(rows, palette), [rows, palette]);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width * scale}
      height={height * scale}
      shapeRendering="crispEdges"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      className={cn('block', className)}
    >
      {paths.map((p) => (
        <path key={p.color} d={p.d} fill={p.color} />
      ))}
    </svg>
  );
}
