import { z } from 'zod';

/** Deployment configuration, from the environment (or `cdk -c key=value`). */
export const ConfigSchema = z
  .object({
    stage: z.enum(['dev', 'prod']).default('dev'),
    region: z.string().min(1).default('ap-south-1'),
    account: z
      .string()
      .regex(/^\d{12}$/)
      .optional(),
    /** A custom domain for the site, with an ACM certificate in us-east-1 (both optional). */
    domainName: z.string().min(3).optional(),
    certificateArn: z.string().startsWith('arn:aws:acm:us-east-1:').optional(),
    /** Where alarm notifications go (optional). */
    alarmEmail: z.email().optional(),
  })
  .refine((c) => !c.domainName === !c.certificateArn, {
    message: 'domainName and certificateArn go together',
  });
export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  return ConfigSchema.parse({
    stage: source.GIA_STAGE,
    region: source.GIA_REGION,
    account: source.CDK_DEFAULT_ACCOUNT,
    domainName: source.GIA_DOMAIN_NAME,
    certificateArn: source.GIA_CERTIFICATE_ARN,
    alarmEmail: source.GIA_ALARM_EMAIL,
  });
}
