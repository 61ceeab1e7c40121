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

interface Run {
  x: number;
  y: number;
  w: number;
  color: string;
}

/** Merges horizontal runs of one colour so a sprite needs few rectangles. */
function toRuns(rows: readonly string[], palette: Readonly<Record<string, string>>): Run[] {
  const runs: Run[] = [];
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
      runs.push({ x, y, w, color });
      x += w;
    }
  });
  return runs;
}

/** Draws a pixel-art matrix as crisp SVG rectangles. */
export function PixelSprite({ rows, palette, scale = 4, title, className }: PixelSpriteProps) {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const height = rows.length;
  const runs = useMemo(() => toRuns(rows, palette), [rows, palette]);
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
      {runs.map((r) => (
        <rect key={`${r.x}:${r.y}`} x={r.x} y={r.y} width={r.w} height={1} fill={r.color} />
      ))}
    </svg>
  );
}
