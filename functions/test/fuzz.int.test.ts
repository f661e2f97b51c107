import fc from 'fast-check';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { ROUTES, type RouteDef } from '@gia/shared';
import { adminToken, api, newLearner, routePath } from './api.ts';

/**
 * "No 500 on any input" (issue 12): seeded, deterministic fuzzing of every route of the route
 * table that takes a body, a path parameter or a query, as a visitor, a learner and an admin.
 * Each request starts from a plausible payload of its route and breaks it: bad types, huge and
 * malformed values, unicode and lone surrogates, broken JSON, deep nesting, malformed `%`
 * escapes in paths, crafted cursors, ids over 1 KB. No answer may be a 5xx, and the stack
 * must still answer afterwards.
 */
const stack = inject('stack');
const call = api();
const SEED = 20_261_123;
/** Drawn requests; one more per route is added, so at least 1,000 are sent. */
const REQUESTS = 940;
const CONCURRENCY = 6;

/** Routes that take input: every one but the health check. */
const FUZZED = ROUTES.filter((r) => r.name !== 'health');

/** A 26-character id that is well formed but names nothing. */
const ghostId = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

/** Plausible payloads, so that a single broken field gets past the others. */
const VALID_BODY: Record<string, Record<string, unknown>> = {
  'learner.login.signup': { user_name: 'Fuzz', email: 'fuzz@example.in', password: 'Passw0rdOk' },
  'learner.login.request': { email: 'fuzz@example.in', password: 'wrong-password-1' },
  'learner.login.refresh': { refreshToken: 'not-a-token' },
  'learner.login.logout': { refreshToken: 'not-a-token' },
  'admin.login.request': { email: 'fuzz-admin@example.in', password: 'wrong-password-1' },
  'admin.login.refresh': { refreshToken: 'not-a-token' },
  'admin.login.logout': { refreshToken: 'not-a-token' },
  'admin.insertAdmin': { name: 'Fuzz', email: 'not-an-email', password: 'Passw0rdOk' },
  'uploads.presign': { kind: 'image', file_name: 'a.png', content_type: 'image/png', size: 10 },
  'cart.insert': { subject_id: ghostId },
  'reviews.insert': { topic_id: ghostId, rating: 4, review_comment: 'Good' },
  'reviews.update': { id: ghostId, rating: 4, review_comment: 'Good' },
  'qna.insert': { topic_id: ghostId, question: 'Why?' },
  'qna.update': { qna_id: ghostId, answer: 'Because.' },
  'progress.save': { topic_id: ghostId, position_seconds: 10, duration_seconds: 100 },
  'profile.update': {
    user_mobile: '9876543210',
    user_name: 'Fuzz',
    email: 'fuzz-profile@example.in',
    dob: '2001-01-01',
    course_of_study: 'Science',
    profile_image: '/media/public/images/a.png',
  },
  'favourites.insert': { subject_id: ghostId },
  'admin.qna.answer': { qna_id: ghostId, answer: 'Because.' },
  'payments.process': {},
  'payments.record': {
    razorpay_order_id: 'order_fuzz',
    razorpay_payment_id: 'pay_fuzz',
    razorpay_signature: 'ab'.repeat(32),
  },
  'payments.recordAlias': {
    razorpay_order_id: 'order_fuzz',
    razorpay_payment_id: 'pay_fuzz',
    razorpay_signature: 'ab'.repeat(32),
  },
  'payments.webhook': { event: 'payment.captured', payload: {} },
  'local.razorpay.pay': { order_id: 'order_fuzz' },
  'admin.payments.refund': { payment_id: 'pay_fuzz' },
  'ai.ask': { messages: 'What is light?', topic_id: ghostId },
  'admin.catalogue.insertBoards': { board_name: 'Fuzz board', image_url: '', free_course: false },
  'admin.catalogue.updateBoards': { board_id: ghostId, board_name: 'Fuzz board' },
  'admin.catalogue.insertClasses': { class_name: 'C', board_id: ghostId, price: 10 },
  'admin.catalogue.updateClasses': {
    class_id: ghostId,
    class_name: 'C',
    board_id: ghostId,
    price: 10,
  },
  'admin.catalogue.insertSubjects': { subject_name: 'S', class_id: ghostId, price: 10 },
  'admin.catalogue.insertSubSubjects': { sub_subject_name: 'S', subject_id: ghostId, price: 1 },
  'admin.catalogue.insertChapters': {
    chapter_name: 'C',
    subject_id: ghostId,
    serial_no: 1,
    description: 'd',
  },
  'admin.catalogue.insertTopics': {
    chapter_id: ghostId,
    topic_name: 'T',
    author: 'A',
    video_url: '/media/private/videos/v.mp4',
  },
  'admin.catalogue.updateTopics': {
    topic_id: ghostId,
    chapter_id: ghostId,
    topic_name: 'T',
    author: 'A',
  },
  'admin.catalogue.insertAboutSubjects': { sub_subject_id: ghostId },
  'admin.practice.insert': {
    topic_id: ghostId,
    type: 'numeric',
    text: 'How far?',
    answer: 1,
    tolerance: 0,
    explanation: 'Far.',
  },
  'admin.practice.import': {
    topic_id: ghostId,
    csv: 'type,text,answer,tolerance,explanation\nnumeric,Big,1e200,1e-200,x\n',
  },
  'admin.coupons.insert': {
    code: 'FUZZ1',
    kind: 'flat',
    amount_paise: 1e200,
    valid_from: '2026-01-01T00:00:00Z',
    valid_to: '2099-01-01T00:00:00Z',
  },
  'admin.catalogue.inserttestimonial': {
    name: 'N',
    description: 'D',
    image_url: '/media/public/images/a.png',
  },
};

/** Query parameters the lists and readers take. */
const QUERY_KEYS = [
  'limit',
  'cursor',
  'board_id',
  'class_id',
  'subject_id',
  'sub_subject_id',
  'chapter_id',
  'topic_id',
  'user_id',
  'unanswered',
  'from',
  'to',
];

/** Plausible queries, so that one broken parameter gets past the others. */
const VALID_QUERY: Record<string, Record<string, string>> = {
  'admin.insights.get': { from: '2026-01-01', to: '2026-01-31' },
  'admin.insights.dropoff': { topic_id: ghostId },
};

/** Dates for the ranges (`getInsights`): real ones, and ones no calendar has (issue 28). */
const DATES = [
  '2026-01-01',
  '2026-12-31',
  '2026-02-30',
  '2024-13-45',
  '2026-00-10',
  '0000-00-00',
  '9999-99-99',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
];

/** `encodeURIComponent` that sends a lone surrogate as the malformed UTF-8 it would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Values that broke something somewhere, once. */
const EVIL_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  // Numbers DynamoDB cannot store (security review 2, F4).
  1e200,
  -1e200,
  1e-200,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x10',
  [],
  {},
  [1, 2],
  { $ne: null },
  { __proto__: { admin: true } },
  'x'.repeat(1100),
  'x'.repeat(2100),
  'y'.repeat(5000),
  'z'.repeat(60_000),
  '\u0000',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '😀'.repeat(500),
  '\u202eevil',
  'ＦＵＬＬ',
  '%',
  '%E0%A4%A',
  '../../private/videos/x.mp4',
  '/media/%',
  '/media/private/videos/100%-revision.mp4',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '#',
  ':',
  'attribute_exists(pk)',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];

/** Bodies that are not a JSON object, or not JSON at all. */
const RAW_BODIES: (string | Buffer)[] = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '42',
  '\ufeff{"a":1}',
  '{"subject_id":"a","subject_id":"b"}',
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  'a=1&b=2',
  Buffer.from([0xff, 0xfe, 0x00, 0x81, 0xc3, 0x28]),
  JSON.stringify({ pad: 'p'.repeat(70 * 1024) }),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

/** Path parameters: malformed escapes, traversal, ids over 1 KB, unicode. */
const EVIL_SEGMENTS = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%2e%2e%2f%2e%2e',
  '..',
  'x'.repeat(1100),
  'x'.repeat(3000),
  '%F0%9F%98%80',
  '%ED%A0%80',
  encodeURIComponent('😀'.repeat(20)),
  'a%20b',
  ghostId,
  'order_fuzz',
  '00000000-0000-0000-0000-000000000000',
];

/** Crafted list cursors. */
const EVIL_CURSORS = [
  b64({ foo: 'bar' }),
  b64({ pk: 'BOARD#x', sk: 'BOARD', gsi1pk: 'CLASSES', gsi1sk: 'x' }),
  b64({ pk: 'USER#x', sk: 'PROFILE' }),
  b64({ pk: 'x'.repeat(3000), sk: 'x', gsi1pk: 'BOARDS', gsi1sk: 'x' }),
  b64({ pk: 1, sk: null }),
  b64([1, 2]),
  b64('text'),
  'not-base64!',
  '%',
  'x'.repeat(3000),
];

const evilValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EVIL_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

const querySet = fc.dictionary(
  fc.constantFrom(...QUERY_KEYS),
  fc.oneof(
    fc.constantFrom(...EVIL_CURSORS),
    fc.constantFrom('0', '-1', '1001', 'abc', '1e9', '2.5', 'true', ghostId, ''),
    fc.constantFrom(...DATES),
    evilValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'))),
  ),
  { maxKeys: 4 },
);

/** How one request breaks its route's payload. */
const bodyMutation = fc.oneof(
  // One field of a plausible body replaced by an evil value.
  fc.record({ kind: fc.constant('field' as const), value: evilValue, pick: fc.nat() }),
  // An extra field, a field removed, or the whole body replaced.
  fc.record({ kind: fc.constant('extra' as const), value: evilValue, key: fc.string() }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('whole' as const), value: evilValue }),
  // Every id of the body over 1 KB (DynamoDB refuses such keys).
  fc.record({ kind: fc.constant('long-ids' as const), length: fc.constantFrom(65, 1100, 2100) }),
  // Not JSON, or not an object.
  fc.record({ kind: fc.constant('raw' as const), raw: fc.constantFrom(...RAW_BODIES) }),
);

const requestPlan = fc.record({
  route: fc.constantFrom(...FUZZED),
  // Mostly the caller the route is for, so that input gets past the access check.
  who: fc.oneof(
    { weight: 3, arbitrary: fc.constant('own' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('anonymous' as const, 'learner' as const, 'admin' as const),
    },
  ),
  body: bodyMutation,
  segment: fc.oneof(
    fc.constantFrom(...EVIL_SEGMENTS),
    fc.string({ unit: 'binary', maxLength: 80 }).map(encode),
  ),
  query: querySet,
  cursor: fc.option(fc.constantFrom(...EVIL_CURSORS), { freq: 2 }),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'multipart/form-data',
    '',
  ),
});
type Plan = ReturnType<typeof requestPlan.generate>['value'];

function bodyOf(route: RouteDef, mutation: Plan['body']): string | Buffer | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const base = { ...(VALID_BODY[route.name] ?? { name: 'x', id: ghostId }) };
  const keys = Object.keys(base);
  switch (mutation.kind) {
    case 'field': {
      const key = keys[mutation.pick % Math.max(keys.length, 1)] ?? 'x';
      return JSON.stringify({ ...base, [key]: mutation.value });
    }
    case 'extra':
      return JSON.stringify({ ...base, [mutation.key]: mutation.value });
    case 'drop': {
      const key = keys[mutation.pick % Math.max(keys.length, 1)] ?? 'x';
      delete base[key];
      return JSON.stringify(base);
    }
    case 'whole':
      return JSON.stringify(mutation.value) ?? 'undefined';
    case 'long-ids':
      for (const key of keys) if (/id$/.test(key)) base[key] = 'x'.repeat(mutation.length);
      return JSON.stringify(base);
    case 'raw':
      return mutation.raw;
  }
}

function pathOf(route: RouteDef, plan: Plan): string {
  const path = route.path.replace(/\{\w+\}/g, plan.segment);
  const params = { ...VALID_QUERY[route.name], ...plan.query };
  if (plan.cursor !== null) params.cursor = plan.cursor;
  const query = Object.entries(params)
    .map(([k, v]) => `${k}=${v.startsWith('%') ? v : encode(v)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

type Who = 'anonymous' | 'learner' | 'admin';
let tokens: Record<Who, string | undefined>;
/** Sign-out revokes its session: logout routes get sessions of their own. */
let logoutTokens: Record<Who, string | undefined>;

/** The token a plan sends: `own` is one the route's access rule accepts. */
function tokenOf(route: RouteDef, who: Plan['who']): string | undefined {
  const from = route.name.endsWith('.logout') ? logoutTokens : tokens;
  if (who !== 'own') return from[who];
  if (route.access === 'public') return undefined;
  return route.access === 'learner-or-admin' ? from.learner : from[route.access];
}

beforeAll(async () => {
  tokens = {
    anonymous: undefined,
    learner: (await newLearner(call, 'Fuzz Learner')).token,
    admin: await adminToken(call),
  };
  logoutTokens = {
    anonymous: undefined,
    learner: (await newLearner(call, 'Fuzz Leaver')).token,
    admin: await adminToken(call),
  };
});

interface Outcome {
  route: string;
  method: string;
  path: string;
  status: number;
  body: string;
}

async function send(plan: Plan): Promise<Outcome> {
  const { route } = plan;
  const path = pathOf(route, plan);
  const headers: Record<string, string> = {};
  const token = tokenOf(route, plan.who);
  if (token) headers.authorization = `Bearer ${token}`;
  const body = bodyOf(route, plan.body);
  if (body !== undefined && plan.contentType) headers['content-type'] = plan.contentType;
  if (route.name === 'payments.webhook') {
    headers['x-razorpay-signature'] = 'ab'.repeat(32);
    headers['x-razorpay-event-id'] = plan.segment;
  }
  const res = await fetch(`${stack.url}${path}`, { method: route.method, headers, body });
  return {
    route: route.name,
    method: route.method,
    path: path.slice(0, 160),
    status: res.status,
    body: (await res.text()).slice(0, 200),
  };
}

/** Answers that are not failures: the AI teacher without an OpenAI key is 503 by contract. */
const expected5xx = (o: Outcome) =>
  o.route === 'ai.ask' && o.status === 503 && o.body.includes('not available');

describe('no 500 on any input', () => {
  it('answers over 1,000 fuzzed requests over every route with no 5xx', async () => {
    const plans = fc.sample(requestPlan, { seed: SEED, numRuns: REQUESTS });
    // Every route is covered at least once, whatever the draw.
    for (const route of FUZZED) {
      plans.push(
        ...fc.sample(
          requestPlan.map((p) => ({ ...p, route })),
          { seed: SEED, numRuns: 1 },
        ),
      );
    }
    // Each parameter of every plausible query once with each date, impossible ones included.
    for (const [name, query] of Object.entries(VALID_QUERY)) {
      const route = FUZZED.find((r) => r.name === name)!;
      for (const key of Object.keys(query)) {
        for (const date of DATES) {
          plans.push(
            ...fc.sample(
              requestPlan.map((p) => ({
                ...p,
                route,
                who: 'own' as const,
                query: { [key]: date },
                cursor: null,
              })),
              { seed: SEED, numRuns: 1 },
            ),
          );
        }
      }
    }
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let plan = plans[next++]; plan; plan = plans[next++]) outcomes.push(await send(plan));
      }),
    );

    // FUZZ_REPORT=<file> keeps every outcome, to see what the draw reached.
    if (process.env.FUZZ_REPORT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(outcomes, null, 1));
    }
    expect(outcomes.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(outcomes.map((o) => o.route))).toEqual(new Set(FUZZED.map((r) => r.name)));
    const failures = outcomes.filter((o) => o.status >= 500 && !expected5xx(o));
    expect(failures).toEqual([]);
    // The fuzz reached past validation too, not only 4xx everywhere, and the sessions it uses
    // stayed valid (a revoked token would turn the rest of the run into 401s).
    expect(outcomes.some((o) => o.status < 300)).toBe(true);
    expect(outcomes.filter((o) => o.status === 401).length).toBeLessThan(outcomes.length / 3);

    // The stack still answers.
    expect((await call('GET', routePath('health'))).status).toBe(200);
    const boards = await call('GET', routePath('catalogue.getBoards'));
    expect(boards.status).toBe(200);
    expect(Array.isArray(boards.body.data)).toBe(true);
  }, 120_000);
});
