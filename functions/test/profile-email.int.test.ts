import { describe, expect, it, inject } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, newLearner, routePath, sentCode, tableClient, uniqueEmail } from './api.ts';

const stack = inject('stack');
const call = api();
const db = tableClient();

const signIn = (email: string, password = 'Passw0rdOk') =>
  call('POST', routePath('learner.login.request'), { body: { email, password } });

const profileOf = (email: string) => ({
  user_mobile: '9876543210',
  user_name: 'Mover',
  email,
  dob: '2010-05-04',
  course_of_study: 'Class 10',
  profile_image: '/media/public/images/me.png',
});

const guardOf = async (email: string) =>
  (
    await db.send(
      new GetCommand({
        TableName: stack.tableName,
        Key: { pk: `USEREMAIL#${email}`, sk: 'USEREMAIL' },
      }),
    )
  ).Item?.user_id as string | undefined;

describe('changing the e-mail of a profile', () => {
  it('takes no address without proof: it stays pending, sign-in keeps the old one, and the owner can still sign up', async () => {
    const me = await newLearner(call, 'Mover');
    const wanted = uniqueEmail('wanted');
    const res = await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: profileOf(wanted),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: me.email,
      pending_email: wanted,
      is_verified: false,
    });

    expect((await signIn(me.email)).status).toBe(200);
    expect((await signIn(wanted)).status).toBe(401);
    expect(await guardOf(wanted)).toBeUndefined();
    const read = await call('GET', routePath('profile.get'), { token: me.token });
    expect(read.body.data[0]).toMatchObject({ email: me.email, pending_email: wanted });

    // The real owner of the address is not locked out.
    const owner = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Owner', email: wanted, password: 'Passw0rdOk' },
    });
    expect(owner.status).toBe(201);
  });

  it('moves the address, the sign-in and the e-mail guard once the code sent to it is confirmed', async () => {
    const me = await newLearner(call, 'Prover');
    const wanted = uniqueEmail('proven');
    await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: profileOf(wanted),
    });

    const wrong = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code: sentCode(me.userId) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'This code is not correct.',
      details: [{ field: 'code', message: 'This code is not correct.' }],
    });
    const blank = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code: ' ' },
    });
    expect(blank.body.message).toBe('Please enter the 6-digit code from the email.');

    const confirmed = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code: sentCode(me.userId) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: 'Your new email address is confirmed.',
      data: { email: wanted, pending_email: null, is_verified: true },
    });
    expect((await signIn(wanted)).status).toBe(200);
    expect((await signIn(me.email)).status).toBe(401);
    expect(await guardOf(wanted)).toBe(me.userId);
    expect(await guardOf(me.email)).toBeUndefined();

    const again = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code: '123456' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('There is no email change to confirm.');
  });

  it('refuses the confirmation when another learner took the address meanwhile, and keeps the old sign-in', async () => {
    const me = await newLearner(call, 'Late');
    const wanted = uniqueEmail('raced');
    await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: profileOf(wanted),
    });
    const code = sentCode(me.userId);
    const other = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'First', email: wanted, password: 'Passw0rdOk' },
    });
    expect(other.status).toBe(201);

    const res = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email is already used by another account.');
    expect((await signIn(me.email)).status).toBe(200);
    expect(await guardOf(wanted)).toBe(other.body.data.user_id);
  });

  it('refuses an address another learner holds before sending any code', async () => {
    const me = await newLearner(call, 'Taker');
    const holder = await newLearner(call, 'Holder');
    const res = await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: profileOf(holder.email.toUpperCase()),
    });
    expect(res.status).toBe(409);
    expect(() => sentCode(me.userId)).toThrow('no code was sent');
  });
});
