import { CHARACTER_NAME_MAX } from '@common/constants';

/**
 * The name field's value as typed or pasted: the name is trimmed before it is counted (as the
 * server does), so leading blanks are dropped at once and never use up the 20 characters, and
 * a paste is cut to 20 characters of name. A space typed after a word stays (the next word
 * comes after it); trailing blanks are trimmed when the name is sent.
 */
export function nameInput(value: string, max = CHARACTER_NAME_MAX): string {
  const name = value.trimStart();
  if (name.trimEnd().length <= max) return name.length <= max ? name : name.slice(0, max + 1);
  return name.slice(0, max);
}
