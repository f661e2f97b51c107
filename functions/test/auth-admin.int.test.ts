import { describe, expect, it, inject } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, routePath, tableClient, uniqueEmail } from './api.ts';
import { authFlows } from './fixtures.ts';

const call = api();
const stack = inject('stack');
const db = tableClient();
const { signUp, signIn, adminSession } = authFlows(call);

describe('admin sign-in and admin accounts', () => {
  it('signs the admin in and answers the admin name and e-mail', async () => {
    const res = await signIn('admin', stack.admin.email, stack.admin.password);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ name: 'Admin', email: stack.admin.email });
  });

  it('keeps learners and admins in separate pools', async () => {
    const { email, password } = await signUp('poolcheck');
    expect((await signIn('admin', email, password)).status).toBe(401);
    const learner = (await signIn('learner', email, password)).body;
    const res = await call('GET', routePath('admin.getAdmins'), { token: learner.accessToken });
    expect(res.status).toBe(403);
  });

  it('creates an admin who can then sign in, lists it, and deletes it', async () => {
    const { accessToken } = await adminSession();
    const email = uniqueEmail('newadmin');
    const created = await call('POST', routePath('admin.insertAdmin'), {
      token: accessToken,
      body: { name: 'Priya', email, password: 'Adm1nPass' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      admin_id: expect.any(String),
      name: 'Priya',
      email,
      created_at: expect.any(String),
    });
    expect((await signIn('admin', email, 'Adm1nPass')).status).toBe(200);

    const list = await call('GET', routePath('admin.getAdmins'), { token: accessToken });
    expect(list.body.data).toContainEqual(created.body.data);
    expect(list.body.next_cursor).toBeNull();

    const dup = await call('POST', routePath('admin.insertAdmin'), {
      token: accessToken,
      body: { name: 'Priya', email, password: 'Adm1nPass' },
    });
    expect(dup.status).toBe(409);

    const removed = await call(
      'DELETE',
      routePath('admin.deleteAdmin', { admin_id: created.body.data.admin_id }),
      {
        token: accessToken,
      },
    );
    expect(removed.status).toBe(200);
    expect((await signIn('admin', email, 'Adm1nPass')).status).toBe(401);
    const gone = await call(
      'DELETE',
      routePath('admin.deleteAdmin', { admin_id: created.body.data.admin_id }),
      {
        token: accessToken,
      },
    );
    expect(gone.status).toBe(404);
  });

  it('refuses a deleted admin on every admin route at once, so it cannot create a new admin', async () => {
    const { accessToken } = await adminSession();
    const email = uniqueEmail('removed');
    const created = await call('POST', routePath('admin.insertAdmin'), {
      token: accessToken,
      body: { name: 'Y', email, password: 'Adm1nPass' },
    });
    const y = (await signIn('admin', email, 'Adm1nPass')).body;
    expect((await call('GET', routePath('admin.getAdmins'), { token: y.accessToken })).status).toBe(
      200,
    );

    const removed = await call(
      'DELETE',
      routePath('admin.deleteAdmin', { admin_id: created.body.data.admin_id }),
      {
        token: accessToken,
      },
    );
    expect(removed.status).toBe(200);

    const list = await call('GET', routePath('admin.getAdmins'), { token: y.accessToken });
    expect(list.status).toBe(401);
    expect(list.body.code).toBe('UNAUTHENTICATED');
    const persistence = await call('POST', routePath('admin.insertAdmin'), {
      token: y.accessToken,
      body: { name: 'Z (created by deleted Y)', email: uniqueEmail('z'), password: 'Adm1nPass' },
    });
    expect(persistence.status).toBe(401);
    const refreshed = await call('POST', routePath('admin.login.refresh'), {
      body: { refreshToken: y.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });

  it('makes an admin access token stop working at logout', async () => {
    const { accessToken, refreshToken } = await adminSession();
    await call('POST', routePath('admin.login.logout'), {
      token: accessToken,
      body: { refreshToken },
    });
    expect((await call('GET', routePath('admin.getAdmins'), { token: accessToken })).status).toBe(
      401,
    );
    const other = await adminSession();
    expect(
      (await call('GET', routePath('admin.getAdmins'), { token: other.accessToken })).status,
    ).toBe(200);
  });

  it('refuses an admin deleting their own account with 409', async () => {
    const { accessToken } = await adminSession();
    const me = (
      await call('GET', routePath('admin.getAdmins'), { token: accessToken })
    ).body.data.find((a: { email: string }) => a.email === stack.admin.email);
    const res = await call('DELETE', routePath('admin.deleteAdmin', { admin_id: me.admin_id }), {
      token: accessToken,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot delete your own account.');
  });

  it('pages the admin list with limit and cursor', async () => {
    const { accessToken } = await adminSession();
    for (const n of [1, 2]) {
      await call('POST', routePath('admin.insertAdmin'), {
        token: accessToken,
        body: { name: `Pager ${n}`, email: uniqueEmail('pager'), password: 'Adm1nPass' },
      });
    }
    const first = await call('GET', routePath('admin.getAdmins', {}, { limit: 1 }), {
      token: accessToken,
    });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(
      'GET',
      routePath('admin.getAdmins', {}, { limit: 1, cursor: first.body.next_cursor }),
      { token: accessToken },
    );
    expect(second.body.data[0].admin_id).not.toBe(first.body.data[0].admin_id);
    const bad = await call('GET', routePath('admin.getAdmins', {}, { limit: 5000 }), {
      token: accessToken,
    });
    expect(bad.status).toBe(400);
  });

  it('stores no password in the table', async () => {
    const res = await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ADMINS' },
      }),
    );
    expect(res.Items?.length).toBeGreaterThan(0);
    for (const item of res.Items ?? []) {
      expect(Object.keys(item)).not.toContain('password');
      expect(JSON.stringify(item)).not.toContain(stack.admin.password);
    }
  });
});
