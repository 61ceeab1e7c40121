import { z } from 'zod';
import { MAX_ID, PATH_ID_MESSAGE, PATH_ID_PATTERN } from './path-ids';

export { MAX_ID, PATH_ID_MESSAGE, PATH_ID_PATTERN, parsePathId } from './path-ids';

/** A positive whole id within the database's range; every failure says `message`. */
export function idField(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/**
 * A numeric path parameter: the text must be a plain id (`PATH_ID_PATTERN`, at most `MAX_ID`),
 * else 400 with `message`; '0x10', ' 1', '01' and '1e0' do not stand for 16 or 1. The client
 * passes numbers, written as their digits.
 */
export function pathIdField(message: string = PATH_ID_MESSAGE) {
  return z.coerce.string().regex(PATH_ID_PATTERN, message).transform(Number).pipe(z.number().max(MAX_ID, message));
}
