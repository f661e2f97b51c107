import { Token, Validations, type CfnElement, type Stack } from 'aws-cdk-lib';

/**
 * cdk-nag AwsSolutions findings this design accepts, each with its reason. Everything else must
 * pass; the infra tests fail on any unsuppressed finding.
 */
export const ACKNOWLEDGED: { id: string; reason: string }[] = [
  {
    id: 'AwsSolutions-COG1',
    reason:
      'The password rule is the contract’s: at least 8 characters with a letter and a digit (the API checks it too).',
  },
  {
    id: 'AwsSolutions-COG8',
    reason: 'The Cognito Plus feature plan (paid) is not needed for e-mail and password sign-in.',
  },
  {
    id: 'AwsSolutions-APIG4',
    reason:
      'Authorization is enforced in every function: it verifies Cognito access tokens of two pools (learner, admin), public routes accept no token, and some routes accept either pool, which one API Gateway JWT authorizer cannot express.',
  },
  {
    id: 'AwsSolutions-APIG1',
    reason:
      'Each function logs every request with its request id as structured JSON; API access logs would duplicate that.',
  },
  {
    id: 'AwsSolutions-COG2',
    reason:
      'School learners sign in with e-mail and password; MFA is not offered to them in this release.',
  },
  {
    id: 'AwsSolutions-COG3',
    reason:
      'Cognito threat protection (Plus tier) is a paid add-on not enabled yet; repeated sign-in failures are rate limited by the API.',
  },
  {
    id: 'AwsSolutions-S1',
    reason:
      'Bucket access goes through CloudFront and presigned URLs; server access logs are not kept in this release.',
  },
  {
    id: 'AwsSolutions-CFR1',
    reason: 'The product serves learners across India and abroad; no geo restriction is wanted.',
  },
  {
    id: 'AwsSolutions-CFR2',
    reason:
      'AWS WAF is not attached yet (cost at rest); the API rate-limits sign-in and AI questions itself.',
  },
  {
    id: 'AwsSolutions-CFR3',
    reason: 'CloudFront standard logs are not kept in this release.',
  },
  {
    id: 'AwsSolutions-CFR4',
    reason:
      'Without a custom domain the distribution uses the default CloudFront certificate, which allows older TLS; with GIA_DOMAIN_NAME set, TLS 1.2 (2021) is enforced.',
  },
  {
    id: 'AwsSolutions-SMG4',
    reason:
      'Razorpay and OpenAI keys are issued by those providers and rotated there, not by Secrets Manager.',
  },
  {
    id: 'AwsSolutions-L1',
    reason: 'Functions run on Node.js 22, the runtime the code and its tests target.',
  },
  {
    id: 'AwsSolutions-SNS3',
    reason: 'The alarm topic enforces SSL through its topic policy.',
  },
];

/**
 * IAM findings are reported per wildcard; each accepted one is named with the resources it is
 * scoped to.
 */
function iamFindings(
  stack: Stack,
  ids: { table: CfnElement; media: CfnElement; site: CfnElement },
) {
  const arn = (el: CfnElement) => `<${stack.getLogicalId(el)}.Arn>`;
  const s3Actions =
    'CDK bucket grants use S3 action families (Get*, List*, Abort*, DeleteObject*) on one bucket or key prefix.';
  return [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'Functions use the AWS managed basic execution role for their own CloudWatch Logs only.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) has no resource-level permissions.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::${arn(ids.table)}/index/*]`,
      reason: 'Queries on the single table’s own secondary indexes (gsi1–gsi3).',
    },
    ...['s3:List*', 's3:GetObject*', 's3:GetBucket*', 's3:Abort*', 's3:DeleteObject*'].map((a) => ({
      id: `AwsSolutions-IAM5[Action::${a}]`,
      reason: s3Actions,
    })),
    ...['private/*', 'public/*', 'private/notes/*'].map((prefix) => ({
      id: `AwsSolutions-IAM5[Resource::${arn(ids.media)}/${prefix}]`,
      reason: `Access limited to the media key prefix ${prefix} (uploads write there, signed reads come from there).`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::${arn(ids.site)}/*]`,
      reason: 'The SPA deployment replaces every object of the site bucket.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account}-${stack.region}/*]`,
      reason: 'The SPA deployment reads its asset from the CDK bootstrap bucket.',
    },
  ];
}

/** Acknowledges the accepted findings on the whole stack. */
export function suppressWithReasons(
  stack: Stack,
  ids: { table: CfnElement; media: CfnElement; site: CfnElement },
): void {
  for (const a of [...ACKNOWLEDGED, ...iamFindings(stack, ids)])
    Validations.of(stack).acknowledge(a);
}
