import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { WebFirewall } from './constructs/web-firewall.ts';

/**
 * What CloudFront needs from us-east-1 whatever the product's region: the WAF web ACL (a
 * CloudFront-scoped web ACL can only be created there). The product stack reads its ARN through a
 * cross-region reference (CDK keeps it in an SSM parameter of the product's region).
 */
export class GiaEdgeStack extends Stack {
  readonly firewall: WebFirewall;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    if (props.env?.region !== 'us-east-1') {
      throw new Error('The edge stack holds a CloudFront web ACL: it must be in us-east-1.');
    }
    this.firewall = new WebFirewall(this, 'Firewall');
    new CfnOutput(this, 'WebAclArn', {
      value: this.firewall.webAcl.attrArn,
      description: 'The WAF web ACL attached to the distribution',
    });
  }
}
