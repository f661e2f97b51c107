import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '@gia/shared';
import { GiaEdgeStack } from '../src/edge-stack.ts';
import { API_REQUESTS_PER_IP, RATE_WINDOW_SECONDS, ROUTE_LIMITS } from '../src/limits.ts';
import { RATE_LIMITED_BODY } from '../src/constructs/web-firewall.ts';
import { HEAVY, ofType, givenStacks, type Resource } from './template.ts';

const given = givenStacks();

describe('the web application firewall (finding 10)', () => {
  type Statement = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  type Rule = {
    Name: string;
    Priority: number;
    Statement: Statement;
    Action?: Statement;
    OverrideAction?: Statement;
    VisibilityConfig: { CloudWatchMetricsEnabled: boolean; SampledRequestsEnabled: boolean };
  };
  const acl = () => {
    const acls = Object.values(
      given.edgeTemplate.toJSON().Resources as Record<string, Resource>,
    ).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    return acls[0]!.Properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: Rule[];
      VisibilityConfig: { CloudWatchMetricsEnabled: boolean };
      CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
    };
  };
  /** The path prefixes a rate rule's scope-down statement matches (after lower-casing). */
  const prefixesOf = (rule: Rule): string[] => {
    const scope = rule.Statement.RateBasedStatement.ScopeDownStatement;
    const statements = scope.OrStatement ? scope.OrStatement.Statements : [scope];
    return statements.map((st: Statement) => {
      const m = st.ByteMatchStatement;
      expect(m.FieldToMatch).toEqual({ UriPath: {} });
      expect(m.PositionalConstraint).toBe('STARTS_WITH');
      expect(m.TextTransformations.map((t: { Type: string }) => t.Type)).toEqual([
        'URL_DECODE',
        'NORMALIZE_PATH',
        'LOWERCASE',
      ]);
      return m.SearchString as string;
    });
  };
  const rateRules = () => acl().Rules.filter((r) => r.Statement.RateBasedStatement);
  const lower = (r: RouteDef) => r.path.toLowerCase();
  const routePath = (name: string) => lower(ROUTES.find((r) => r.name === name)!);

  it('lives in us-east-1 with CloudFront scope, and the distribution uses it', () => {
    expect(given.edge.region).toBe('us-east-1');
    expect(given.stack.region).toBe('ap-south-1');
    expect(acl().Scope).toBe('CLOUDFRONT');
    expect(acl().DefaultAction).toEqual({ Allow: {} });
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const webAclId = (dist.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId;
    // A cross-region reference: CDK's reader resolves the edge stack's ARN in this region.
    expect(JSON.stringify(webAclId)).toMatch(/ExportsReader.*WebAcl.*Arn/);
    expect(given.stack.dependencies).toContain(given.edge);
  });

  // Builds an app of its own.
  it('refuses to put the web ACL anywhere but us-east-1', { timeout: HEAVY }, () => {
    expect(() => new GiaEdgeStack(new App(), 'Edge', { env: { region: 'ap-south-1' } })).toThrow(
      /us-east-1/,
    );
  });

  it('limits every IP on /api/* and more tightly on sign-in, sign-up, checkout, uploads and the AI teacher', () => {
    const byName = Object.fromEntries(rateRules().map((r) => [r.Name, r]));
    expect(prefixesOf(byName['RateLimit-Api']!)).toEqual(['/api/']);
    expect(prefixesOf(byName['RateLimit-SignIn']!).sort()).toEqual(
      [routePath('learner.login.request'), routePath('admin.login.request')].sort(),
    );
    expect(prefixesOf(byName['RateLimit-SignUp']!)).toEqual([routePath('learner.login.signup')]);
    expect(prefixesOf(byName['RateLimit-Checkout']!)).toEqual([routePath('payments.process')]);
    expect(prefixesOf(byName['RateLimit-Uploads']!).sort()).toEqual(
      [routePath('uploads.presign'), routePath('uploads.file')].sort(),
    );
    expect(prefixesOf(byName['RateLimit-AiTeacher']!)).toEqual([routePath('ai.ask')]);
    for (const rule of rateRules()) {
      const rate = rule.Statement.RateBasedStatement;
      expect(rate.AggregateKeyType, rule.Name).toBe('IP');
      expect(rate.EvaluationWindowSec, rule.Name).toBe(RATE_WINDOW_SECONDS);
      if (rule.Name !== 'RateLimit-Api')
        expect(rate.Limit, rule.Name).toBeLessThan(API_REQUESTS_PER_IP);
    }
    expect(byName['RateLimit-Api']!.Statement.RateBasedStatement.Limit).toBe(API_REQUESTS_PER_IP);
    expect(byName['RateLimit-SignUp']!.Statement.RateBasedStatement.Limit).toBe(
      ROUTE_LIMITS.SignUp.perIp,
    );
  });

  it('answers a client over a limit with the contract’s 429 JSON and a Retry-After', () => {
    const bodies = acl().CustomResponseBodies;
    for (const rule of rateRules()) {
      const response = rule.Action!.Block.CustomResponse;
      expect(response.ResponseCode, rule.Name).toBe(429);
      expect(response.ResponseHeaders).toEqual([{ Name: 'Retry-After', Value: '60' }]);
      const body = bodies[response.CustomResponseBodyKey]!;
      expect(body.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body.Content)).toEqual({
        message: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
        message_code: 'app.too_many_requests',
      });
    }
    expect(RATE_LIMITED_BODY.code).toBe('RATE_LIMITED');
  });

  it('applies the AWS managed common, known-bad-inputs and IP reputation rule groups, without Bot Control', () => {
    const managed = acl()
      .Rules.filter((r) => r.Statement.ManagedRuleGroupStatement)
      .map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((m) => `${m.VendorName}/${m.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesAmazonIpReputationList',
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const common = managed.find((m) => m.Name === 'AWSManagedRulesCommonRuleSet')!;
    // Bodies over 8 KB are the API's to refuse (64 KiB JSON, 5 MiB uploads), not the WAF's.
    expect(common.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    for (const r of acl().Rules.filter((x) => x.Statement.ManagedRuleGroupStatement))
      expect(r.OverrideAction, r.Name).toEqual({ None: {} });
  });

  it('evaluates each rule once, in a fixed order, with metrics and sampled requests on', () => {
    const rules = acl().Rules;
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    expect(new Set(rules.map((r) => r.Name)).size).toBe(rules.length);
    for (const r of rules) {
      expect(r.VisibilityConfig.CloudWatchMetricsEnabled, r.Name).toBe(true);
      expect(r.VisibilityConfig.SampledRequestsEnabled, r.Name).toBe(true);
    }
    expect(acl().VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
  });

  it(
    'passes cdk-nag without acknowledging CloudFront’s WAF finding (AwsSolutions-CFR2)',
    { timeout: HEAVY },
    () => {
      const acknowledged = JSON.stringify(
        given.app.node.findAll().flatMap((c) => c.node.metadata.map((m) => m.data)),
      );
      expect(acknowledged).not.toContain('AwsSolutions-CFR2');
      // The product stack is checked in operations.test.ts ('has no cdk-nag AwsSolutions finding…').
      const report = new AwsSolutionsChecks(given.app).validateScope(given.edge);
      expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    },
  );
});
