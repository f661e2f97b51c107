import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routePath } from '@gia/shared';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      dataDir: string;
      admin: { email: string; password: string };
      endpoints: { dynamodb: string; s3: string; cognito: string };
      tableName: string;
      /** The functions' environment, for tests that call services in-process. */
      env: Record<string, string>;
    };
  }
}

/** Tests take paths from the one route table, as the web app and the gateway do. */
export { routePath };

/** A small JSON client for the local stack under test. */
export function api() {
  const { url } = inject('stack');
  return async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; rawBody?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.rawBody !== undefined) {
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body:
        options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = text ? JSON.parse(text) : undefined;
    return { status: res.status, body, headers: res.headers };
  };
}

/** A unique e-mail per test, so tests never depend on each other's data. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.in`;

type Call = ReturnType<typeof api>;

/** A new learner, signed up and signed in, with a unique e-mail. */
export async function newLearner(call: Call, name = 'Test Learner', password = 'Passw0rdOk') {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  await call('POST', routePath('learner.login.signup'), {
    body: { user_name: name, email, password },
  });
  const login = (
    await call('POST', routePath('learner.login.request'), { body: { email, password } })
  ).body;
  return {
    token: login.accessToken as string,
    userId: login.user.empid as string,
    email,
    password,
  };
}

/** The access token of the stack's admin. */
export async function adminToken(call: Call): Promise<string> {
  const { admin } = inject('stack');
  return (
    await call('POST', routePath('admin.login.request'), {
      body: { email: admin.email, password: admin.password },
    })
  ).body.accessToken as string;
}

/**
 * Puts subjects in a learner's cart, makes the order and pays it at the local test gateway (a
 * "card payment"), without reporting the payment: the order, and the gateway's payment.
 */
export async function payAtGateway(
  call: Call,
  token: string,
  subjectIds: string[],
  checkout: { state?: string } = {},
) {
  for (const subject_id of subjectIds)
    await call('POST', routePath('cart.insert'), { token, body: { subject_id } });
  const order = (await call('POST', routePath('payments.process'), { token, body: checkout })).body
    .data;
  const paid = (
    await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } })
  ).body;
  return { order, paid };
}

/**
 * Buys subjects as a learner through the local test gateway: cart, order, "card payment", and
 * the browser's report (`checkout`: processPayment's body, e.g. the buyer's state). Answers the
 * gateway's payment so tests can replay it.
 */
export async function buySubjects(
  call: Call,
  token: string,
  subjectIds: string[],
  checkout: { state?: string } = {},
) {
  const { order, paid } = await payAtGateway(call, token, subjectIds, checkout);
  const recorded = await call('POST', routePath('payments.record'), { token, body: paid });
  return { order, paid, recorded };
}

/** The code cognito-local "e-mailed" to a learner: it keeps it in its JSON store. */
export function sentCode(userId: string): string {
  const { dataDir, env } = inject('stack');
  const file = join(dataDir, 'cognito', '.cognito', 'db', `${env.LEARNER_POOL_ID}.json`);
  const store = JSON.parse(readFileSync(file, 'utf8')) as {
    Users: Record<
      string,
      { Attributes: { Name: string; Value: string }[]; AttributeVerificationCode?: string }
    >;
  };
  const user = Object.values(store.Users).find((u) =>
    u.Attributes.some((a) => a.Name === 'sub' && a.Value === userId),
  );
  if (!user?.AttributeVerificationCode) throw new Error('no code was sent');
  return user.AttributeVerificationCode;
}

/** The stack's table, for tests that plant or inspect records directly. */
export function tableClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('stack').endpoints.dynamodb,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}
