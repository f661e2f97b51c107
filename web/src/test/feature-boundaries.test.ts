import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root: vitest runs from it, with the ESLint config there. */
const root = `${process.cwd()}/`;
const eslint = new ESLint({ cwd: root });

/** The messages of the no-restricted-imports rule for one import written in one file. */
async function refusals(file: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, {
    filePath: `${root}web/src/features/${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

// Loading the config and its plugins takes seconds on a busy machine: once, before the tests.
beforeAll(() => refusals('catalogue/page.tsx', './x.ts'), 120_000);

describe('the lint rule that keeps web features apart', { timeout: 30_000 }, () => {
  it.each([
    ['catalogue/page.tsx', '../commerce/cart.ts'],
    ['catalogue/page.tsx', '../../features/commerce/cart.ts'],
    ['catalogue/page.tsx', '@/features/commerce/cart.ts'],
    ['learning/api/reviews.ts', '../../commerce/api/cart.ts'],
    ['learning/api/reviews.ts', '../../../features/commerce/api/cart.ts'],
  ])('refuses, in %s, an import of another feature: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([
      expect.stringContaining('a feature may not import another feature'),
    ]);
  });

  it.each([
    ['catalogue/page.tsx', './price-bands.ts'],
    ['catalogue/page.tsx', '../../lib/format.ts'],
    ['catalogue/page.tsx', '../../components/catalogue-ui.tsx'],
    ['learning/api/reviews.ts', '../progress.ts'],
    ['learning/api/reviews.ts', '../../learning/questions.tsx'],
    ['learning/api/reviews.ts', '../../../lib/api-client.ts'],
  ])('lets %s import its own feature and the shared folders: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([]);
  });
});
