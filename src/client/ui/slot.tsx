import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

/** One ref from two (the slot's and its child's), either of them missing. */
function bothRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  if (!a || !b) return a ?? b;
  return (node: T | null) => {
    for (const ref of [a, b]) {
      if (typeof ref === 'function') ref(node);
      else ref.current = node;
    }
  };
}

/**
 * Renders its one child element with the slot's props merged into the child's (a button's look
 * on a link, `asChild`): the child's props win, except that both event handlers run (the child's
 * first; a handler the child leaves undefined is the slot's), the class names join, the styles
 * merge and both refs are set. The kit's own rather than Radix's Slot, which every screen loaded
 * for the buttons alone.
 */
export function Slot({ children, ...slot }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) throw new Error('Slot needs exactly one element child');
  const child = children as ReactElement<Props>;
  const own = child.props;
  const merged: Props = { ...slot, ...own };
  for (const [key, value] of Object.entries(slot)) {
    const theirs = own[key];
    const handler = /^on[A-Z]/.test(key);
    if (theirs === undefined) {
      // A handler the child leaves undefined (`onClick={cond ? f : undefined}`) is the slot's, as in Radix.
      if (handler) merged[key] = value;
      continue;
    }
    if (handler && typeof value === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        value(...args);
      };
    } else if (key === 'style') merged.style = { ...(value as object), ...(theirs as object) };
    else if (key === 'className') merged.className = [value, theirs].filter(Boolean).join(' ');
    else if (key === 'ref') merged.ref = bothRefs(value as Ref<unknown>, theirs as Ref<unknown>);
  }
  return cloneElement(child, merged);
}
