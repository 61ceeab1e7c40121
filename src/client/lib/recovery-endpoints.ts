import { api } from './endpoints';

/** Account recovery's calls (methods and paths only; the contract's schemas stay out of the screens). */
export const recoveryApi = api.recovery;
