import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { BASES, ERROR_STATUS, MESSAGES, type ErrorBody } from '@gia/shared';
import { describeMessage } from '@gia/shared/message-codes.ts';
import {
  API_REQUESTS_PER_IP,
  RATE_WINDOW_SECONDS,
  ROUTE_LIMITS,
  routesNamed,
  type RouteLimit,
} from '../limits.ts';

/** What a client over a rate limit gets: the contract's error body, 429 RATE_LIMITED. */
export const RATE_LIMITED_BODY: ErrorBody = {
  message: MESSAGES.tooManyRequests,
  code: 'RATE_LIMITED',
  ...describeMessage(MESSAGES.tooManyRequests, 'RATE_LIMITED'),
};

/** AWS managed rule groups (no subscription); Bot Control is left out (paid per request). */
export const MANAGED_RULE_GROUPS = [
  // Addresses Amazon's threat intelligence lists as sources of bots and attacks.
  'AWSManagedRulesAmazonIpReputationList',
  // OWASP-style checks (XSS, LFI, SSRF to metadata, oversized query strings and cookies).
  'AWSManagedRulesCommonRuleSet',
  // Request patterns of known exploits (Log4Shell, Java deserialization, Host header tricks).
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Rules of the common rule set only counted, not enforced: the API takes JSON bodies up to
 * 64 KiB and uploads up to 5 MiB (the set's SizeRestrictions_BODY blocks anything over 8 KB); the
 * functions enforce their own body limits.
 */
export const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

const RATE_LIMITED_KEY = 'rate-limited';

/** Every path the WAF compares is URL-decoded, normalised (`//`, `/./`) and lower-cased first. */
const PATH_TRANSFORMS = ['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE'].map((type, priority) => ({
  priority,
  type,
}));

const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix.toLowerCase(),
    textTransformations: PATH_TRANSFORMS,
  },
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]) =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** A per-IP rate rule over the paths, answering the contract's 429 with a Retry-After. */
function rateRule(
  name: string,
  priority: number,
  limit: number,
  paths: string[],
): wafv2.CfnWebACL.RuleProperty {
  return {
    name: `RateLimit-${name}`,
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        scopeDownStatement: anyOf(paths.map(pathStartsWith)),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: ERROR_STATUS.RATE_LIMITED,
          customResponseBodyKey: RATE_LIMITED_KEY,
          responseHeaders: [{ name: 'Retry-After', value: '60' }],
        },
      },
    },
    visibilityConfig: visibility(`RateLimit-${name}`),
  };
}

/**
 * The AWS WAF web ACL in front of the whole site (CloudFront scope, so it lives in us-east-1):
 * AWS IP reputation, common and known-bad-input rule groups on every request, a per-IP rate limit
 * on `/api/*`, and tighter per-IP limits on the expensive routes of {@link ROUTE_LIMITS}. Every
 * rule publishes CloudWatch metrics and sampled requests.
 */
export class WebFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const rules: wafv2.CfnWebACL.RuleProperty[] = [];
    const next = () => rules.length;

    rules.push({
      name: MANAGED_RULE_GROUPS[0],
      priority: next(),
      statement: {
        managedRuleGroupStatement: { vendorName: 'AWS', name: MANAGED_RULE_GROUPS[0] },
      },
      overrideAction: { none: {} },
      visibilityConfig: visibility(MANAGED_RULE_GROUPS[0]),
    });
    // Tight limits first: a request over one of them is answered before the broader rules.
    for (const [name, l] of Object.entries(ROUTE_LIMITS) as [string, RouteLimit][]) {
      const paths = routesNamed(l.routes).map((r) => r.path);
      rules.push(rateRule(name, next(), l.perIp, [...new Set(paths)]));
    }
    rules.push(rateRule('Api', next(), API_REQUESTS_PER_IP, ['/api/']));
    for (const group of MANAGED_RULE_GROUPS.slice(1)) {
      const common = group === 'AWSManagedRulesCommonRuleSet';
      rules.push({
        name: group,
        priority: next(),
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: group,
            ruleActionOverrides: common
              ? COUNTED_COMMON_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } }))
              : undefined,
            // Razorpay's signed webhook body is checked by its signature, not by patterns.
            scopeDownStatement: common
              ? { notStatement: { statement: pathStartsWith(`${BASES.payments}/webhook`) } }
              : undefined,
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility(group),
      });
    }

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'GIA School: managed rules and per-IP rate limits in front of CloudFront',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RATE_LIMITED_KEY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(RATE_LIMITED_BODY),
        },
      },
      rules,
      visibilityConfig: visibility('GiaSchoolWebAcl'),
    });
  }
}
