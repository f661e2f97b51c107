import { describe, expect, it } from 'vitest';
import { PRICES, per1000Inr, stepUsd } from './cost-model.ts';

describe('the cost model of a learner journey', () => {
  it('prices a public read answered by CloudFront as one CloudFront request, nothing else', () => {
    const edge = stepUsd({ step: 'getBoards', by: 'edge', rcu: 2.5, wcu: 0 });
    expect(edge).toBeCloseTo(0.009 / 10_000, 12);
  });

  it('prices an API call as HTTP API, Lambda and its DynamoDB capacity; a stream call without the HTTP API', () => {
    const api = stepUsd({ step: 'saveTopicProgress', by: 'api', rcu: 1, wcu: 2 });
    const lambda =
      PRICES.lambdaRequestsPerMillion / 1e6 +
      PRICES.lambdaAvgSeconds * PRICES.lambdaMemoryGb * PRICES.lambdaGbSecondArm;
    const dynamo = (PRICES.dynamoReadPerMillion + 2 * PRICES.dynamoWritePerMillion) / 1e6;
    expect(api).toBeCloseTo(PRICES.httpApiPerMillion / 1e6 + lambda + dynamo, 15);
    const stream = stepUsd({ step: 'invoice', by: 'stream', rcu: 1, wcu: 2 });
    expect(stream).toBeCloseTo(lambda + dynamo, 15);
  });

  it('costs nothing for a step that is not ours in AWS, and sums 1,000 journeys in rupees', () => {
    expect(stepUsd({ step: 'razorpay', by: 'outside', rcu: 0, wcu: 0 })).toBe(0);
    const steps = [
      { step: 'a', by: 'edge' as const, rcu: 0, wcu: 0 },
      { step: 'b', by: 'edge' as const, rcu: 0, wcu: 0 },
    ];
    expect(per1000Inr(steps)).toBeCloseTo(2 * 0.0000009 * 1000 * PRICES.usdToInr, 10);
  });
});
