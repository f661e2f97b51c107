/**
 * `npm run create-admin`: makes (or resets) an admin in the DEPLOYED admin pool, through the same
 * service the API uses. Needs AWS credentials and the stack's outputs:
 *
 *   ADMIN_EMAIL=you@school.in ADMIN_PASSWORD='Secret123' \
 *   ADMIN_POOL_ID=… ADMIN_CLIENT_ID=… LEARNER_POOL_ID=… LEARNER_CLIENT_ID=… TABLE_NAME=… \
 *   MEDIA_BUCKET=… AWS_REGION=ap-south-1 npm run create-admin
 *
 * (`npm run cdk -- deploy` prints the outputs; they are also in the CloudFormation console.)
 */
import { z } from 'zod';

const Input = z.object({
  ADMIN_EMAIL: z.email(),
  ADMIN_PASSWORD: z.string().min(8),
  ADMIN_NAME: z.string().min(1).default('Admin'),
  ADMIN_POOL_ID: z.string().min(1),
  ADMIN_CLIENT_ID: z.string().min(1),
  LEARNER_POOL_ID: z.string().min(1),
  LEARNER_CLIENT_ID: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
});

async function main() {
  const parsed = Input.safeParse(process.env);
  if (!parsed.success) {
    console.error('Missing or invalid settings:');
    for (const issue of parsed.error.issues)
      console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const { ensureAdmin } = await import('@gia/functions/admins/service.ts');
  const admin = await ensureAdmin({
    name: parsed.data.ADMIN_NAME,
    email: parsed.data.ADMIN_EMAIL.toLowerCase(),
    password: parsed.data.ADMIN_PASSWORD,
  });
  console.log(
    `Admin ready: ${admin.email} (${admin.admin_id}). Sign in at <SiteUrl>/AdminLoginNew.`,
  );
}

main().catch((err: unknown) => {
  console.error('Could not create the admin:', err instanceof Error ? err.message : err);
  process.exit(1);
});
