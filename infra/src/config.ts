import * as z from 'zod/mini';

/** Deployment configuration: environment variables, overridden by `cdk -c key=value`. */
export const ConfigSchema = z
  .object({
    /** `prod` retains the table, pools and media on stack deletion and protects them. */
    stage: z._default(z.enum(['dev', 'prod']), 'dev'),
    region: z._default(
      z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as ap-south-1')),
      'ap-south-1',
    ),
    account: z.optional(z.string().check(z.regex(/^\d{12}$/))),
    /** A custom domain for the site and its ACM certificate, which CloudFront needs in us-east-1. */
    domainName: z.optional(
      z.string().check(z.regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/i, 'a domain name')),
    ),
    certificateArn: z.optional(
      z.string().check(z.startsWith('arn:aws:acm:us-east-1:', 'an ACM certificate in us-east-1')),
    ),
    /** Where alarm notifications are e-mailed (optional). */
    alarmEmail: z.optional(z.email()),
  })
  .check(
    z.refine((c) => !c.domainName === !c.certificateArn, {
      message: 'domainName and certificateArn go together',
      path: ['certificateArn'],
    }),
  );
export type Config = z.infer<typeof ConfigSchema>;

/** Reads a CDK context value (`cdk -c stage=prod`); anything but a non-empty string is unset. */
export type ContextReader = (key: string) => unknown;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The configuration from the environment (`GIA_STAGE`, `GIA_REGION`, `GIA_DOMAIN_NAME`,
 * `GIA_CERTIFICATE_ARN`, `GIA_ALARM_EMAIL`; the account from the CLI's `CDK_DEFAULT_ACCOUNT`) and
 * CDK context (`stage`, `region`, `domainName`, `certificateArn`, `alarmEmail`), context first.
 * Throws with every problem listed when something is invalid.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  context: ContextReader = () => undefined,
): Config {
  const pick = (key: string, variable: string) => str(context(key)) ?? str(env[variable]);
  const parsed = ConfigSchema.safeParse({
    stage: pick('stage', 'GIA_STAGE'),
    region: pick('region', 'GIA_REGION'),
    account: str(env.CDK_DEFAULT_ACCOUNT),
    domainName: pick('domainName', 'GIA_DOMAIN_NAME'),
    certificateArn: pick('certificateArn', 'GIA_CERTIFICATE_ARN'),
    alarmEmail: pick('alarmEmail', 'GIA_ALARM_EMAIL'),
  });
  if (!parsed.success) {
    throw new Error(`Invalid deployment configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
