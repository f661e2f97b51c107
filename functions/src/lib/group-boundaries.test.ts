import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root: vitest runs from it, with the ESLint config there. */
const root = `${process.cwd()}/`;
const eslint = new ESLint({ cwd: root });

/** The layering refusals for one import written in one file under functions/src. */
async function refusals(file: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, {
    filePath: `${root}functions/src/${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && !m.message.includes('zod'))
    .map((m) => m.message);
}

const GROUPS =
  'a route group may not import another route group; shared domain code lives in domain/<capability> (through its index.ts), infrastructure in lib';

// Loading the config and its plugins takes seconds on a busy machine: once, before the tests.
beforeAll(() => refusals('cart/service.ts', './x.ts'), 120_000);

describe('the lint rule that keeps route groups apart', { timeout: 30_000 }, () => {
  it.each([
    ['payments/checkout.ts', '../cart/service.ts'],
    ['ai/service.ts', '../learning/service.ts'],
    ['profile/service.ts', '../uploads/service.ts'],
    ['catalogue-admin/handler.ts', '../catalogue/public.ts'],
    // A domain capability only through its public face.
    ['cart/service.ts', '../domain/pricing/cart.ts'],
  ])('refuses, in %s, an import of another route group: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([GROUPS]);
  });

  it.each([
    ['cart/handler.ts', './service.ts'],
    ['cart/service.ts', '../domain/pricing/index.ts'],
    ['cart/service.ts', '../db/learner.ts'],
    ['cart/service.ts', '../lib/errors.ts'],
    ['cart/service.test.ts', '../../test/tokens.ts'],
  ])('lets %s import its own files, domain, db, lib and the tests: %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([]);
  });
});

describe('the lint rules that keep the layers pointing one way', { timeout: 30_000 }, () => {
  it.each([
    ['lib/http.ts', '../db/accounts.ts', 'lib is infrastructure: it may not import db or domain'],
    [
      'lib/s3.ts',
      '../domain/pricing/index.ts',
      'lib is infrastructure: it may not import db or domain',
    ],
    [
      'db/orders.ts',
      '../domain/pricing/index.ts',
      'db may not import domain (domain is built on db, not the other way)',
    ],
    [
      'domain/pricing/cart.ts',
      '../entitlement/subjects.ts',
      'a domain capability reaches another only through its index.ts',
    ],
  ])('refuses, in %s, an import of %s', async (file, from, message) => {
    expect(await refusals(file, from)).toEqual([message]);
  });

  it.each([
    ['lib/http.ts', './errors.ts'],
    ['db/orders.ts', '../lib/dynamo.ts'],
    ['domain/pricing/cart.ts', '../entitlement/index.ts'],
    ['domain/pricing/cart.ts', '../../db/learner.ts'],
    ['domain/pricing/cart.ts', '../../lib/errors.ts'],
    // The two named adapters that keep state in the table.
    ['lib/auth.ts', '../db/sessions.ts'],
  ])('lets %s import %s', async (file, from) => {
    expect(await refusals(file, from)).toEqual([]);
  });
});
