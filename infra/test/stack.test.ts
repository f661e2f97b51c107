import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@gia/shared';
import { TABLE_DEFINITION } from '@gia/functions';
import { ConfigSchema } from '../src/config.ts';
import { GiaStack } from '../src/gia-stack.ts';

type Resource = { Type: string; Properties: Record<string, unknown> };
let app: App;
let stack: GiaStack;
let template: Template;
let resources: Record<string, Resource>;

beforeAll(() => {
  app = new App();
  stack = new GiaStack(app, 'GiaTest', {
    config: ConfigSchema.parse({ stage: 'prod' }),
    env: { region: 'ap-south-1', account: '123456789012' },
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
}, 120_000);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** The statements of the policies attached to a route group's function role. */
function statementsOf(group: string) {
  const fnEntry = ofType('AWS::Lambda::Function').find(([id]) =>
    id.startsWith(`ApiFn${group.replace(/-/g, '')}Fn`),
  );
  if (!fnEntry) throw new Error(`no function for ${group}`);
  const roleRef = JSON.stringify(
    (fnEntry[1].Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0],
  );
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(roleRef))
    .flatMap(
      ([, p]) =>
        (
          p.Properties.PolicyDocument as {
            Statement: { Action: string | string[]; Resource: unknown }[];
          }
        ).Statement,
    );
}
const actionsOf = (group: string) => statementsOf(group).flatMap((s) => [s.Action].flat());

describe('the synthesized stack', () => {
  it('declares every deployed route of the shared table, each with its group’s integration and no API Gateway authorizer', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    for (const r of ROUTES.filter((x) => !x.localOnly)) {
      const found = routes.find((x) => x.RouteKey === `${r.method} ${r.path}`);
      expect(found, `${r.method} ${r.path}`).toBeDefined();
      expect(found?.AuthorizationType ?? 'NONE').toBe('NONE');
      const target = found?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integrationId = target['Fn::Join'][1][1].Ref;
      const uri = JSON.stringify(resources[integrationId]?.Properties.IntegrationUri);
      expect(uri, r.name).toContain(`ApiFn${r.group.replace(/-/g, '')}Fn`);
    }
    expect(routes.some((x) => x.RouteKey === 'POST /api/local/razorpay/pay')).toBe(false);
    expect(routes.some((x) => x.RouteKey === '$default')).toBe(true);
  });

  it('builds the table from the data layer’s key and index definition', () => {
    const [, table] = ofType('AWS::DynamoDB::GlobalTable')[0] ?? ofType('AWS::DynamoDB::Table')[0]!;
    const p = table.Properties as {
      KeySchema: { AttributeName: string; KeyType: string }[];
      GlobalSecondaryIndexes: {
        IndexName: string;
        KeySchema: { AttributeName: string; KeyType: string }[];
      }[];
      TimeToLiveSpecification: { AttributeName: string };
    };
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
    ]);
    expect(
      p.GlobalSecondaryIndexes.map((g) => [g.IndexName, g.KeySchema.map((k) => k.AttributeName)]),
    ).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((g) => [
        g.indexName,
        [g.partitionKey, g.sortKey],
      ]),
    );
    expect(p.TimeToLiveSpecification.AttributeName).toBe('ttl');
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
  });

  it('keeps every bucket private', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('serves buckets through CloudFront origin access control, the API uncached, with security headers', () => {
    expect(ofType('AWS::CloudFront::OriginAccessControl').length).toBeGreaterThanOrEqual(1);
    const [, dist] = ofType('AWS::CloudFront::Distribution')[0]!;
    const cfg = dist.Properties.DistributionConfig as {
      Origins: { OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      CacheBehaviors: { PathPattern: string; AllowedMethods: string[]; CachePolicyId: string }[];
      CustomErrorResponses: { ErrorCode: number; ResponsePagePath: string }[];
    };
    for (const o of cfg.Origins.filter((x) => x.S3OriginConfig))
      expect(o.OriginAccessControlId).toBeDefined();
    const api = cfg.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.AllowedMethods).toContain('POST');
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(cfg.CustomErrorResponses).toContainEqual(
      expect.objectContaining({ ErrorCode: 404, ResponsePagePath: '/index.html' }),
    );
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.stringLikeRegexp('checkout.razorpay.com'),
          }),
          StrictTransportSecurity: Match.anyValue(),
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
  });

  it('runs every route group on Node 22, arm64, with tracing', () => {
    const fns = ofType('AWS::Lambda::Function').filter(([id]) => id.startsWith('ApiFn'));
    expect(fns.length).toBeGreaterThanOrEqual(15);
    for (const [, f] of fns) {
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('grants each function only what its group needs', () => {
    expect(actionsOf('health').filter((a) => !a.startsWith('xray:'))).toEqual([]);
    expect(actionsOf('catalogue')).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/dynamodb:(PutItem|DeleteItem|UpdateItem)/)]),
    );
    expect(actionsOf('catalogue').some((a) => a.startsWith('dynamodb:Query'))).toBe(true);
    expect(actionsOf('uploads').some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(actionsOf('purchases').some((a) => /dynamodb:(PutItem|DeleteItem)/.test(a))).toBe(false);
    expect(
      actionsOf('cart').some(
        (a) => a.startsWith('cognito-idp:') || a.startsWith('secretsmanager:'),
      ),
    ).toBe(false);
    expect(actionsOf('payments')).toContain('secretsmanager:GetSecretValue');
    expect(actionsOf('ai')).toContain('secretsmanager:GetSecretValue');
    expect(actionsOf('catalogue').some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    expect(actionsOf('admins')).toEqual(
      expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser']),
    );
    expect(actionsOf('auth')).not.toContain('cognito-idp:AdminCreateUser');
  });

  it('schedules the reconciliation of unpaid orders', () => {
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)' });
  });

  it('has no cdk-nag AwsSolutions finding left unacknowledged', () => {
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName} ${JSON.stringify(v.violatingResources.map((x) => x.constructPath))}`,
      ),
    ).toEqual([]);
  });
});

describe('the configuration', () => {
  it('defaults to dev in Mumbai and refuses a domain without its certificate', () => {
    expect(ConfigSchema.parse({})).toMatchObject({ stage: 'dev', region: 'ap-south-1' });
    expect(() => ConfigSchema.parse({ domainName: 'gia.school' })).toThrow();
    expect(() => ConfigSchema.parse({ stage: 'staging' })).toThrow();
  });
});
