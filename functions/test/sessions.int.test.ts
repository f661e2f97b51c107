import { describe, expect, it, inject } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES, PASSWORD_RULE_MESSAGE, SESSION_COOKIE } from '@gia/shared';
import { adminToken, api, newLearner, routePath, tableClient, uniqueEmail } from './api.ts';

/*
 * Issue 29: sessions that survive tabs (the refresh token in an HttpOnly cookie), sign-out
 * everywhere, a forgotten password, sign-in with an e-mailed code, and the local outbox, against
 * the local stack (cognito-local with its custom-auth extension, DynamoDB Local).
 */

const stack = inject('stack');
const call = api();
const db = tableClient();

const APP = { 'x-requested-with': 'XMLHttpRequest' };
const LEARNER_PATH = '/api/v1/classuser/login/';
const ADMIN_PATH = '/api/v1/classadmin/login/';

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  cookies: string[];
}

/** A POST with optional JSON body, cookie and headers; the answer's Set-Cookie values kept. */
async function post(
  path: string,
  options: {
    body?: unknown;
    cookie?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    cookies: res.headers.getSetCookie(),
  };
}

const getCart = async (token: string) =>
  (await call('GET', routePath('cart.get'), { token })).status;

/** The `name=value` of the session cookie an answer set (for a `Cookie` header). */
function sessionCookieOf(answer: Answer): string {
  const set = answer.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error('no session cookie was set');
  return set.split(';')[0]!;
}

const signIn = (email: string, password = 'Passw0rdOk') =>
  post(routePath('learner.login.request'), { body: { email, password } });

/** The messages the local outbox holds for an address, newest first. */
async function outbox(to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await call('GET', `${routePath('local.outbox')}?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/**
 * The six-digit code of the newest outbox message whose subject matches (in its text: Cognito
 * puts a code in the body only).
 */
async function codeSent(to: string, subject: RegExp): Promise<string> {
  const mail = (await outbox(to)).find((m) => subject.test(m.subject));
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}
const resetCode = (to: string) => codeSent(to, /password reset code/);
const signInCode = (to: string) => codeSent(to, /sign-in code/);

describe('the session cookie', () => {
  it('is set at sign-in, HttpOnly and SameSite=Strict, on the pool login path, for the refresh token lifetime', async () => {
    const me = await newLearner(call, 'Cookie');
    const learner = await signIn(me.email);
    expect(learner.status).toBe(200);
    // The contract's fields stay for API clients.
    expect(learner.body).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const cookie = learner.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toBe(
      `${SESSION_COOKIE}=${learner.body.refreshToken}; Path=${LEARNER_PATH}; Max-Age=${30 * 86400}; HttpOnly; SameSite=Strict`,
    );

    const admin = await post(routePath('admin.login.request'), {
      body: { email: stack.admin.email, password: stack.admin.password },
    });
    const adminCookie = admin.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(adminCookie).toContain(`Path=${ADMIN_PATH}; Max-Age=86400; HttpOnly; SameSite=Strict`);
  });

  it('refreshes from the cookie only with the app header, and the body token still works for API clients', async () => {
    const me = await newLearner(call, 'Refresher');
    const login = await signIn(me.email);
    const cookie = sessionCookieOf(login);

    const forged = await post(routePath('learner.login.refresh'), { cookie });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(MESSAGES.csrfHeaderMissing);

    const fromCookie = await post(routePath('learner.login.refresh'), { cookie, headers: APP });
    expect(fromCookie.status).toBe(200);
    expect(fromCookie.body.message).toBe(MESSAGES.refreshed);
    expect(await getCart(fromCookie.body.accessToken)).toBe(200);

    const fromBody = await post(routePath('learner.login.refresh'), {
      body: { refreshToken: login.body.refreshToken },
    });
    expect(fromBody.status).toBe(200);

    const none = await post(routePath('learner.login.refresh'), { headers: APP });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(MESSAGES.refreshFailed);

    // A learner's refresh token is not an admin session.
    const crossPool = await post(routePath('admin.login.refresh'), {
      body: { refreshToken: login.body.refreshToken },
    });
    expect(crossPool.status).toBe(401);
  });

  it('is cleared by logout, after which it refreshes nothing (and is cleared again)', async () => {
    const me = await newLearner(call, 'Leaver');
    const login = await signIn(me.email);
    const cookie = sessionCookieOf(login);
    const out = await post(routePath('learner.login.logout'), {
      cookie,
      token: login.body.accessToken,
      headers: APP,
    });
    expect(out.status).toBe(200);
    expect(out.cookies).toContain(
      `${SESSION_COOKIE}=; Path=${LEARNER_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`,
    );
    const again = await post(routePath('learner.login.refresh'), { cookie, headers: APP });
    expect(again.status).toBe(401);
    expect(again.cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await getCart(login.body.accessToken)).toBe(401);
  });
});

describe('signing out everywhere', () => {
  it('ends every session of the account, access and refresh, and a new sign-in works at once', async () => {
    const me = await newLearner(call, 'Everywhere');
    const phone = await signIn(me.email);
    const laptop = await signIn(me.email);
    const other = await newLearner(call, 'Bystander');
    expect(await getCart(phone.body.accessToken)).toBe(200);

    const forged = await post(routePath('learner.login.signOutEverywhere'));
    expect(forged.status).toBe(401);

    const out = await post(routePath('learner.login.signOutEverywhere'), {
      token: laptop.body.accessToken,
    });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(MESSAGES.signedOutEverywhere);
    expect(out.cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    expect(await getCart(phone.body.accessToken)).toBe(401);
    expect(await getCart(laptop.body.accessToken)).toBe(401);
    const phoneRefresh = await post(routePath('learner.login.refresh'), {
      cookie: sessionCookieOf(phone),
      headers: APP,
    });
    expect(phoneRefresh.status).toBe(401);
    const laptopRefresh = await post(routePath('learner.login.refresh'), {
      body: { refreshToken: laptop.body.refreshToken },
    });
    expect(laptopRefresh.status).toBe(401);

    // Another learner is untouched; the owner signs in again straight away.
    expect(await getCart(other.token)).toBe(200);
    const back = await signIn(me.email);
    expect(back.status).toBe(200);
    expect(await getCart(back.body.accessToken)).toBe(200);
  });
});

describe('a forgotten password', () => {
  it('answers the same for a known and an unknown e-mail, and only the known one gets a code', async () => {
    const me = await newLearner(call, 'Forgetful');
    const stranger = uniqueEmail('stranger');
    const known = await post(routePath('learner.login.forgotPassword'), {
      body: { email: me.email },
    });
    const unknown = await post(routePath('learner.login.forgotPassword'), {
      body: { email: stranger },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: MESSAGES.forgotPasswordSent });
    expect(unknown.body).toEqual(known.body);
    expect(await resetCode(me.email)).toMatch(/^\d{6}$/);
    expect(await outbox(stranger)).toEqual([]);

    const invalid = await post(routePath('learner.login.forgotPassword'), {
      body: { email: 'not-an-email' },
    });
    expect(invalid.status).toBe(400);
  });

  it('resets with the code: wrong codes and a weak password refused, then the new password works, the old does not, and other sessions end', async () => {
    const me = await newLearner(call, 'Resetter');
    const before = await signIn(me.email);
    await post(routePath('learner.login.forgotPassword'), { body: { email: me.email } });
    const code = await resetCode(me.email);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code: wrongCode, password: 'N3wPassword' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.resetCodeWrong);
    expect(wrong.body.details).toMatchObject([{ field: 'code', message: MESSAGES.resetCodeWrong }]);

    const weak = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(PASSWORD_RULE_MESSAGE);

    const done = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code, password: 'N3wPassword' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: MESSAGES.passwordChanged });

    expect((await signIn(me.email, 'Passw0rdOk')).status).toBe(401);
    expect((await signIn(me.email, 'N3wPassword')).status).toBe(200);
    // The session from before the reset is over, access and refresh.
    expect(await getCart(before.body.accessToken)).toBe(401);
    const refreshed = await post(routePath('learner.login.refresh'), {
      body: { refreshToken: before.body.refreshToken },
    });
    expect(refreshed.status).toBe(401);

    // The code worked once.
    const reused = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code, password: 'An0therPass' },
    });
    expect(reused.status).toBe(400);
  });

  it('refuses a code older than its hour as expired', async () => {
    const me = await newLearner(call, 'Late');
    await post(routePath('learner.login.forgotPassword'), { body: { email: me.email } });
    const code = await resetCode(me.email);
    const twoHoursAgo = Date.now() - 2 * 3600 * 1000;
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          pk: `RESETCODE#learner#${me.email}`,
          sk: 'RESETCODE',
          sent_at: twoHoursAgo,
          ttl: Math.ceil(Date.now() / 1000) + 600,
        },
      }),
    );
    const late = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code, password: 'N3wPassword' },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MESSAGES.resetCodeExpired);
    expect((await signIn(me.email)).status).toBe(200);
  });

  it('stops guessing: after five wrong codes even the right one gets 429', async () => {
    const me = await newLearner(call, 'Guessed');
    await post(routePath('learner.login.forgotPassword'), { body: { email: me.email } });
    const code = await resetCode(me.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      statuses.push(
        (
          await post(routePath('learner.login.resetPassword'), {
            body: { email: me.email, code: guess, password: 'N3wPassword' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await post(routePath('learner.login.resetPassword'), {
      body: { email: me.email, code, password: 'N3wPassword' },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(MESSAGES.resetTooManyTries);
  });

  it('works for the admin pool too', async () => {
    const token = await adminToken(call);
    const email = uniqueEmail('forgetful-admin');
    const created = await call('POST', routePath('admin.insertAdmin'), {
      token,
      body: { name: 'Meera', email, password: 'Adm1nPass' },
    });
    expect(created.status).toBe(201);
    const asked = await post(routePath('admin.login.forgotPassword'), { body: { email } });
    expect(asked.body.message).toBe(MESSAGES.forgotPasswordSent);
    const code = await resetCode(email);
    const done = await post(routePath('admin.login.resetPassword'), {
      body: { email, code, password: 'N3wAdminPass' },
    });
    expect(done.status).toBe(200);
    const signedIn = await post(routePath('admin.login.request'), {
      body: { email, password: 'N3wAdminPass' },
    });
    expect(signedIn.status).toBe(200);
  });
});

describe('signing in with a code', () => {
  it('answers the same for an unknown e-mail and sends it nothing', async () => {
    const stranger = uniqueEmail('nobody');
    const res = await post(routePath('learner.login.requestCode'), { body: { email: stranger } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.signInCodeSent });
    expect(await outbox(stranger)).toEqual([]);
    const tried = await post(routePath('learner.login.verifyCode'), {
      body: { email: stranger, code: '123456' },
    });
    expect(tried.status).toBe(400);
    expect(tried.body.message).toBe(MESSAGES.signInCodeWrong);
  });

  it('signs in once with the e-mailed code, as a password sign-in does, cookie included', async () => {
    const me = await newLearner(call, 'Coder');
    const sent = await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
    expect(sent.body).toEqual({ message: MESSAGES.signInCodeSent });
    const mail = (await outbox(me.email))[0]!;
    expect(mail.subject).toMatch(/^Your GIA School sign-in code: \d{6}$/);
    expect(mail.text).toContain('10 minutes');
    const code = await signInCode(me.email);

    const signedIn = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      message: MESSAGES.loginSuccess,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expires_in: expect.any(Number),
      user: { empid: me.userId, email: me.email },
    });
    expect(await getCart(signedIn.body.accessToken)).toBe(200);
    const refreshed = await post(routePath('learner.login.refresh'), {
      cookie: sessionCookieOf(signedIn),
      headers: APP,
    });
    expect(refreshed.status).toBe(200);

    const again = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code },
    });
    expect(again.status).toBe(400);
  });

  it('takes five tries of a code, then the code is gone, the right code too', async () => {
    const me = await newLearner(call, 'Tries');
    await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
    const code = await signInCode(me.email);
    const wrong = code === '000000' ? '999999' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(routePath('learner.login.verifyCode'), {
        body: { email: me.email, code: wrong },
      });
      statuses.push(res.status);
      if (i === 4) expect(res.body.message).toBe(MESSAGES.signInCodeTooManyTries);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code },
    });
    expect(right.status).not.toBe(200);
    expect(right.body.accessToken).toBeUndefined();
  });

  it('replaces an earlier code with a new one', async () => {
    const me = await newLearner(call, 'Twice');
    await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
    const first = await signInCode(me.email);
    let second = first;
    // A new code is random: ask again until it differs (one in a million it does not).
    while (second === first) {
      await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
      second = await signInCode(me.email);
    }
    const old = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code: first },
    });
    expect(old.status).toBe(400);
    const current = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code: second },
    });
    expect(current.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const me = await newLearner(call, 'Expired');
    await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
    const code = await signInCode(me.email);
    const { createHash } = await import('node:crypto');
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          pk: `SIGNINCODE#learner#${me.email}`,
          sk: 'SIGNINCODE',
          code_hash: createHash('sha256').update(`${me.email}:${code}`).digest('hex'),
          tries: 0,
          expires_at: Date.now() - 1000,
          ttl: Math.ceil(Date.now() / 1000) + 600,
        },
      }),
    );
    const late = await post(routePath('learner.login.verifyCode'), {
      body: { email: me.email, code },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MESSAGES.signInCodeWrong);
  });

  it('cannot be completed without a code: a made-up challenge answer gets no tokens', async () => {
    const {
      AdminInitiateAuthCommand,
      AdminRespondToAuthChallengeCommand,
      CognitoIdentityProviderClient,
    } = await import('@aws-sdk/client-cognito-identity-provider');
    const me = await newLearner(call, 'Challenged');
    const cognito = new CognitoIdentityProviderClient({
      endpoint: stack.endpoints.cognito,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const ids = { UserPoolId: stack.env.LEARNER_POOL_ID, ClientId: stack.env.LEARNER_CLIENT_ID };
    const started = await cognito.send(
      new AdminInitiateAuthCommand({
        ...ids,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: me.email },
      }),
    );
    expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
    await expect(
      cognito.send(
        new AdminRespondToAuthChallengeCommand({
          ...ids,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: { USERNAME: me.email, ANSWER: 'guess' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('the local outbox', () => {
  it('lists what was sent to an address, newest first', async () => {
    const me = await newLearner(call, 'Reader');
    await post(routePath('learner.login.requestCode'), { body: { email: me.email } });
    await post(routePath('learner.login.forgotPassword'), { body: { email: me.email } });
    const mails = await outbox(me.email.toUpperCase());
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails.every((m) => m.to === me.email)).toBe(true);
    expect(mails[0]!.subject).toMatch(/password reset code/);
    expect(mails[1]!.subject).toMatch(/sign-in code/);
    const all = await call('GET', routePath('local.outbox'));
    expect(all.body.data.length).toBeGreaterThanOrEqual(mails.length);
  });
});
