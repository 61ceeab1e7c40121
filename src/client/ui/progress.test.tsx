import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';

/** The bar's own element: its attributes, from server-rendered markup. */
function bar(element: React.ReactElement): Record<string, string> {
  const html = renderToString(element);
  const tag = /<div([^>]*role="progressbar"[^>]*)>/.exec(html);
  expect(tag, html).not.toBeNull();
  return Object.fromEntries([...tag![1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
}

/** The width of the filled part. */
const fill = (element: React.ReactElement) => /width:\s*([\d.]+)%/.exec(renderToString(element))?.[1];

describe('Progress', () => {
  it('is a progressbar with its range, its value and its percentage as the spoken value', () => {
    const attrs = bar(<Progress value={30} max={120} aria-label="Experience 30 of 120" />);
    expect(attrs).toMatchObject({
      'aria-label': 'Experience 30 of 120',
      'aria-valuemin': '0',
      'aria-valuemax': '120',
      'aria-valuenow': '30',
      'aria-valuetext': '25%',
      'data-state': 'loading',
    });
    expect(fill(<Progress value={30} max={120} />)).toBe('25');
  });

  it('keeps the value inside its range, a broken one at 0, and says when it is full', () => {
    expect(bar(<Progress value={500} max={100} />)).toMatchObject({ 'aria-valuenow': '100', 'data-state': 'complete' });
    expect(bar(<Progress value={-4} />)['aria-valuenow']).toBe('0');
    expect(bar(<Progress value={Number.NaN} />)['aria-valuenow']).toBe('0');
    // A range of nothing (a timer with no length yet) is a range of 1, never a division by zero.
    expect(bar(<Progress value={0} max={0} />)['aria-valuemax']).toBe('1');
    expect(fill(<Progress value={0} max={0} />)).toBe('0');
  });

  it('lets a caller say more than the percentage', () => {
    expect(bar(<Progress value={2} max={5} aria-valuetext="2 of 5 materials" />)['aria-valuetext']).toBe('2 of 5 materials');
  });
});
