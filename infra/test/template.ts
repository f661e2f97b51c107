import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll } from 'vitest';
import { ROUTES, ROUTE_GROUPS } from '@gia/shared';
import { loadConfig } from '../src/config.ts';
import type { GiaStack } from '../src/gia-stack.ts';
import type { GiaEdgeStack } from '../src/edge-stack.ts';
import { createStacks } from '../src/stacks.ts';

/** The shared "given" of the stack tests: the product and edge stacks of a prod app, synthesized. */

export type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
};

export type Synthesized = {
  app: App;
  stack: GiaStack;
  edge: GiaEdgeStack;
  template: Template;
  edgeTemplate: Template;
  resources: Record<string, Resource>;
};

/**
 * The time a test that synthesizes a stack or runs cdk-nag may take on a loaded CI machine (two
 * cores shared by many jobs); the default 5 s is for tests that only read the template.
 */
export const HEAVY = 120_000;

/** The time the first synthesis may take (functions really bundled by esbuild): for `beforeAll`. */
export const SYNTH_TIMEOUT = 600_000;

/** The CloudFront public key of the test stacks (HLS signed cookies, issue 15). */
export const TEST_HLS_PUBLIC_KEY = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
}).publicKey;

/** An Allow or Deny statement of an IAM or bucket policy. */
export type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Principal?: unknown;
};

let built: Synthesized | undefined;

/**
 * The stacks, synthesized on first use and then shared by every test of the file (each test file
 * has its own module instance, so a file that does not call this never synthesizes).
 */
export function synthesized(): Synthesized {
  if (built) return built;
  const webDist = mkdtempSync(join(tmpdir(), 'gia-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(webDist, 'shells'));
  writeFileSync(join(webDist, 'shells', 'landing.html'), '<!doctype html><div id="root">…</div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The installable app's files (issue 32), at the site's root as vite-plugin-pwa writes them.
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"GIA School"}');
  const app = new App();
  const config = loadConfig({
    GIA_STAGE: 'prod',
    GIA_ALARM_EMAIL: 'ops@gia.example',
    GIA_MAIL_FROM: 'no-reply@gia.example',
    GIA_AI_DAILY_BUDGET: '500',
    GIA_OPENAI_TIMEOUT_MS: '8000',
    GIA_SIGNUP_MAX_PER_CLIENT: '5',
    GIA_HLS_PUBLIC_KEY: TEST_HLS_PUBLIC_KEY,
    CDK_DEFAULT_ACCOUNT: '123456789012',
  });
  const { main: stack, edge } = createStacks(app, config, { webDist });
  const template = Template.fromStack(stack);
  built = {
    app,
    stack,
    edge,
    template,
    edgeTemplate: Template.fromStack(edge),
    resources: template.toJSON().Resources as Record<string, Resource>,
  };
  return built;
}

/**
 * The stacks for the tests of one file: synthesized by a `beforeAll` of that file, so that
 * collecting the file (or running none of its tests) costs nothing, then read by its tests.
 */
export function givenStacks(): Synthesized {
  const given = {} as Synthesized;
  beforeAll(() => {
    Object.assign(given, synthesized());
  }, SYNTH_TIMEOUT);
  return given;
}

export const idOf = (c: IConstruct) =>
  synthesized().stack.getLogicalId(c.node.defaultChild as CfnElement);
export const ofType = (type: string) =>
  Object.entries(synthesized().resources).filter(([, r]) => r.Type === type);
export const deployedRoutes = ROUTES.filter((r) => !r.localOnly);
export const deployedGroups = ROUTE_GROUPS.filter((g) => g !== 'local');

/** The function of a route group, and the reconciliation job. */
export const functionOf = (group: string) => {
  const { api } = synthesized().stack;
  return group === 'reconcile' ? api.reconcile : api.groups[group as keyof typeof api.groups].fn;
};
