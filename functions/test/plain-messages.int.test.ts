import { describe, expect, it } from 'vitest';
import { api, routePath, uniqueEmail } from './api.ts';
import { ADMIN_DATA, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

/** Walkthrough bug 3: no raw validation text ("Too big: expected string…") reaches a person. */
describe('validation messages name the field in plain words', () => {
  it('a 300-character User Name at sign-up', async () => {
    const res = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'x'.repeat(300), email: uniqueEmail('long'), password: 'Passw0rdOk' },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('User Name must be at most 100 characters.');
    expect(res.body.details).toEqual([
      {
        field: 'user_name',
        message: 'User Name must be at most 100 characters.',
        message_code: 'validation.at_most_chars',
        message_params: { field: 'User Name', max: '100' },
      },
    ]);
  });

  it('a 300-character Board Name from an admin', async () => {
    const res = await call('POST', `${ADMIN_DATA}/insertBoards`, {
      token: admin.token,
      body: { board_name: 'x'.repeat(300) },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Board Name must be at most 100 characters.');
  });

  it('a wrong-typed field', async () => {
    const res = await call('POST', `${ADMIN_DATA}/insertBoards`, {
      token: admin.token,
      body: { board_name: 12345 },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).not.toMatch(/expected|invalid input/i);
  });
});
