/** The screens of SPEC §2 and the labels the navigation bar shows for them. */
export const NAV_ENTRIES = [
  { label: 'Home', path: '/' },
  { label: 'Characters', path: '/characters' },
  { label: 'Battle', path: '/battle' },
  { label: 'Equipment', path: '/equipment' },
  { label: 'PvP Arena', path: '/pvp-arena' },
  { label: 'Real PvP', path: '/pvp' },
  // The arenas and the season's ladder; 'PvP Arena' is the queue's entry.
  { label: 'Arenas', path: '/arena' },
  { label: 'Guilds', path: '/guilds' },
  { label: 'Friends', path: '/friends' },
  { label: 'Market', path: '/marketplace' },
  { label: 'Rankings', path: '/leaderboard' },
  { label: 'Chat', path: '/chat' },
  { label: 'Forge', path: '/forge' },
] as const;
