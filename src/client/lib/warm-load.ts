/**
 * Starts a load early (a hover or focus on the way to a press): its failure is left to the
 * press's own load, which shows it.
 */
export const warmLoad = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
