import { ddbMetrics } from '@gia/functions/lib/dynamo.ts';
import { BASES } from '@gia/shared';
import type { BenchContext, Ids } from '../demo.ts';
import { table, type Part } from '../report.ts';
import { JOURNEY } from '../screens.ts';

/** On-demand list prices used for the cost estimate (ap-south-1, Mumbai; AWS price pages, 2025-11). */
const PRICES = {
  date: '2025-11 (AWS public price pages for ap-south-1; not re-checked offline)',
  usdToInr: 88,
  dynamoReadPerMillion: 0.1425,
  dynamoWritePerMillion: 0.7125,
  httpApiPerMillion: 1.0,
  lambdaRequestsPerMillion: 0.2,
  lambdaGbSecondArm: 0.0000133334,
  lambdaMemoryGb: 0.5,
  lambdaAvgSeconds: 0.05,
};

/**
 * One new learner's journey (landing → sign-in → buy a subject → topic playing), walked through
 * the API, with the DynamoDB requests and capacity it costs and the price of 1,000 of them.
 */
export async function journeyCost(ctx: BenchContext): Promise<Part> {
  const { api, ids, fill } = ctx;
  const buyer = `bench-${Date.now()}@gia.local`;
  await api('POST', `${BASES.learner}/login/signup`, undefined, {
    user_name: 'Bench Buyer',
    email: buyer,
    password: 'Bench12345',
  });
  ids.email = buyer;
  ids.password = 'Bench12345';
  const before = { ...ddbMetrics };
  let token: string | undefined;
  let apiRequests = 0;
  for (const step of JOURNEY) {
    const body = step.body
      ? Object.fromEntries(Object.entries(step.body).map(([k, v]) => [k, fill(v)]))
      : step.method === 'POST'
        ? {}
        : undefined;
    if (body && 'position_seconds' in body)
      Object.assign(body, { position_seconds: 30, duration_seconds: 360 });
    const res = await api(step.method, fill(step.path), token, body);
    apiRequests++;
    if (step.path.endsWith('/login/request')) token = String(res.body.accessToken);
    if (step.path.endsWith('/processPayment')) ids.order = String((res.body.data as Ids).order_id);
    if (step.path.endsWith('/razorpay/pay')) {
      ids.payment = String(res.body.razorpay_payment_id);
      ids.signature = String(res.body.razorpay_signature);
    }
  }
  const rcu = ddbMetrics.readUnits - before.readUnits;
  const wcu = ddbMetrics.writeUnits - before.writeUnits;
  const perJourneyUsd =
    (rcu * PRICES.dynamoReadPerMillion + wcu * PRICES.dynamoWritePerMillion) / 1e6 +
    (apiRequests * (PRICES.httpApiPerMillion + PRICES.lambdaRequestsPerMillion)) / 1e6 +
    apiRequests * PRICES.lambdaAvgSeconds * PRICES.lambdaMemoryGb * PRICES.lambdaGbSecondArm;
  const per1000Inr = perJourneyUsd * 1000 * PRICES.usdToInr;
  return {
    rows: [],
    sections: [
      `## Cost of 1,000 learner journeys (landing → sign-in → buy a subject → topic playing)\n\n` +
        table(
          ['measure', 'one journey'],
          [
            ['API requests', apiRequests],
            ['DynamoDB requests', ddbMetrics.requests - before.requests],
            ['read capacity units', rcu.toFixed(1)],
            ['write capacity units', wcu.toFixed(1)],
            [
              'cost per 1,000 journeys',
              `₹${per1000Inr.toFixed(2)} (US$${(perJourneyUsd * 1000).toFixed(4)})`,
            ],
          ],
        ) +
        `\n\nPrices: ${PRICES.date}. DynamoDB on-demand US$${PRICES.dynamoReadPerMillion}/million read units and US$${PRICES.dynamoWritePerMillion}/million write units; HTTP API US$${PRICES.httpApiPerMillion}/million; Lambda US$${PRICES.lambdaRequestsPerMillion}/million requests plus US$${PRICES.lambdaGbSecondArm}/GB-s (arm64, ${PRICES.lambdaMemoryGb} GB, ${PRICES.lambdaAvgSeconds * 1000} ms assumed per call); US$1 = ₹${PRICES.usdToInr}. Cognito sign-ins (free tier), CloudFront and S3 video transfer are not included.`,
    ],
  };
}
