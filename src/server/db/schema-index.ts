/** Every table of the game, for the Drizzle client and drizzle-kit. One file per area. */
export * from './schema';
export * from './schema-market';
export * from './schema-equipment';
export * from './schema-skills';
export * from './schema-forge';
export * from './schema-chat';
export * from './schema-pvp';
export * from './schema-guilds';
export * from './schema-replays';
export * from './schema-events';
export * from './schema-moderation';
export * from './schema-social';
