import { endpoints, type Endpoints } from './api';
import type { routeGroups } from './route-groups';
import { routeTable } from './route-table';

type Groups = typeof routeGroups;

/**
 * Every HTTP call of the game, one typed function each, made from the shared contracts
 * (src/common/api): `api.characters.list()`, `api.battle.fight({ body: { characterId } })`.
 * Screens call the server through these only. They are built from the routes' methods and
 * paths (route-table.ts) and typed by the contracts, whose schemas no screen loads.
 */
export const api = Object.fromEntries(Object.entries(routeTable).map(([area, routes]) => [area, endpoints(routes)])) as unknown as {
  [A in keyof Groups]: Endpoints<Groups[A]>;
};
