/** SPEC §9 arena level ranges: the server's own list, which `pvp_join_queue` accepts by id. */
export { ARENAS, levelFits, levelRange, type ArenaInfo } from '@common/arenas';
