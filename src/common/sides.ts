/** The two sides of a fight, 0 and 1 (battle-events.ts), and the other one: no schema, so a screen uses them without loading zod. */
export type Side = 0 | 1;

export const other = (side: Side): Side => (side === 0 ? 1 : 0);
