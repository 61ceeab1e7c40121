import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * Vite plugin (builds only): the module at `path` (from the repository root) becomes its export
 * `name` written out as a literal, so what that value was computed from (zod, the schemas) stays
 * out of the client.
 */
export function valueModule(plugin: string, path: string, name: string): Plugin {
  const module = fileURLToPath(new URL(`../${path}`, import.meta.url));
  return {
    name: plugin,
    apply: 'build',
    async load(id) {
      if (id.split('?')[0] !== module) return null;
      const exports = (await tsImport(module, import.meta.url)) as Record<string, unknown>;
      return `export const ${name} = ${JSON.stringify(exports[name])};\n`;
    },
  };
}
