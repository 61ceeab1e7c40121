import type { RouteContract } from '@common/api/contract';
import { routeGroups } from './route-groups';
import type { RouteEntry } from './route-table';

let byCall: Map<string, RouteContract> | undefined;

/**
 * The contract, schemas and all, of a route the client holds as a method and path: where
 * answers are checked (development and test builds) this chunk loads with the first answer.
 */
export function contractOf(entry: RouteEntry): RouteContract {
  byCall ??= new Map(Object.values(routeGroups).flatMap((group) => Object.values(group).map((c: RouteContract) => [`${c.method} ${c.path}`, c])));
  const contract = byCall.get(`${entry.method} ${entry.path}`);
  if (!contract) throw new Error(`${entry.method} ${entry.path} is not a route of the game`);
  return contract;
}
