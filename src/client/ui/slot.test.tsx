import { createRef, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

type Props = Record<string, unknown>;
const propsOf = (element: unknown) => (element as ReactElement<Props>).props;

describe('Slot', () => {
  it("renders its child with the slot's props, the child's winning", () => {
    const out = Slot({ type: 'button', title: 'slot', 'data-x': '1', children: <a href="/x" title="child" /> });
    expect((out as ReactElement).type).toBe('a');
    expect(propsOf(out)).toMatchObject({ href: '/x', title: 'child', type: 'button', 'data-x': '1' });
  });

  it('joins class names, merges styles and runs both handlers, the child first', () => {
    const calls: string[] = [];
    const out = Slot({
      className: 'look',
      style: { color: 'red', margin: 1 },
      onClick: () => calls.push('slot'),
      children: <a className="own" style={{ color: 'blue' }} onClick={() => calls.push('child')} />,
    });
    const props = propsOf(out);
    expect(props.className).toBe('look own');
    expect(props.style).toEqual({ color: 'blue', margin: 1 });
    (props.onClick as () => void)();
    expect(calls).toEqual(['child', 'slot']);
  });

  it("keeps the slot's handler where the child leaves its own undefined, but the child's undefined for other props", () => {
    const onClick = vi.fn();
    const out = Slot({ onClick, title: 'slot', children: <button type="button" onClick={undefined} title={undefined} /> });
    (propsOf(out).onClick as () => void)();
    expect(onClick).toHaveBeenCalledOnce();
    expect(propsOf(out).title).toBeUndefined();
  });

  it('sets both refs', () => {
    const mine = createRef<HTMLElement>();
    const theirs = vi.fn();
    const out = Slot({ ref: mine, children: <a ref={theirs} /> });
    const node = {} as HTMLElement;
    (propsOf(out).ref as (n: HTMLElement) => void)(node);
    expect(mine.current).toBe(node);
    expect(theirs).toHaveBeenCalledWith(node);
  });

  it('refuses anything but one element', () => {
    expect(() => Slot({ children: 'text' })).toThrow(/one element/);
  });
});
