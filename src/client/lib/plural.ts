import { groupDigits } from '@common/constants';
/** '1 win', '2 wins', '1 loss', '0 losses': a count with its noun, singular only for exactly one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${groupDigits(count)} ${count === 1 ? singular : pluralForm}`;
}
