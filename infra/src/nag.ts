import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cdk-nag AwsSolutions finding this design accepts, and why. */
export interface AcceptedFinding {
  /** The rule, optionally narrowed to one finding: `AwsSolutions-IAM5[Resource::…]`. */
  id: `AwsSolutions-${string}`;
  reason: string;
}

/**
 * Acknowledges findings on the construct they concern (and its children), so each suppression
 * sits next to the resource it excuses. Everything else must pass: `cdk synth` and the infra
 * tests fail on any unacknowledged finding.
 */
export function acceptFindings(scope: IConstruct, findings: AcceptedFinding[]): void {
  for (const finding of findings) Validations.of(scope).acknowledge(finding);
}
