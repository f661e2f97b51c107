import { describe, expect, it, inject } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { BASES, ROUTES } from '@gia/shared';
import { api, routePath, tableClient, uniqueEmail } from './api.ts';
import { authFlows } from './fixtures.ts';

const call = api();
const stack = inject('stack');
const db = tableClient();
const { signUp, signIn, adminSession } = authFlows(call);

describe('learner sign-up', () => {
  it('creates the Cognito user and a profile whose user_id is the Cognito sub, without any password', async () => {
    const { email, res } = await signUp('asha');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Successfully signed up');
    expect(res.body.data).toEqual({
      user_id: expect.any(String),
      user_name: 'asha Learner',
      email,
    });

    const login = await signIn('learner', email, 'Passw0rdOk');
    expect(login.body.user.empid).toBe(res.body.data.user_id);

    const profile = await db.send(
      new GetCommand({
        TableName: stack.tableName,
        Key: { pk: `USER#${res.body.data.user_id}`, sk: 'PROFILE' },
      }),
    );
    expect(profile.Item).toMatchObject({
      user_id: res.body.data.user_id,
      email,
      is_verified: false,
    });
    expect(JSON.stringify(profile.Item)).not.toContain('Passw0rdOk');
    expect(Object.keys(profile.Item ?? {})).not.toContain('password');
  });

  it('refuses a second account with the same e-mail with 409', async () => {
    const { email } = await signUp('twice');
    const again = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Other', email: email.toUpperCase(), password: 'Passw0rdOk' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('refuses a password without a digit or shorter than 8 characters with 400', async () => {
    for (const password of ['lettersonly', 'abc123', '12345678']) {
      const { res } = await signUp('weak', password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Password must be at least 8 characters long and contain a letter and a digit.',
      );
    }
  });

  it('refuses a blank name and a bad e-mail with 400 and details', async () => {
    const res = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: '   ', email: 'not-an-email', password: 'Passw0rdOk' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'email',
      'user_name',
    ]);
  });
});

describe('learner sign-in', () => {
  it('answers the tokens and the user, with empid the user id', async () => {
    const { email, password, res } = await signUp('ravi');
    const login = await signIn('learner', email, password);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      message: 'Logged in Successfully',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expires_in: expect.any(Number),
      user: { empid: res.body.data.user_id, name: 'ravi Learner', email },
    });
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await signUp('meera');
    const wrong = await signIn('learner', email, 'Wrongpass1');
    const unknown = await signIn('learner', uniqueEmail('nobody'), 'Wrongpass1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses further attempts with 429 after five failures for one e-mail, even with the right password', async () => {
    const { email, password } = await signUp('locked');
    for (let i = 0; i < 5; i++)
      expect((await signIn('learner', email, 'Wrongpass1')).status).toBe(401);
    const refused = await signIn('learner', email, password);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refreshes the access token, and after logout the refresh token stops working', async () => {
    const { email, password } = await signUp('session');
    const { accessToken, refreshToken } = (await signIn('learner', email, password)).body;
    const refreshed = await call('POST', routePath('learner.login.refresh'), {
      body: { refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.accessToken).toEqual(expect.any(String));

    const out = await call('POST', routePath('learner.login.logout'), {
      token: accessToken,
      body: { refreshToken },
    });
    expect(out.status).toBe(200);
    const after = await call('POST', routePath('learner.login.refresh'), {
      body: { refreshToken },
    });
    expect(after.status).toBe(401);
  });

  it('makes the access token of the session stop working at logout', async () => {
    const { email, password } = await signUp('loggedout');
    const { accessToken, refreshToken } = (await signIn('learner', email, password)).body;
    const before = await call('GET', routePath('profile.get'), { token: accessToken });
    expect(before.status).toBe(200);

    await call('POST', routePath('learner.login.logout'), {
      token: accessToken,
      body: { refreshToken },
    });

    const after = await call('GET', routePath('profile.get'), { token: accessToken });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      message: 'Please sign in to continue.',
      code: 'UNAUTHENTICATED',
    });
    // A new sign-in is a new session.
    const again = (await signIn('learner', email, password)).body.accessToken;
    expect((await call('GET', routePath('profile.get'), { token: again })).status).toBe(200);
  });

  it('needs a learner token to log out', async () => {
    expect((await call('POST', routePath('learner.login.logout'), { body: {} })).status).toBe(401);
    const admin = await adminSession();
    const res = await call('POST', routePath('learner.login.logout'), {
      token: admin.accessToken,
      body: {},
    });
    expect(res.status).toBe(403);
  });
});

describe('the gateway', () => {
  it('answers health, JSON 404 and 405', async () => {
    expect(await call('GET', routePath('health'))).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await call('GET', `${BASES.learner}/data/unknown`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await call('DELETE', routePath('learner.login.signup'))).status).toBe(405);
  });

  it('serves every route of the shared table (none answers 501)', async () => {
    for (const r of ROUTES) {
      const path = r.path.replace(/\{\w+\}/g, 'x');
      const res = await call(r.method, path, r.method === 'GET' ? {} : { body: {} });
      expect([r.name, res.status]).not.toEqual([r.name, 501]);
      expect(res.status).toBeLessThan(500);
    }
  });
});
