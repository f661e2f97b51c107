import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { handlerEntry } from '@gia/functions';
import {
  GROUP_NEEDS,
  TABLE_ACTIONS,
  type DeployedGroup,
  type Needs,
} from '../src/constructs/api-route-group.ts';
import { RECONCILE_NEEDS } from '../src/constructs/api.ts';
import { AUTH_TRIGGER_NEEDS } from '../src/constructs/auth.ts';
import { SOURCES_NEEDS } from '../src/constructs/sources-extraction.ts';
import { TRANSCODING_NEEDS } from '../src/constructs/transcoding.ts';

/**
 * The grants against the code: every AWS call a deployed function can make must be granted, or
 * the product fails in AWS although every local test (which runs with full rights) passes; and
 * no Cognito, S3 or secret grant, nor an exact list of table actions, may outlive its call.
 * Each function's code is bundled as Lambda gets it (tree-shaken from its entry), and its SDK
 * calls are read from the bundle.
 */

const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));

/** The IAM actions of each SDK command (lib-dynamodb, client-s3, Cognito, Secrets Manager). */
const COMMAND_ACTIONS: Record<string, readonly string[]> = {
  Get: ['dynamodb:GetItem'],
  Put: ['dynamodb:PutItem'],
  Update: ['dynamodb:UpdateItem'],
  Delete: ['dynamodb:DeleteItem'],
  Query: ['dynamodb:Query'],
  BatchGet: ['dynamodb:BatchGetItem'],
  BatchWrite: ['dynamodb:BatchWriteItem'], // and the action of each request (below)
  TransactWrite: [], // the action of each item (below)
  GetObject: ['s3:GetObject'],
  HeadObject: ['s3:GetObject'],
  PutObject: ['s3:PutObject'],
  CopyObject: ['s3:GetObject', 's3:PutObject'], // read the source, write the target
  DeleteObject: ['s3:DeleteObject'],
  GetSecretValue: ['secretsmanager:GetSecretValue'],
  CreateJob: ['mediaconvert:CreateJob'],
  SendEmail: ['ses:SendEmail'],
  // Cognito calls authorised by the caller's own token or public: no IAM.
  InitiateAuth: [],
  SignUp: [],
  RevokeToken: [],
  ForgotPassword: [],
  ConfirmForgotPassword: [],
  UpdateUserAttributes: [],
  VerifyUserAttribute: [],
};

/** The AWS calls a function's bundle can make, as IAM actions. */
async function actionsOfCode(entry: string): Promise<Set<string>> {
  const out = await build({
    entryPoints: [`${FUNCTIONS_DIR}${entry}`],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external', // SDK classes keep their names
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]!.text;
  const actions = new Set<string>();
  const add = (...a: readonly string[]) => a.forEach((x) => actions.add(x));
  // An imported class another module also imports may be renamed `QueryCommand2`.
  for (const [, name] of code.matchAll(/\bnew (\w+?)Command\d*\(/g)) {
    if (name!.startsWith('Admin')) add(`cognito-idp:${name}`);
    else if (name! in COMMAND_ACTIONS) add(...COMMAND_ACTIONS[name!]!);
    else throw new Error(`${entry}: new SDK call ${name}Command; write down what it needs`);
  }
  const item = (key: string) => new RegExp(`\\b${key}:`).test(code);
  if (/\bnew TransactWriteCommand\d*\(/.test(code)) {
    for (const [key, action] of [
      ['Put', 'PutItem'],
      ['Update', 'UpdateItem'],
      ['Delete', 'DeleteItem'],
      ['ConditionCheck', 'ConditionCheckItem'],
    ] as const) {
      if (item(key)) add(`dynamodb:${action}`);
    }
  }
  if (/\bnew BatchWriteCommand\d*\(/.test(code)) {
    if (item('PutRequest')) add('dynamodb:PutItem');
    if (item('DeleteRequest')) add('dynamodb:DeleteItem');
  }
  // Presigned URLs act with the signer's rights when used.
  if (/\bcreatePresignedPost\d*\(/.test(code)) add('s3:PutObject');
  if (/\bfunction presignGetObject\b/.test(code)) add('s3:GetObject');
  // The functions' S3 calls without an S3 client (functions/src/lib/s3-presign.ts): a presigned
  // POST, and one function per operation, each a request presigned with the function's rights.
  for (const [fn, name] of [
    ['presignPost', 'PutObject'],
    ['getObject', 'GetObject'],
    ['putObject', 'PutObject'],
    ['copyObject', 'CopyObject'],
    ['deleteObject', 'DeleteObject'],
  ] as const) {
    if (new RegExp(`\\bfunction ${fn}\\d*\\(`).test(code)) add(...COMMAND_ACTIONS[name]!);
  }
  // Secrets read through the Parameters and Secrets extension (functions/src/lib/secrets.ts): a
  // GetSecretValue made by the extension with the function's own rights.
  if (code.includes('/secretsmanager/get?secretId=')) add(...COMMAND_ACTIONS.GetSecretValue!);
  return actions;
}

/** The IAM actions a function's needs grant (on whatever resources). */
function actionsOfNeeds(needs: Needs): Set<string> {
  const table = typeof needs.table === 'string' ? TABLE_ACTIONS[needs.table] : (needs.table ?? []);
  return new Set([
    ...table.map((a) => `dynamodb:${a}`),
    ...(needs.mediaRead?.length ? ['s3:GetObject'] : []),
    ...(needs.mediaPut?.length ? ['s3:PutObject'] : []),
    ...(needs.mediaDelete?.length ? ['s3:DeleteObject'] : []),
    ...(needs.mediaList ? ['s3:ListBucket'] : []),
    ...Object.values(needs.cognito ?? {}).flatMap((actions) =>
      actions.map((a) => `cognito-idp:${a}`),
    ),
    ...(needs.secret || needs.hlsSigning ? ['secretsmanager:GetSecretValue'] : []),
    ...(needs.mail ? ['ses:SendEmail'] : []),
  ]);
}

/** Each function, its needs, and what its construct grants beside them. */
const functions: [string, string, Needs, string[]][] = [
  ...(Object.entries(GROUP_NEEDS) as [DeployedGroup, Needs][]).map(
    ([group, needs]) =>
      [group, handlerEntry(group), needs, []] as [string, string, Needs, string[]],
  ),
  ['reconcile', 'src/payments/reconcile.ts', RECONCILE_NEEDS, []],
  ['sources', 'src/sources/handler.ts', SOURCES_NEEDS, []],
  // infra/src/constructs/auth.ts: the learner pool's custom-auth triggers (issue 29).
  ['auth-triggers', 'src/auth-triggers/handler.ts', AUTH_TRIGGER_NEEDS, []],
  // infra/src/constructs/transcoding.ts: CreateJob on the template, the queue and new jobs.
  ['transcoding', 'src/media-jobs/transcoding.ts', TRANSCODING_NEEDS, ['mediaconvert:CreateJob']],
];

describe('the grants against the functions’ code', () => {
  it.each(functions)(
    '%s: every AWS call is granted, and no grant is left without its call',
    { timeout: 120_000 }, // bundles the function
    async (group, entry, needs, beside) => {
      const used = await actionsOfCode(entry);
      const granted = new Set([...actionsOfNeeds(needs), ...beside]);
      // Everything the code calls is granted.
      expect([...used].filter((a) => !granted.has(a)).sort(), group).toEqual([]);
      // No Cognito, S3 or secret grant without its call; ListBucket only beside GetObject (S3
      // then answers a missing key with NoSuchKey, not AccessDenied).
      const unused = [...granted].filter(
        (a) =>
          !a.startsWith('dynamodb:') &&
          !used.has(a) &&
          !(a === 's3:ListBucket' && used.has('s3:GetObject')),
      );
      expect(unused.sort(), group).toEqual([]);
      // An exact list of table actions is exactly what the code does.
      if (Array.isArray(needs.table)) {
        expect([...granted].filter((a) => a.startsWith('dynamodb:')).sort(), group).toEqual(
          [...used].filter((a) => a.startsWith('dynamodb:')).sort(),
        );
      }
    },
  );
});
