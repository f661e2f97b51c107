import { ddbMetrics } from '@gia/functions/lib/dynamo.ts';
import { ROUTES, routeMatcher } from '@gia/shared';
import type { BenchContext } from '../demo.ts';
import { learnerWithCourse } from '../journey-walk.ts';
import { table, type Part } from '../report.ts';
import { SCREENS } from '../screens.ts';

/** The budget: DynamoDB requests behind one personal API call of a screen, and never a Scan. */
const MAX_REQUESTS = 2;

const match = routeMatcher(ROUTES);

/**
 * Whether a call is a public catalogue read (`cache: 'public'` in the route table): answered by
 * the edge (CloudFront; the gateway's cache here) for everyone, so the budget holds the personal
 * calls only.
 */
const byEdge = (path: string) => {
  const found = match('GET', path.split('?')[0]!);
  return found.kind === 'found' && found.route.cache === 'public';
};

/**
 * Each screen's API calls, one by one, with the DynamoDB requests, operations and capacity each
 * one costs (counted by the functions' metered client in this process).
 */
export async function requestsPerScreen(ctx: BenchContext): Promise<Part> {
  const rows: (string | number)[][] = [];
  const over: string[] = [];
  // The learner screens as a learner with a course sees them (an empty account reads less).
  const learner = await learnerWithCourse(ctx);
  for (const s of SCREENS) {
    for (const call of s.calls) {
      const before = { ...ddbMetrics, operations: ddbMetrics.operations.length };
      const token = s.who === 'learner' ? learner : s.who === 'admin' ? ctx.admin : undefined;
      const res = await ctx.api('GET', ctx.fill(call), token);
      const requests = ddbMetrics.requests - before.requests;
      const ops = ddbMetrics.operations.slice(before.operations);
      const edge = byEdge(ctx.fill(call));
      const ok = requests <= MAX_REQUESTS && !ops.includes('Scan') && res.status === 200;
      if (!ok && !edge) over.push(`${s.screen} \`${call.split('/data/')[1]}\` (${requests})`);
      rows.push([
        s.screen,
        `\`${call.split('/data/')[1]}\``,
        requests,
        ops.join(', '),
        (ddbMetrics.readUnits - before.readUnits).toFixed(1),
        (ddbMetrics.writeUnits - before.writeUnits).toFixed(1),
        edge
          ? `edge (public)${ok ? '' : `, ${requests} at the origin`}`
          : ok
            ? 'yes'
            : `**no** (${res.status})`,
      ]);
    }
  }
  // Issue 30, item 4: a visitor's page again, while the edge cache (the gateway's stand-in for
  // CloudFront) holds its public reads — no handler runs, so no DynamoDB request.
  const warmBefore = ddbMetrics.requests;
  for (const s of SCREENS.filter((x) => x.who === 'visitor')) {
    for (const call of s.calls) await ctx.api('GET', ctx.fill(call));
  }
  const warm = ddbMetrics.requests - warmBefore;
  return {
    rows: [
      {
        what: `Personal API calls over ${MAX_REQUESTS} DynamoDB requests or with a Scan`,
        value: String(over.length),
        budget: '0',
        met: over.length === 0,
      },
      {
        what: 'DynamoDB requests of the visitors’ catalogue pages, cache warm',
        value: String(warm),
        budget: '0',
        met: warm === 0,
      },
    ],
    sections: [
      '## DynamoDB requests per screen\n\n' +
        `Each screen's API calls one by one through the gateway, with the DynamoDB requests each cost (the functions' metered client). The learner screens are read as a learner with a course (scripts/src/bench/journey-walk.ts \`learnerWithCourse\`: one who walked the cost section's journey, so owns and paid for the demo subject, with its invoice and progress in its topic, keeps it as a favourite and has another subject in the cart); an empty account reads less. A personal call's caller is checked by one consistent BatchGetItem of the session's logout and sign-out records (and an admin's account record): a request of its own before the handler, or, on the read-only routes that let it (\`sessionCheckInReads\` in their group's handler), the keys ride in the call's own first BatchGetItem, which is then read consistently (its read units count double). The budget holds the personal calls (a learner's or an admin's, never cached): at most ${MAX_REQUESTS} DynamoDB requests and no Scan. The public catalogue reads (\`cache: 'public'\` in shared/src/routes.ts) are answered by the edge, CloudFront in AWS and the gateway's cache here, so a warm one costs no request (a 0 below is such a hit; the origin's cost of a miss is at most about two requests a minute per path and edge).` +
        (over.length
          ? ` Personal calls over the budget: ${over.join('; ')}.`
          : ' No personal call is over the budget.') +
        '\n\n' +
        table(
          [
            'screen',
            'API call',
            'DynamoDB requests',
            'operations',
            'RCU',
            'WCU',
            `personal: ≤ ${MAX_REQUESTS}, no Scan`,
          ],
          rows,
        ),
    ],
  };
}
