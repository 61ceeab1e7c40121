import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBorders } from './feature-borders.js';
import { layers } from './layers.js';
import { noCycle } from './no-cycle.js';

/** The repository's import rules fail on a wrong import and pass the right one. */

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

const ZONES = [
  { name: 'bus', path: 'src/server/bus', allow: [] },
  { name: 'services', path: 'src/server/services', allow: ['bus'] },
  { name: 'realtime', path: 'src/server/realtime', allow: ['bus'] },
  { name: 'entities', path: 'src/client/entities', allow: ['lib'] },
  { name: 'features', path: 'src/client/features', allow: ['entities', 'lib'] },
];

tester.run('layers', layers, {
  valid: [
    { filename: '/repo/src/server/realtime/gateway.ts', code: "import { createMemoryBus } from '../bus/bus';", options: [{ zones: ZONES }] },
    { filename: '/repo/src/server/services/chat.ts', code: "import { x } from './ledger'; import { z } from 'zod';", options: [{ zones: ZONES }] },
    { filename: '/repo/src/client/features/pvp/page.tsx', code: "import { pvpReducer } from '@client/entities/pvp/pvp-reducer';", options: [{ zones: ZONES }] },
  ],
  invalid: [
    {
      filename: '/repo/src/server/realtime/dispatch.ts',
      code: "import { postPlayerMessage } from '../services/chat';",
      options: [{ zones: ZONES }],
      errors: [{ message: "'../services/chat' is in services, which realtime may not import (it may import realtime, bus)." }],
    },
    {
      filename: '/repo/src/client/entities/pvp/pvp-reducer.ts',
      code: "export { duel } from '@client/features/real-pvp/duel';",
      options: [{ zones: ZONES }],
      errors: [{ message: "'@client/features/real-pvp/duel' is in features, which entities may not import (it may import entities, lib)." }],
    },
  ],
});

tester.run('feature-borders', featureBorders, {
  valid: [{ filename: '/repo/src/client/features/chat/chat-page.tsx', code: "import { api } from '@client/lib/api'; import { row } from './row';" }],
  invalid: [{ filename: '/repo/src/client/features/chat/chat-page.tsx', code: "import { DuelStage } from '@client/features/real-pvp/duel-stage';", errors: 1 }],
});

// Cycles are read from files on disk: a small tree of its own.
const root = mkdtempSync(join(tmpdir(), 'ga-lint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  return join(root, path);
};
const a = write('src/server/a.ts', "import { b } from './b';\nexport const a = b;\n");
write('src/server/b.ts', "import { c } from './c';\nexport const b = c;\n");
write('src/server/c.ts', "import type { a } from './a';\nexport const c = 1 as unknown as typeof a;\n");
const lone = write('src/server/lone.ts', "import { c } from './c';\nexport const lone = c;\n");

tester.run('no-cycle', noCycle, {
  valid: [{ filename: lone, code: "import { c } from './c';\nexport const lone = c;\n" }],
  invalid: [{ filename: a, code: "import { b } from './b';\nexport const a = b;\n", errors: [{ message: /Import cycle: src\/server\/a\.ts → src\/server\/b\.ts → src\/server\/c\.ts → src\/server\/a\.ts/ }] }],
});
