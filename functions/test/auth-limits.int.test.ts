import { request } from 'node:http';
import { describe, expect, it, inject } from 'vitest';
import { adminToken, api, routePath, uniqueEmail } from './api.ts';
import { httpEvent, lambdaContext } from './event.ts';

const stack = inject('stack');
const call = api();

// Sign-ups run in-process too, against the same embedded services, with a small per-client limit
// (the gateway's own limit is high: every local client is one loopback address).
Object.assign(process.env, stack.env, { SIGNUP_MAX_PER_CLIENT: '3', LOG_LEVEL: 'SILENT' });
const { handler: authHandler } = await import('../src/auth/handler.ts');

let lastOctets = Math.floor(Math.random() * 200);
/** A loopback address of its own for each client in these tests (Linux routes all of 127/8). */
const newClient = () => {
  lastOctets += 1;
  return `127.${(lastOctets >> 8) & 255}.${lastOctets & 255}.${2 + Math.floor(Math.random() * 250)}`;
};

interface Answer {
  status: number;
  body: { message?: string; code?: string; accessToken?: string };
  retryAfter?: string;
}

/** A JSON POST to the gateway sent from the given local address, as a separate client. */
function postFrom(client: string, path: string, body: unknown): Promise<Answer> {
  const { port } = new URL(stack.url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: client,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
            retryAfter: res.headers['retry-after'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const statuses = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

async function newLearnerAccount(label: string) {
  const email = uniqueEmail(label);
  const password = 'Passw0rdOk';
  const res = await call('POST', routePath('learner.login.signup'), {
    body: { user_name: label, email, password },
  });
  expect(res.status).toBe(201);
  return { email, password };
}

async function newAdminAccount(label: string) {
  const email = uniqueEmail(label);
  const password = 'Adm1nPass9';
  const res = await call('POST', routePath('admin.insertAdmin'), {
    token: await adminToken(call),
    body: { name: label, email, password },
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const POOLS = [
  { pool: 'learner', signIn: routePath('learner.login.request'), account: newLearnerAccount },
  { pool: 'admin', signIn: routePath('admin.login.request'), account: newAdminAccount },
] as const;

describe.each(POOLS)('sign-in limits of the $pool pool', ({ signIn, account }) => {
  it('checks at most five of 40 parallel wrong guesses from one client; the rest get 429', async () => {
    const { email, password } = await account('burst');
    const client = newClient();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => postFrom(client, signIn, { email, password: 'Wrongpass1' })),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
    const refused = burst.find((a) => a.status === 429);
    expect(refused?.body.code).toBe('RATE_LIMITED');
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);

    // Once the limit is reached the right password from that client does not get through.
    const right = await postFrom(client, signIn, { email, password });
    expect(right.status).toBe(429);
  });

  it('lets no more than five attempts through when the right password is hidden in a burst', async () => {
    const { email, password } = await account('hidden');
    const client = newClient();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postFrom(client, signIn, {
          email,
          password: i === 20 ? password : `Wrongpass${i}`,
        }),
      ),
    );
    const counts = statuses(burst);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    expect(counts[429]).toBe(35);
  });

  it('does not let five anonymous failures from one client lock the owner out on another', async () => {
    const { email, password } = await account('owner');
    const stranger = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await postFrom(stranger, signIn, {
        email,
        password: 'Nope12345',
      });
      expect(res.status).toBe(401);
    }
    expect((await postFrom(stranger, signIn, { email, password })).status).toBe(429);
    const owner = await postFrom(newClient(), signIn, { email, password });
    expect(owner.status).toBe(200);
    expect(owner.body.accessToken).toEqual(expect.any(String));
  });
});

describe('sign-up limit per client', () => {
  const signUpFrom = async (client: string) => {
    const event = httpEvent('POST', routePath('learner.login.signup'), {
      body: JSON.stringify({
        user_name: 'Throttled',
        email: uniqueEmail('throttled'),
        password: 'Passw0rdOk',
      }),
    });
    event.requestContext.http.sourceIp = client;
    return authHandler(event, lambdaContext);
  };

  it('creates at most the limit of accounts from one client in parallel, then answers 429 with Retry-After', async () => {
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 6 }, () => signUpFrom(client)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(JSON.parse(String(refused?.body))).toEqual({
      message: 'Too many accounts were created from this network. Please try again later.',
      code: 'RATE_LIMITED',
      message_code: 'app.signup_rate_limited',
    });
    expect(Number(refused?.headers?.['retry-after'])).toBeGreaterThan(3500);

    // Another client is not affected.
    expect((await signUpFrom(newClient())).statusCode).toBe(201);
  });
});
