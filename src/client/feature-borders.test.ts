import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own ESLint configuration, run on snippets placed in a feature folder. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function borderErrors(code: string, filePath = 'src/client/features/guilds/snippet.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'glitch/feature-borders').map((m) => m.message);
}

describe('feature borders', () => {
  it('refuses an import from another feature, by alias or by relative path', async () => {
    expect(await borderErrors("export { MarketplacePage } from '@client/features/marketplace/marketplace-page';\n")).toHaveLength(1);
    expect(await borderErrors("import { ChatPage } from '../chat/chat-page';\nexport const page = ChatPage;\n")).toHaveLength(1);
    expect(await borderErrors("export const load = () => import('@client/features/forge/forge-page');\n")).toHaveLength(1);
  });

  it('refuses an import from app/', async () => {
    const errors = await borderErrors("import { NavBar } from '@client/app/nav-bar';\nexport const bar = NavBar;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'@client/app/nav-bar' is outside the feature 'guilds'");
  });

  it('allows entities/, ui/, lib/, src/common, packages and the feature’s own folder', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { characterKeys } from '@client/entities/character/character-keys';",
      "import { Button } from '@client/ui';",
      "import { cn } from '@client/lib/cn';",
      "import { PRODUCT_NAME } from '@common/constants';",
      "import { guildKeys } from '../../entities/guild/guild-keys';",
      "import { useMyGuild } from './guild-queries';",
      'export const all = [useQuery, characterKeys, Button, cn, PRODUCT_NAME, guildKeys, useMyGuild];',
      '',
    ].join('\n');
    expect(await borderErrors(code)).toEqual([]);
  });

  it('is on for every feature', async () => {
    const code = "import { AuthPage } from '@client/features/auth/auth-page';\nexport const page = AuthPage;\n";
    expect(await borderErrors(code, 'src/client/features/new-screen/new-screen-page.tsx')).toHaveLength(1);
  });
});
