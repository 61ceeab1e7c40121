/** Space left between the top bar and what is brought under it. */
const GAP_PX = 8;

/**
 * Where the sticky top bar ends in the window: its height changes with the width (one row or
 * two) and the text size, so it is measured rather than written as a scroll margin. 0 where the
 * bar does not stick (a window too short for it).
 */
function topBarBottom(doc: Document = document): number {
  const bar = doc.querySelector('header');
  if (!bar || getComputedStyle(bar).position !== 'sticky') return 0;
  return Math.max(0, bar.getBoundingClientRect().bottom);
}

/**
 * Scrolls a battle into view just under the top bar: from `lead` (what is above the stage: the
 * phase, the socket's state) when that and the whole stage fit in the window below the bar,
 * otherwise from the stage itself, so nothing is left half under the bar.
 */
export function bringBattleUnderBar(stage: HTMLElement, lead: HTMLElement | null, reducedMotion: boolean): void {
  const top = topBarBottom() + GAP_PX;
  const stageBox = stage.getBoundingClientRect();
  const from = lead && stageBox.bottom - lead.getBoundingClientRect().top <= window.innerHeight - top ? lead : stage;
  window.scrollBy({ top: from.getBoundingClientRect().top - top, behavior: reducedMotion ? 'auto' : 'smooth' });
}
