import { BASES } from '@gia/shared';
import { LEARNER_DATA, USERS_DATA, type BenchContext, type Ids } from './demo.ts';
import { JOURNEY, type JourneyStep } from './screens.ts';

/** How long the table's stream consumers (invoices, insights) are given after a write. */
export const STREAM_SETTLE_MS = 3000;

export const settle = () => new Promise((r) => setTimeout(r, STREAM_SETTLE_MS));

/** Signs up a new learner, with whatever the sign-up set going on the table's stream over. */
export async function signUpLearner(
  ctx: BenchContext,
  name: string,
): Promise<{ email: string; password: string }> {
  const learner = { email: `bench-${Date.now()}@gia.local`, password: 'Bench12345' };
  const res = await ctx.api('POST', `${BASES.learner}/login/signup`, undefined, {
    user_name: name,
    ...learner,
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  await settle();
  return learner;
}

/**
 * Walks {@link JOURNEY} (landing → sign-in → buy the demo subject → its topic playing) as
 * `learner`, through the API. `around` runs each step's request (to meter it); `after` follows
 * each step. Answers the learner's token.
 */
export async function walkJourney(
  ctx: BenchContext,
  learner: { email: string; password: string },
  hooks: {
    around?: (step: JourneyStep, path: string, send: () => Promise<void>) => Promise<void>;
    after?: (step: JourneyStep) => Promise<void>;
  } = {},
): Promise<string> {
  const { api, ids, fill } = ctx;
  Object.assign(ids, learner);
  let token: string | undefined;
  for (const step of JOURNEY) {
    const body = step.body
      ? Object.fromEntries(Object.entries(step.body).map(([k, v]) => [k, fill(v)]))
      : step.method === 'POST'
        ? {}
        : undefined;
    if (body && 'position_seconds' in body)
      Object.assign(body, { position_seconds: 30, duration_seconds: 360 });
    const path = fill(step.path);
    const send = async () => {
      const res = await api(step.method, path, token, body);
      if (res.status >= 400) throw new Error(`${step.method} ${path} answered ${res.status}`);
      if (step.path.endsWith('/login/request')) token = String(res.body.accessToken);
      if (step.path.endsWith('/processPayment'))
        ids.order = String((res.body.data as Ids).order_id);
      if (step.path.endsWith('/razorpay/pay')) {
        ids.payment = String(res.body.razorpay_payment_id);
        ids.signature = String(res.body.razorpay_signature);
      }
    };
    await (hooks.around ? hooks.around(step, path, send) : send());
    await hooks.after?.(step);
  }
  if (!token) throw new Error('the journey signed no one in');
  return token;
}

/**
 * A learner as the learner screens are used, not an empty account: one who walked the journey
 * (owns the demo subject, paid for it, has an invoice and progress in its topic), keeps the
 * subject as a favourite and has another subject of its class in the cart. Answers the token.
 */
export async function learnerWithCourse(ctx: BenchContext): Promise<string> {
  const token = await walkJourney(ctx, await signUpLearner(ctx, 'Bench Learner'));
  await settle();
  const { api, ids } = ctx;
  const favourite = await api('POST', `${USERS_DATA}/insertuser_favorites`, token, {
    subject_id: ids.subject,
  });
  if (favourite.status !== 201) throw new Error(`the favourite answered ${favourite.status}`);
  const subjects = (await api('GET', `${LEARNER_DATA}/getSubjects?class_id=${ids.class}`)).body
    .data as Ids[];
  const other = subjects.find((s) => s.subject_id !== ids.subject);
  if (other) {
    const added = await api('POST', `${LEARNER_DATA}/insertUSER_CART`, token, {
      subject_id: other.subject_id,
    });
    if (added.status >= 400) throw new Error(`the cart answered ${added.status}`);
  }
  await settle();
  return token;
}
