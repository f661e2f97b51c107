/**
 * `npm run create-admin`: makes (or resets the password of) an admin in the DEPLOYED admin pool,
 * through the same service the API uses. Needs AWS credentials for the stack's account.
 *
 *   ADMIN_EMAIL=you@school.in ADMIN_PASSWORD='Secret123' npm run create-admin
 *
 * The stack's names (ADMIN_POOL_ID, ADMIN_CLIENT_ID, LEARNER_POOL_ID, LEARNER_CLIENT_ID,
 * TABLE_NAME, MEDIA_BUCKET) come from the environment, or else from `cdk.out/outputs.json`, which
 * `npm run deploy` writes (stack `GiaSchool-<GIA_STAGE>`, default dev). The region is AWS_REGION,
 * else GIA_REGION, else ap-south-1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { InsertAdminInput } from '@gia/shared';

const OUTPUTS_FILE = fileURLToPath(new URL('../../cdk.out/outputs.json', import.meta.url));

/** Stack output → the variable the functions read. */
const FROM_OUTPUT = {
  AdminPoolId: 'ADMIN_POOL_ID',
  AdminClientId: 'ADMIN_CLIENT_ID',
  LearnerPoolId: 'LEARNER_POOL_ID',
  LearnerClientId: 'LEARNER_CLIENT_ID',
  TableName: 'TABLE_NAME',
  MediaBucketName: 'MEDIA_BUCKET',
} as const;

const nonEmpty = z.string().check(z.minLength(1));

const Settings = z.object({
  // The same rules as the "Add New Admin" screen's API.
  ADMIN_EMAIL: InsertAdminInput.shape.email,
  ADMIN_PASSWORD: InsertAdminInput.shape.password,
  ADMIN_NAME: z._default(InsertAdminInput.shape.name, 'Admin'),
  ADMIN_POOL_ID: nonEmpty,
  ADMIN_CLIENT_ID: nonEmpty,
  LEARNER_POOL_ID: nonEmpty,
  LEARNER_CLIENT_ID: nonEmpty,
  TABLE_NAME: nonEmpty,
  MEDIA_BUCKET: nonEmpty,
});

/** The deployed stack's outputs from the last `npm run deploy` on this machine, if any. */
function deployedOutputs(stackName: string): Record<string, string> {
  if (!existsSync(OUTPUTS_FILE)) return {};
  const all = JSON.parse(readFileSync(OUTPUTS_FILE, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const outputs = all[stackName] ?? {};
  return Object.fromEntries(
    Object.entries(FROM_OUTPUT)
      .filter(([output]) => outputs[output])
      .map(([output, variable]) => [variable, outputs[output]!]),
  );
}

async function main() {
  const stackName = `GiaSchool-${process.env.GIA_STAGE ?? 'dev'}`;
  const parsed = Settings.safeParse({ ...deployedOutputs(stackName), ...process.env });
  if (!parsed.success) {
    console.error(`Missing or invalid settings (stack ${stackName}):`);
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    for (const problem of new Set(problems)) console.error(problem);
    console.error(
      'Set them in the environment, or run `npm run deploy` first (cdk.out/outputs.json).',
    );
    process.exit(2);
  }
  const settings = parsed.data;
  // The functions' code reads its configuration from process.env when first imported.
  process.env.AWS_REGION ??= process.env.GIA_REGION ?? 'ap-south-1';
  for (const variable of Object.values(FROM_OUTPUT)) process.env[variable] = settings[variable];
  delete process.env.COGNITO_LOCAL_ISSUER_BASE;

  const { ensureAdmin } = await import('@gia/functions/admins/service.ts');
  const admin = await ensureAdmin({
    name: settings.ADMIN_NAME,
    email: settings.ADMIN_EMAIL,
    password: settings.ADMIN_PASSWORD,
  });
  console.log(
    `Admin ready: ${admin.email} (${admin.admin_id}). Sign in at <SiteUrl>/AdminLoginNew.`,
  );
}

main().catch((err: unknown) => {
  console.error('Could not create the admin:', err instanceof Error ? err.message : err);
  process.exit(1);
});
