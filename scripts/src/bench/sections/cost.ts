import { ddbMetrics } from '@gia/functions/lib/dynamo.ts';
import { ROUTES, routeMatcher } from '@gia/shared';
import { PRICES, per1000Inr, stepUsd, type PricedStep } from '../cost-model.ts';
import type { BenchContext } from '../demo.ts';
import { settle, signUpLearner, walkJourney } from '../journey-walk.ts';
import { table, type Part } from '../report.ts';

/** The budget (issue 30): 1,000 learner journeys, at most this many rupees. */
const MAX_INR_PER_1000 = 2;

const match = routeMatcher(ROUTES);

/** How a step is answered in AWS: by CloudFront, by the API, or not by us at all. */
function answeredBy(method: string, path: string): PricedStep['by'] {
  const found = match(method, path.split('?')[0]!);
  if (found.kind !== 'found') return 'api';
  if (found.route.localOnly) return 'outside';
  return found.route.cache === 'public' && method === 'GET' ? 'edge' : 'api';
}

/**
 * One new learner's journey (landing → sign-in → buy a subject → topic playing), walked through
 * the API step by step, with the DynamoDB requests and capacity each step costs, and the price of
 * 1,000 journeys when the public catalogue reads are answered by CloudFront.
 */
export async function journeyCost(ctx: BenchContext): Promise<Part> {
  const learner = await signUpLearner(ctx, 'Bench Buyer');
  const steps: (PricedStep & { screen: string; requests: number; ops: string[] })[] = [];
  const measured = async (
    screen: string,
    step: string,
    by: PricedStep['by'],
    run: () => Promise<unknown>,
  ) => {
    const before = { ...ddbMetrics, operations: ddbMetrics.operations.length };
    await run();
    steps.push({
      screen,
      step,
      by,
      requests: ddbMetrics.requests - before.requests,
      ops: ddbMetrics.operations.slice(before.operations),
      rcu: ddbMetrics.readUnits - before.readUnits,
      wcu: ddbMetrics.writeUnits - before.writeUnits,
    });
  };
  await walkJourney(ctx, learner, {
    around: (step, path, send) =>
      measured(
        step.screen,
        `${step.method} \`${step.path.replace(/^\/api\/v1\//, '')}\``,
        answeredBy(step.method, path),
        send,
      ),
    // The table's stream consumers act on a write after it (a payment's invoice, the day's
    // insights, a sale's totals): their DynamoDB work is the journey's too, and is waited for
    // here so it is not counted in a later step (where a public read would hide it).
    after: async (step) => {
      if (step.method === 'GET') return;
      await measured('', `table stream after ${step.path.split('/').pop()}`, 'stream', settle);
      if (steps.at(-1)?.requests === 0) steps.pop();
    },
  });

  const sum = (pick: (s: (typeof steps)[number]) => number, of = steps) =>
    of.reduce((a, s) => a + pick(s), 0);
  const viaApi = steps.filter((s) => s.by === 'api' || s.by === 'stream');
  const inr = per1000Inr(steps);
  const allByApi = per1000Inr(
    steps.map((s) => ({ ...s, by: s.by === 'edge' ? ('api' as const) : s.by })),
  );
  const label: Record<PricedStep['by'], string> = {
    edge: 'CloudFront (cached)',
    api: 'API',
    stream: 'table stream',
    outside: 'Razorpay (not ours)',
  };
  const edgeNote = steps.some((s) => s.by === 'edge')
    ? ' Its DynamoDB columns show what the step cost the origin here (the local edge cache is cleared by every write, so these reads missed it); in AWS a public read is answered by CloudFront and reaches the API at most about twice a minute per path and edge, whatever the traffic (README "What is cached where"), so it is priced as one CloudFront request.'
    : '';
  return {
    rows: [
      {
        what: 'Cost of 1,000 learner journeys (public reads from CloudFront)',
        value: `₹${inr.toFixed(2)}`,
        budget: `≤ ₹${MAX_INR_PER_1000}`,
        met: inr <= MAX_INR_PER_1000,
      },
    ],
    sections: [
      `## Cost of 1,000 learner journeys (landing → sign-in → buy a subject → topic playing)\n\n` +
        `Each request the SPA sends on one new learner's journey (scripts/src/bench/screens.ts \`JOURNEY\`, each with the screen and the code that sends it), sent through the local gateway, with the DynamoDB requests and capacity it cost (counted by the functions' client, \`ReturnConsumedCapacity: TOTAL\` from DynamoDB Local), how it is answered in AWS, and its price per 1,000 journeys.${edgeNote}\n\n` +
        table(
          [
            'screen',
            'step',
            'answered by',
            'DynamoDB requests',
            'operations',
            'RCU',
            'WCU',
            '₹ per 1,000',
          ],
          steps.map((s) => [
            s.screen,
            s.step,
            label[s.by],
            s.requests,
            s.ops.join(', '),
            s.rcu.toFixed(1),
            s.wcu.toFixed(1),
            (stepUsd(s) * 1000 * PRICES.usdToInr).toFixed(3),
          ]),
        ) +
        '\n\n' +
        table(
          ['measure', 'one journey'],
          [
            ['steps', steps.filter((s) => s.by !== 'stream').length],
            [
              'table stream calls that used DynamoDB',
              steps.filter((s) => s.by === 'stream').length,
            ],
            ['answered by CloudFront', steps.filter((s) => s.by === 'edge').length],
            ['API requests (HTTP API and Lambda)', steps.filter((s) => s.by === 'api').length],
            ['DynamoDB requests behind the API and the stream', sum((s) => s.requests, viaApi)],
            ['read capacity units behind them', sum((s) => s.rcu, viaApi).toFixed(1)],
            ['write capacity units behind them', sum((s) => s.wcu, viaApi).toFixed(1)],
            ['cost per 1,000 journeys', `₹${inr.toFixed(2)}`],
            ['the same with every read sent to the API (no edge cache)', `₹${allByApi.toFixed(2)}`],
          ],
        ) +
        `\n\nPrices: ${PRICES.date}. DynamoDB on-demand US$${PRICES.dynamoReadPerMillion}/million read units and US$${PRICES.dynamoWritePerMillion}/million write units; HTTP API US$${PRICES.httpApiPerMillion}/million; Lambda US$${PRICES.lambdaRequestsPerMillion}/million requests plus US$${PRICES.lambdaGbSecondArm}/GB-s (arm64, ${PRICES.lambdaMemoryGb} GB, ${PRICES.lambdaAvgSeconds * 1000} ms assumed per call; the stream's consumers counted as one call); CloudFront US$${((PRICES.cloudFrontHttpsPerMillion / 1e6) * 10_000).toFixed(4)} per 10,000 HTTPS requests (India); US$1 = ₹${PRICES.usdToInr}. Not included: Cognito sign-ins (free tier), the SPA's files and the video from CloudFront and S3 (transfer), Razorpay's webhook, and the local test gateway's own records (Razorpay's in AWS: \`unmetered\` in functions/src/lib/dynamo.ts).`,
    ],
  };
}
