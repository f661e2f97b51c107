import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root: vitest runs from it, with the ESLint config there. */
const root = `${process.cwd()}/`;
const eslint = new ESLint({ cwd: root });

/** The route-group refusals for one import written in one file under functions/src. */
async function refusals(file: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, {
    filePath: `${root}functions/src/${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.message.includes('route group'))
    .map((m) => m.message);
}

// Loading the config and its plugins takes seconds on a busy machine: once, before the tests.
beforeAll(() => refusals('cart/service.ts', './x.ts'), 120_000);

describe('the lint rule that keeps route groups apart', { timeout: 30_000 }, () => {
  it.each([
    ['payments/checkout.ts', '../cart/service.ts'],
    ['ai/service.ts', '../learning/service.ts'],
    ['profile/service.ts', '../uploads/service.ts'],
    ['catalogue-admin/handler.ts', '../catalogue/public.ts'],
  ])('refuses, in %s, an import of another route group: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([
      'a route group may not import another route group; shared code lives in lib',
    ]);
  });

  it.each([
    ['cart/handler.ts', './service.ts'],
    ['cart/service.ts', '../lib/subjects.ts'],
    ['cart/service.ts', '../db/learner.ts'],
    ['cart/service.test.ts', '../../test/tokens.ts'],
    ['lib/cart.ts', '../db/learner.ts'],
  ])('lets %s import its own files, lib, db and the tests: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([]);
  });
});
