/** Business constants of SPEC §9, shared by client and server. */
export const PRODUCT_NAME = 'Glitch Arena';
export const STARTING_CREDITS = 2500;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 3;
export const PASSWORD_MAX = 128;

export const CHARACTER_NAME_MAX = 20;
export const SHARE_MESSAGE_MAX = 100;
export const CHAT_MESSAGE_MAX = 500;

export const PVE_COOLDOWN_MS = 30_000;
export const PVP_COOLDOWN_MS = 60_000;
export const PVP_TURN_MS = 30_000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const SOUND_DEFAULT_VOLUME = 0.5;
export const SOUND_AMBIENT_VOLUME = 0.3;

/** Formats a credit balance with thousands separators; a missing balance shows 0. */
export function formatCredits(credits: number | null | undefined): string {
  return (credits ?? 0).toLocaleString('en-US');
}
