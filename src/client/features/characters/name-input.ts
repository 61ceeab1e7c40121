import { CHARACTER_NAME_MAX } from '@common/constants';

/**
 * The name field's value as typed or pasted. The name is trimmed before it is counted (as the
 * server does), so blanks before it never use up the 20 characters: the field holds them and
 * up to 20 characters of name after them (a blank-only name stays, for the 'Please enter a
 * character name' toast). A space typed after a word stays too; the next word comes after it.
 */
export function nameInput(value: string, max = CHARACTER_NAME_MAX): string {
  const lead = value.length - value.trimStart().length;
  const name = value.slice(lead);
  if (name.trimEnd().length <= max) return name.length <= max ? value : value.slice(0, lead + max + 1);
  return value.slice(0, lead + max);
}
