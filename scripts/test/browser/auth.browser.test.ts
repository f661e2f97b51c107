import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@gia/shared/messages.ts';
import { launchChromium, layoutProblems, sessionOf, watchErrors } from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';

const stack = inject('stack');
const call = api();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: stack.url });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

/** Signs up on the sign-up screen: the learner is signed in and lands on the board screen. */
async function signUpInBrowser(email: string, password: string, name = 'Kavya Nair') {
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Sign up to GIA School' }).waitFor();
  await page.getByLabel('User Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create an Account' }).click();
  await page.waitForURL('**/GetBoard');
}

/** An account made through the API (the sign-up screen is tested once, above). */
async function signUpByApi(email: string, password: string) {
  const res = await call('POST', routePath('learner.login.signup'), {
    body: { user_name: 'Kavya Nair', email, password },
  });
  expect(res.status).toBe(201);
}

async function signInInBrowser(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a learner', () => {
  it('signs up, is signed in at once on the board screen, then logs out', async () => {
    const email = uniqueEmail('kavya');
    await signUpInBrowser(email, 'Kavya2026x');
    await page.getByText(MESSAGES.signupSuccess).waitFor();
    await page.getByRole('heading', { name: 'Choose Board' }).waitFor();
    expect(await sessionOf(page)).toBe('learner');
    // The hint of a session is kept (the token is not: sessions.browser.test.ts checks that).
    const persisted = await page.evaluate(() => globalThis.localStorage.getItem('root'));
    expect(persisted).toContain(email);

    await page.getByRole('button', { name: 'Profile menu' }).first().click();
    await page
      .getByRole('menuitem', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sessionOf(page)).toBeUndefined();
    expect(await page.evaluate(() => globalThis.localStorage.getItem('root'))).not.toContain(email);
    // The session cookie is gone: a reload does not bring the session back.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('gia_session');
    await page.goto('/Profile');
    await page.waitForURL('**/signin?redirect=%2FProfile');
  });

  it('sees the server message when the password is wrong, under the form', async () => {
    const email = uniqueEmail('wrongpw');
    await signUpByApi(email, 'Right2026x');
    await page.goto('/signin');
    await signInInBrowser(email, 'Wrong2026x');
    expect(await page.getByRole('alert').textContent()).toBe('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await sessionOf(page)).toBeUndefined();
  });

  it('on a 360 px phone: sees the password rule first, never a shown password carried over, and a one-line switch link', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/signup');
    const rule = 'Password must be at least 8 characters long and contain a letter and a digit.';
    await page.getByText(rule).waitFor();
    await page.getByLabel('User Name').fill('Ravi');
    await page.getByLabel('Email').fill(uniqueEmail('ravi'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.getByRole('button', { name: 'Create an Account' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(rule);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'signup-360.png') });
    }
    const link = page.getByRole('link', { name: 'Sign in', exact: true });
    const box = await link.boundingBox();
    // One line of text: no wrapping inside the link.
    expect(box!.height).toBeLessThan(30);
    expect(await layoutProblems(page, 'sign-up at 360 px')).toEqual([]);

    await link.click();
    await page.waitForURL('**/signin');
    // The sign-in page itself (the URL changes before its page replaces the sign-up form).
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe(
      'password',
    );
  });

  it('is sent to sign in from /Profile when signed out, and returned there after signing in', async () => {
    const email = uniqueEmail('returns');
    await signUpByApi(email, 'Return2026x');
    await page.goto('/Profile');
    await page.waitForURL('**/signin?redirect=%2FProfile');
    await signInInBrowser(email, 'Return2026x');
    await page.waitForURL('**/Profile');
    expect(await sessionOf(page)).toBe('learner');
  });
});

describe('an admin', () => {
  it('signs in at /AdminLoginNew and lands on /Setup', async () => {
    await page.goto('/AdminLoginNew');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(stack.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/Setup');
    await page.getByRole('heading', { name: 'Setup' }).first().waitFor();
    expect(await sessionOf(page)).toBe('admin');
    // The admin pool's session cookie: HttpOnly, on the admin login routes only.
    const cookie = (await context.cookies()).find((c) => c.name === 'gia_session');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/classadmin/login/',
    });
    // A reload keeps the admin signed in (the cookie is traded for a new token).
    await page.reload();
    await page.getByRole('heading', { name: 'Setup' }).first().waitFor();
    expect(await sessionOf(page)).toBe('admin');
  });

  it('keeps a learner out of the admin area', async () => {
    await page.goto('/Setup');
    await page.waitForURL('**/AdminLoginNew');
  });
});

describe('the shell', () => {
  it('shows the 404 page for an unknown route', async () => {
    await page.goto('/no-such-page');
    await page.getByText('Oops! The page you are looking for does not exist.').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
  });
});
