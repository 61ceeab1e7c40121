import { type SpritePalette } from './palette';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type ColourGrid = (string | undefined)[][];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function colourGrid(rows: readonly string[], palette: SpritePalette): ColourGrid {
  return rows.map((row) => Array.from(row, (ch) => (ch !== '.' && Object.hasOwn(palette, ch) ? palette[ch] : undefined)));
}

/**
 * Rectangles that paint every pixel of `colour` when drawn before the colours of `later`
 * (which may be painted over) and after all others. Each row gives one run across each
 * stretch of pixels of `colour` or `later` colours, trimmed to its first and last pixel of
 * `colour`; a run joins the rectangle ending on the row above when their joint span covers
 * only such pixels on every row.
 */
function boxesOf(grid: ColourGrid, colour: string, later: ReadonlySet<string>): Box[] {
  const paintable = (x: number, y: number) => {
    const c = grid[y]?.[x];
    return c === colour || (c !== undefined && later.has(c));
  };
  const spanPaintable = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) if (!paintable(x, y)) return false;
    return true;
  };
  const boxes: Box[] = [];
  let open: Box[] = [];
  grid.forEach((row, y) => {
    const runs: [number, number][] = [];
    let first = -1;
    let last = -1;
    row.forEach((c, x) => {
      if (c === colour) {
        if (first < 0) first = x;
        last = x;
      } else if (!paintable(x, y) && first >= 0) {
        runs.push([first, last]);
        first = -1;
      }
    });
    if (first >= 0) runs.push([first, last]);
    const next: Box[] = [];
    for (const [x0, x1] of runs) {
      const above = open.find((b) => {
        const lo = Math.min(b.x, x0);
        const hi = Math.max(b.x + b.w - 1, x1);
        return !next.includes(b) && spanPaintable(lo, hi, b.y, y);
      });
      if (above) {
        const hi = Math.max(above.x + above.w - 1, x1);
        above.x = Math.min(above.x, x0);
        above.w = hi - above.x + 1;
        above.h += 1;
        next.push(above);
      } else {
        const box = { x: x0, y, w: x1 - x0 + 1, h: 1 };
        boxes.push(box);
        next.push(box);
      }
    }
    open = next;
  });
  return boxes;
}

/**
 * Colours in painting order with their rectangles. Each step paints next the colour that
 * saves the most rectangles by being allowed to run under the colours still to come, so
 * the outline usually goes first as one rectangle per opaque stretch of a row.
 */
function layers(grid: ColourGrid): [string, Box[]][] {
  const remaining: string[] = [];
  for (const row of grid) for (const c of row) if (c !== undefined && !remaining.includes(c)) remaining.push(c);
  const result: [string, Box[]][] = [];
  while (remaining.length > 0) {
    let best = 0;
    let bestBoxes: Box[] = [];
    let bestGain = -Infinity;
    remaining.forEach((colour, i) => {
      const later = new Set(remaining.filter((c) => c !== colour));
      const boxes = boxesOf(grid, colour, later);
      const gain = boxesOf(grid, colour, new Set()).length - boxes.length;
      if (gain > bestGain) {
        best = i;
        bestBoxes = boxes;
        bestGain = gain;
      }
    });
    result.push([remaining[best] as string, bestBoxes]);
    remaining.splice(best, 1);
  }
  return result;
}

/**
 * A pixel matrix as a self-contained SVG of `<rect>`s, each a merged run of one colour,
 * grouped by colour and layered so runs may pass under colours painted after them; crisp at
 * any scale. Characters missing from the palette (and '.') are transparent.
 */
export function renderSvg(rows: readonly string[], palette: SpritePalette, title?: string): string {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const height = rows.length;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" shape-rendering="crispEdges">`,
  ];
  if (title) parts.push(`<title>${escapeXml(title)}</title>`);
  for (const [colour, boxes] of layers(colourGrid(rows, palette))) {
    parts.push(`<g fill="${escapeXml(colour)}">`);
    for (const b of boxes) parts.push(`<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}"/>`);
    parts.push('</g>');
  }
  parts.push('</svg>');
  return `${parts.join('')}\n`;
}
