import { createMemoryBus, type Bus, type BusOptions } from './bus';
import { createRedisBus } from './redis-bus';

/** The Redis bus when a URL is given, else the in-process one. */
export function createBus(redisUrl?: string, options: BusOptions = {}): Bus {
  return redisUrl ? createRedisBus(redisUrl, options) : createMemoryBus(options);
}
