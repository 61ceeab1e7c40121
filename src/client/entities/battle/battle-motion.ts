/**
 * Fight moves played with the Web Animations API on a fighter's wrapper, so each log entry
 * can play them without re-mounting the sprite. `facing` is +1 for a fighter facing right
 * (the player) and -1 for one facing left (the enemy). Callers skip these under reduced motion.
 */

const STEPPED = 'steps(4, end)';

/** The attacker dashes towards the other fighter and springs back. */
export function lunge(el: HTMLElement, facing: 1 | -1, critical: boolean): void {
  const reach = critical ? 62 : 48;
  el.animate(
    [
      { transform: 'translate(0, 0)' },
      { transform: `translate(${-facing * 8}%, 0)`, offset: 0.18 },
      { transform: `translate(${facing * (reach * 0.6)}%, -8%)`, offset: 0.38 },
      { transform: `translate(${facing * reach}%, 0)`, offset: 0.5 },
      { transform: `translate(${facing * reach}%, 0)`, offset: 0.62 },
      { transform: 'translate(0, 0)' },
    ],
    { duration: 560, easing: STEPPED },
  );
}

/** The defender flashes white and is knocked back a little. */
export function hit(el: HTMLElement, facing: 1 | -1, critical: boolean): void {
  const push = critical ? 14 : 8;
  el.animate(
    [
      { transform: 'translate(0, 0)', filter: 'none' },
      { transform: `translate(${-facing * push}%, 0)`, filter: 'brightness(3) saturate(0)', offset: 0.15 },
      { transform: `translate(${-facing * (push / 2)}%, 0)`, filter: 'none', offset: 0.35 },
      { transform: `translate(${-facing * push}%, 0)`, filter: 'brightness(2.4) saturate(0) sepia(1) hue-rotate(-50deg)', offset: 0.55 },
      { transform: `translate(${-facing * 3}%, 0)`, filter: 'none', offset: 0.75 },
      { transform: 'translate(0, 0)', filter: 'none' },
    ],
    { duration: 480, delay: 250, easing: STEPPED },
  );
}

/** The defender glitches out of the way: a sidestep with a flicker. */
export function dodge(el: HTMLElement, facing: 1 | -1): void {
  el.animate(
    [
      { transform: 'translate(0, 0)', opacity: 1 },
      { transform: `translate(${-facing * 30}%, -6%)`, opacity: 0.35, offset: 0.3 },
      { transform: `translate(${-facing * 34}%, 0)`, opacity: 0.8, offset: 0.55 },
      { transform: `translate(${-facing * 20}%, 0)`, opacity: 0.4, offset: 0.7 },
      { transform: 'translate(0, 0)', opacity: 1 },
    ],
    { duration: 520, delay: 150, easing: STEPPED },
  );
}

/** The winner jumps for joy. */
export function cheer(el: HTMLElement): void {
  el.animate(
    [
      { transform: 'translate(0, 0)' },
      { transform: 'translate(0, -18%)', offset: 0.25 },
      { transform: 'translate(0, 0)', offset: 0.5 },
      { transform: 'translate(0, -12%)', offset: 0.75 },
      { transform: 'translate(0, 0)' },
    ],
    { duration: 700, delay: 200, easing: STEPPED },
  );
}

/** The whole stage shakes on a critical hit. */
export function shake(el: HTMLElement): void {
  el.animate(
    [
      { transform: 'translate(0, 0)' },
      { transform: 'translate(-4px, 2px)' },
      { transform: 'translate(4px, -2px)' },
      { transform: 'translate(-3px, -1px)' },
      { transform: 'translate(2px, 1px)' },
      { transform: 'translate(0, 0)' },
    ],
    { duration: 300, delay: 260, easing: 'steps(5, end)' },
  );
}

/** The fighter braces behind its firewall: it crouches and glows cyan for a moment. */
export function brace(el: HTMLElement): void {
  el.animate(
    [
      { transform: 'translate(0, 0)', filter: 'none' },
      { transform: 'translate(0, 4%) scale(1, 0.94)', filter: 'drop-shadow(0 0 6px #22e4ff)', offset: 0.3 },
      { transform: 'translate(0, 4%) scale(1, 0.94)', filter: 'drop-shadow(0 0 10px #22e4ff)', offset: 0.7 },
      { transform: 'translate(0, 0)', filter: 'none' },
    ],
    { duration: 560, easing: STEPPED },
  );
}
