import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { resolveServerPaths } from './paths.ts';

/** The lint rule of eslint.config.js that keeps the engine from importing a module. */
describe('the engine/module boundary', () => {
  const eslint = new ESLint({ cwd: resolveServerPaths().repoRoot });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const importingAModule =
    "import { omResources } from '../services/om/index.ts';\nexport const n = omResources.length;\n";

  it.each(['db/x.ts', 'http/x.ts', 'resources/x.ts', 'resources/write/x.ts', 'jobs/x.ts', 'bulk/x.ts'])(
    'refuses an import of a module in the engine: %s',
    async (file) => {
      expect(await lint(`packages/server/src/${file}`, importingAModule)).toContain('no-restricted-imports');
    },
  );

  it('lets modules, tests and test support import what they need', async () => {
    for (const file of ['services/x/x.ts', 'resources/x.test.ts', 'resources/testing/x.ts'])
      expect(await lint(`packages/server/src/${file}`, importingAModule)).not.toContain(
        'no-restricted-imports',
      );
  });
});
