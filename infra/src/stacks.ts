import type { App } from 'aws-cdk-lib';
import type { Config } from './config.ts';
import { GiaEdgeStack } from './edge-stack.ts';
import { GiaStack } from './gia-stack.ts';

/** CloudFront-scoped resources (the WAF web ACL) are created in this region only. */
export const EDGE_REGION = 'us-east-1';

/**
 * The stacks of one stage: `GiaSchool-<stage>-edge` in us-east-1 (the WAF web ACL) and
 * `GiaSchool-<stage>` in the configured region (everything else), which depends on the first.
 */
export function createStacks(app: App, config: Config, options: { webDist?: string } = {}) {
  const tags = { app: 'gia-school', stage: config.stage };
  const edge = new GiaEdgeStack(app, `GiaSchool-${config.stage}-edge`, {
    env: { account: config.account, region: EDGE_REGION },
    description: 'GIA School: the WAF web ACL in front of CloudFront (us-east-1)',
    tags,
  });
  const main = new GiaStack(app, `GiaSchool-${config.stage}`, {
    config,
    env: { account: config.account, region: config.region },
    crossRegionReferences: true,
    description: 'GIA School: online course marketplace (site, API, data, identity, media)',
    tags,
    webAclArn: edge.firewall.webAcl.attrArn,
    webDist: options.webDist,
  });
  return { edge, main };
}
