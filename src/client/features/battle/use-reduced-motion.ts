/** Kept for the screens that import it from here: the game-wide hook lives in lib/motion. */
export { useReducedMotion } from '@client/lib/motion';
