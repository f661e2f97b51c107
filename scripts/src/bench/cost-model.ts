/*
 * The price model of the cost section (sections/cost.ts): one journey's steps, each either
 * answered by the edge (a public catalogue read CloudFront keeps) or by the API (HTTP API, Lambda,
 * and the DynamoDB capacity it used), priced at on-demand list prices.
 */

/** On-demand list prices used for the cost estimate (ap-south-1, Mumbai; CloudFront in India). */
export const PRICES = {
  date: '2025-11 (AWS public price pages for ap-south-1, and CloudFront’s for India; not re-checked offline)',
  usdToInr: 88,
  dynamoReadPerMillion: 0.1425,
  dynamoWritePerMillion: 0.7125,
  httpApiPerMillion: 1.0,
  lambdaRequestsPerMillion: 0.2,
  lambdaGbSecondArm: 0.0000133334,
  lambdaMemoryGb: 0.5,
  lambdaAvgSeconds: 0.05,
  /** CloudFront, India: US$0.0090 per 10,000 HTTPS requests. */
  cloudFrontHttpsPerMillion: 0.9,
} as const;

/** How one step of the journey is answered, and what it used. */
export interface PricedStep {
  step: string;
  /**
   * `edge`: a public read CloudFront answers (no API, Lambda or DynamoDB); `api`: the API (HTTP
   * API, one Lambda call, its DynamoDB capacity); `stream`: what the table's stream consumers did
   * after the journey's writes (one Lambda call, its DynamoDB capacity, no HTTP API); `outside`:
   * not ours in AWS (the local stand-in for Razorpay's checkout), free.
   */
  by: 'edge' | 'api' | 'stream' | 'outside';
  rcu: number;
  wcu: number;
}

/** US$ of one step at {@link PRICES}. */
export function stepUsd(s: PricedStep, p = PRICES): number {
  if (s.by === 'outside') return 0;
  if (s.by === 'edge') return p.cloudFrontHttpsPerMillion / 1e6;
  return (
    (s.rcu * p.dynamoReadPerMillion + s.wcu * p.dynamoWritePerMillion) / 1e6 +
    ((s.by === 'api' ? p.httpApiPerMillion : 0) + p.lambdaRequestsPerMillion) / 1e6 +
    p.lambdaAvgSeconds * p.lambdaMemoryGb * p.lambdaGbSecondArm
  );
}

/** ₹ for 1,000 journeys of these steps. */
export const per1000Inr = (steps: readonly PricedStep[], p = PRICES) =>
  steps.reduce((a, s) => a + stepUsd(s, p), 0) * 1000 * p.usdToInr;
