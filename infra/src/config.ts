import * as z from 'zod/mini';
import type { DeployedGroup } from './constructs/api-route-group.ts';

/** A whole number from a variable or context value, within the bounds the functions accept. */
const wholeNumber = (min: number, max: number, what: string) =>
  z.optional(z.coerce.number().check(z.int(what), z.minimum(min, what), z.maximum(max, what)));

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
    /**
     * The sender of the product's own e-mails (sign-in codes), an SES identity verified in the
     * stack's region (the address, or its domain): the `auth` function's `MAIL_FROM`, and the only
     * sender it may use. Unset: `no-reply@<domainName>` when a domain is configured; required in
     * prod otherwise; a dev stack without either cannot send sign-in codes (a synth warning).
     */
    mailFrom: z.optional(z.email('an e-mail address (the verified SES sender)')),
    /**
     * Function settings (functions/src/lib/env.ts, same bounds); unset, the functions' defaults:
     * AI questions per UTC day across all learners (`AI_DAILY_BUDGET`, 2000), each OpenAI
     * attempt's timeout (`OPENAI_TIMEOUT_MS`, 9000), sign-ups per client address and hour
     * (`SIGNUP_MAX_PER_CLIENT`, 10).
     */
    aiDailyBudget: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'a whole number, 0 or more'),
    openAiTimeoutMs: wholeNumber(100, 12_000, 'a whole number of milliseconds, 100 to 12000'),
    signupMaxPerClient: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'a whole number, 1 or more'),
    /**
     * The CloudFront public key (PEM, RSA 2048) HLS access cookies are checked with; its private
     * key goes into the `HlsSigningKey` secret. Unset: no `/media/private/hls/*` path (videos play
     * their MP4).
     */
    hlsPublicKey: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----\s*$/,
            'a PEM public key',
          ),
        ),
    ),
  })
  .check(
    z.refine((c) => !c.domainName === !c.certificateArn, {
      message: 'domainName and certificateArn go together',
      path: ['certificateArn'],
    }),
    z.refine((c) => c.stage !== 'prod' || Boolean(c.mailFrom ?? c.domainName), {
      message:
        'prod sends sign-in codes by e-mail: set mailFrom (GIA_MAIL_FROM) to a verified SES sender, or domainName to send from no-reply@<domainName>',
      path: ['mailFrom'],
    }),
  );
export type Config = z.infer<typeof ConfigSchema>;

/** Reads a CDK context value (`cdk -c stage=prod`); anything but a non-empty string is unset. */
export type ContextReader = (key: string) => unknown;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The configuration from the environment (`GIA_STAGE`, `GIA_REGION`, `GIA_DOMAIN_NAME`,
 * `GIA_CERTIFICATE_ARN`, `GIA_ALARM_EMAIL`, `GIA_MAIL_FROM`, `GIA_AI_DAILY_BUDGET`,
 * `GIA_OPENAI_TIMEOUT_MS`, `GIA_SIGNUP_MAX_PER_CLIENT`, `GIA_HLS_PUBLIC_KEY`; the account from the
 * CLI's `CDK_DEFAULT_ACCOUNT`) and CDK context (`stage`, `region`, `domainName`, `certificateArn`,
 * `alarmEmail`, `mailFrom`, `aiDailyBudget`, `openAiTimeoutMs`, `signupMaxPerClient`,
 * `hlsPublicKey`), context first. `mailFrom` defaults to `no-reply@<domainName>`. Throws with
 * every problem listed when something is invalid.
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
    mailFrom: pick('mailFrom', 'GIA_MAIL_FROM'),
    aiDailyBudget: pick('aiDailyBudget', 'GIA_AI_DAILY_BUDGET'),
    openAiTimeoutMs: pick('openAiTimeoutMs', 'GIA_OPENAI_TIMEOUT_MS'),
    signupMaxPerClient: pick('signupMaxPerClient', 'GIA_SIGNUP_MAX_PER_CLIENT'),
    hlsPublicKey: pick('hlsPublicKey', 'GIA_HLS_PUBLIC_KEY'),
  });
  if (!parsed.success) {
    throw new Error(`Invalid deployment configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const config = parsed.data;
  const mailFrom = config.mailFrom ?? (config.domainName && `no-reply@${config.domainName}`);
  return mailFrom ? { ...config, mailFrom } : config;
}

/** The function variables a configuration sets, per route group (only those configured). */
export function groupVariables(
  config: Config,
): Partial<Record<DeployedGroup, Record<string, string>>> {
  const set = (vars: Record<string, number | undefined>) =>
    Object.fromEntries(
      Object.entries(vars).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
  return {
    ai: set({ AI_DAILY_BUDGET: config.aiDailyBudget, OPENAI_TIMEOUT_MS: config.openAiTimeoutMs }),
    auth: set({ SIGNUP_MAX_PER_CLIENT: config.signupMaxPerClient }),
  };
}
