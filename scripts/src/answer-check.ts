import type { RouteName } from '@gia/shared';

/**
 * Set (to `1`) by the integration and browser tests' global setup: the local gateway then parses
 * every answer against its route's schema in the shared answer table, so an answer that drifts
 * from the contract fails a test, not a screen. Never set in AWS: the Lambdas do not carry the
 * schemas (bundle budgets), and `npm start` leaves it off.
 */
export const CHECK_ANSWERS_ENV = 'GIA_CHECK_ANSWERS';

/** Whether the gateway of this process checks answers. */
export const checkingAnswers = () => process.env[CHECK_ANSWERS_ENV] === '1';

/**
 * How a route's successful JSON answer differs from its schema (`field.path: problem`, one per
 * issue), or `undefined` when it fits. The table is loaded on first use only.
 */
export async function answerDrift(route: string, body: string): Promise<string | undefined> {
  const { ROUTE_ANSWERS } = await import('@gia/shared/route-answers.ts');
  let value: unknown;
  try {
    value = body ? JSON.parse(body) : undefined;
  } catch {
    return 'the body is not JSON';
  }
  // The route came from the table's matcher, so it has a schema; `satisfies` holds the table to it.
  const schema = ROUTE_ANSWERS[route as RouteName];
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message} (${i.code})`)
    .join('; ');
}
