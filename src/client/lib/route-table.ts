import type { RouteContract } from '@common/api/contract';
import { routeGroups } from './route-groups';

/** What the client needs of a route to call it: its method and path. */
export type RouteEntry = Pick<RouteContract, 'method' | 'path'>;

/** The method and path of every route of some groups of contracts, by group and name. */
export function tableOf<G extends Record<string, Record<string, RouteContract>>>(groups: G): { [A in keyof G]: { [R in keyof G[A]]: RouteEntry } } {
  return Object.fromEntries(
    Object.entries(groups).map(([area, routes]) => [area, Object.fromEntries(Object.entries(routes).map(([name, c]) => [name, { method: c.method, path: c.path }]))]),
  ) as never;
}

/**
 * Every route the client calls, as methods and paths. A build replaces this module with its
 * value written out (scripts/route-table.ts), so the contracts' zod schemas stay out of the
 * screens' code; in development and unit tests it is computed from the contracts here.
 */
export const routeTable = tableOf(routeGroups);
