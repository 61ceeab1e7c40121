// Compiles the server for `npm start`: one ESM bundle of src/server (dependencies stay in
// node_modules), with the SQL migrations beside it, so production runs plain `node` without a
// TypeScript loader.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/server`;

rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
// db/client.ts finds its migrations beside the running module.
cpSync(`${root}src/server/db/migrations`, `${out}/migrations`, { recursive: true });
console.log('Server built: dist/server/main.js');
