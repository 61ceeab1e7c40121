import { featureBorders } from './feature-borders.js';
import { layers } from './layers.js';
import { noCycle } from './no-cycle.js';

/** The repository's own lint rules (eslint.config.js). */
export default { rules: { 'feature-borders': featureBorders, layers, 'no-cycle': noCycle } };
