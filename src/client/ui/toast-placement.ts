import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * Where the toast area sits: bottom right, or at the top while a screen asks for it (chat, whose
 * Send button is at the bottom of the window on a phone and must stay reachable while a 'slow
 * down' toast shows; a duel challenge's card, whose Accept and Decline sit in that corner).
 */
let askers = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  askers += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * While the calling screen is shown (and `active`), toasts appear at the top of the window: a
 * screen, or a card in the bottom corner (a duel challenge), that a toast there would cover.
 */
export function useToastsAtTop(active = true): void {
  useEffect(() => {
    if (!active) return;
    changed(1);
    return () => changed(-1);
  }, [active]);
}

/** True while some screen asks for toasts at the top. */
export function useToastsOnTop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => askers > 0,
    () => false,
  );
}

type Side = 'top' | 'bottom';

/** How much of `box` the toast area would cover at `side` of the window (its size measured now). */
function coverAt(side: Side, area: DOMRect, box: DOMRect): number {
  const top = side === 'top' ? 0 : window.innerHeight - area.height;
  const left = document.documentElement.clientWidth - area.width;
  const w = Math.min(box.right, left + area.width) - Math.max(box.left, left);
  const h = Math.min(box.bottom, top + area.height) - Math.max(box.top, top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The side of the window the toast area takes while a toast shows: the screen's preference, or
 * the other side when the preferred one would cover the focused element (WCAG 2.4.11, focus not
 * obscured). Checked when a toast appears, when the focus moves, on scroll and resize, and when
 * the toast area, the page or the focused element changes size (a second toast stacked on the
 * first, a battle's result growing under the focus as its rewards come in).
 */
export function useToastSide(area: RefObject<HTMLElement | null>, preferTop: boolean, showing: boolean): Side {
  const preferred: Side = preferTop ? 'top' : 'bottom';
  const [side, setSide] = useState<Side>(preferred);
  useEffect(() => {
    if (!showing) {
      setSide(preferred);
      return;
    }
    const other: Side = preferred === 'top' ? 'bottom' : 'top';
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => place());
    let watched: Element | null = null;
    const place = () => {
      const focused = document.activeElement;
      const el = area.current;
      if (resized && focused !== watched) {
        if (watched) resized.unobserve(watched);
        watched = focused && focused !== document.body ? focused : null;
        if (watched) resized.observe(watched);
      }
      if (!el || !focused || focused === document.body || el.contains(focused)) return setSide(preferred);
      const box = focused.getBoundingClientRect();
      const rect = el.getBoundingClientRect();
      setSide(coverAt(preferred, rect, box) > coverAt(other, rect, box) ? other : preferred);
    };
    if (resized) {
      if (area.current) resized.observe(area.current);
      resized.observe(document.body);
    }
    place();
    // The toast is measured once it has rendered.
    const frame = requestAnimationFrame(place);
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [area, preferred, showing]);
  return side;
}
