/*
 * Issue 29, "sessions that survive tabs", in real Chromium on a 360×740 phone: signing up signs
 * in; a new tab and a restarted browser keep the session (the refresh token in its HttpOnly
 * cookie, never in web storage); signing out everywhere reaches the other tabs at once and other
 * devices at their next request; a forgotten password and a sign-in code, read from the local
 * outbox. With SHOTS_DIR (or SCREENSHOT_DIR) set, the new screens are saved there as PNGs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { MESSAGES } from '@gia/shared/messages.ts';
import { SESSION_COOKIE } from '@gia/shared/session.ts';
import {
  launchChromium,
  layoutProblems,
  PHONE,
  sessionOf,
  signInAsLearner,
  signInByApi,
} from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';

const stack = inject('stack');
const call = api();
const SHOTS = process.env.SHOTS_DIR ?? process.env.SCREENSHOT_DIR;
/** Where the learner pool's session cookie is sent, and only there. */
const COOKIE_PATH = '/api/v1/classuser/login/';
const SIGN_IN_HEADING = 'Sign in to GIA School';

let browser: Browser;
let opened: BrowserContext[] = [];
let errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(opened.map((c) => c.close()));
  opened = [];
  const seen = errors;
  errors = [];
  expect(seen).toEqual([]);
});

/** A new browser (context) on a 360×740 phone, its first tab, every tab's errors collected. */
async function phone(storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ baseURL: stack.url, ...PHONE, storageState });
  opened.push(context);
  context.on('page', (p) => p.on('pageerror', (err) => errors.push(err.message)));
  const page = await context.newPage();
  return { context, page };
}

/**
 * Checks the screen fits the phone and, when SHOTS_DIR is set, saves what the phone shows (the
 * 360×740 viewport: a whole-page shot would misplace the fixed header and dialogs).
 */
async function shot(page: Page, name: string) {
  expect(await layoutProblems(page, name)).toEqual([]);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** An account made through the API: the sign-up screen is the first test's. */
async function newAccount(label: string) {
  const email = uniqueEmail(label);
  const password = 'Session2026x';
  const res = await call('POST', routePath('learner.login.signup'), {
    body: { user_name: 'Meera Iyer', email, password },
  });
  expect(res.status).toBe(201);
  return { email, password };
}

/**
 * The POST answer of a learner login route (`request`, `refresh`, `verifyCode`), to be awaited
 * after the action that causes it (a failed action leaves no unhandled rejection behind).
 */
function loginAnswer(page: Page, route: string): Promise<Response> {
  const answer = page.waitForResponse(
    (r: Response) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === `${COOKIE_PATH}${route}`,
  );
  answer.catch(() => undefined);
  return answer;
}

/**
 * Signs a learner in on another device (a browser of its own) through the API and opens the
 * board screen there, waiting until its first requests are answered: nothing of its own is in
 * flight when the test acts. Answers the device's access token.
 */
async function otherDevice(me: { email: string; password: string }) {
  const device = await phone();
  const token = await signInByApi(device.context, me.email, me.password);
  await device.page.goto('/GetBoard');
  await device.page.getByRole('heading', { name: 'Choose Board' }).waitFor();
  await device.page.waitForLoadState('networkidle');
  expect(await sessionOf(device.page)).toBe('learner');
  return { ...device, token };
}

/** The learner pool's session cookie in a browser's cookie jar (`undefined` when there is none). */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== '');
}

/**
 * Nothing the page can read holds a token: no value (nor key) of localStorage or sessionStorage,
 * and not `document.cookie`, which does not even show the HttpOnly session cookie. Each token is
 * also looked for by its last 24 characters (a JWT's signature), in case it was kept re-encoded.
 */
async function expectNoTokenReadable(page: Page, tokens: string[]) {
  const readable = await page.evaluate(() => {
    const kept: string[] = [];
    for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        kept.push(`${key}=${storage.getItem(key)}`);
      }
    }
    return { kept, cookie: document.cookie };
  });
  // The persisted hint is there (so the search below looked at real data).
  expect(readable.kept.some((k) => k.startsWith('root=') && k.includes('"learner"'))).toBe(true);
  expect(readable.cookie).not.toContain(SESSION_COOKIE);
  for (const token of tokens) {
    expect(token.length).toBeGreaterThan(24);
    for (const piece of [token, token.slice(-24)]) {
      for (const entry of [...readable.kept, readable.cookie]) expect(entry).not.toContain(piece);
    }
  }
}

/** The tab shows the signed-in profile (not the sign-in form) at `/Profile`. */
async function expectSignedInOnProfile(page: Page) {
  await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/Profile');
  expect(await sessionOf(page)).toBe('learner');
  expect(await page.getByRole('heading', { name: SIGN_IN_HEADING }).count()).toBe(0);
}

/**
 * The newest code e-mailed to `to` whose subject matches `subject`, with its message (the code is
 * in the text: Cognito puts a code in the body only).
 */
async function codeFromOutbox(to: string, subject: RegExp) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await call('GET', `${routePath('local.outbox')}?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    const messages = res.body.data as { to: string; subject: string; text: string }[];
    for (const m of messages) {
      const code = subject.test(m.subject) && /\b(\d{6})\b/.exec(m.text)?.[1];
      if (code) return { code, message: m };
    }
    if (Date.now() > deadline) throw new Error(`nothing to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a learner’s session on a 360×740 phone (issue 29)', () => {
  it('signs up from a guarded page and is signed in there; no token is readable by the page, before or after a refresh', async () => {
    const { context, page } = await phone();
    await page.goto('/Profile');
    await page.waitForURL('**/signin?redirect=%2FProfile');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/signup?redirect=%2FProfile');
    await page.getByLabel('User Name').fill('Meera Iyer');
    await page.getByLabel('Email').fill(uniqueEmail('signs-up'));
    await page.getByLabel('Password', { exact: true }).fill('Session2026x');
    const login = loginAnswer(page, 'request');
    await page.getByRole('button', { name: 'Create an Account' }).click();
    const answer = (await (await login).json()) as { accessToken: string; refreshToken: string };

    // Signed in, back where the learner was going: no second form to fill in.
    await expectSignedInOnProfile(page);
    await page.getByText(MESSAGES.signupSuccess).waitFor();

    // The refresh token is in the session cookie, out of the page's reach, on the login path only.
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({
      value: answer.refreshToken,
      httpOnly: true,
      sameSite: 'Strict',
      path: COOKIE_PATH,
      secure: false,
    });
    // A persistent cookie (it survives a browser restart): the 30 days of a learner's session.
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    await expectNoTokenReadable(page, [answer.accessToken, answer.refreshToken]);

    // A reload trades the cookie for a new access token: that one is not kept in storage either.
    // The cookie goes to the refresh route only, not to the other calls of the API.
    const refreshed = loginAnswer(page, 'refresh');
    const profileRead = page.waitForRequest(
      (r) => new URL(r.url()).pathname === routePath('profile.get'),
    );
    await page.reload();
    const renewal = await refreshed;
    expect(renewal.status()).toBe(200);
    const sent = await renewal.request().allHeaders();
    expect(sent['x-requested-with']).toBe('XMLHttpRequest');
    expect(sent.cookie).toContain(`${SESSION_COOKIE}=${answer.refreshToken}`);
    const read = await (await profileRead).allHeaders();
    expect(read.authorization).toMatch(/^Bearer /);
    expect(read.cookie ?? '').not.toContain(SESSION_COOKIE);
    const fresh = (await renewal.json()) as { accessToken: string };
    await expectSignedInOnProfile(page);
    await expectNoTokenReadable(page, [answer.accessToken, answer.refreshToken, fresh.accessToken]);
  });

  it('stays signed in in a new tab opened on a deep link, and after the browser restarts', async () => {
    const me = await newAccount('tabs');
    const { context, page } = await phone();
    await signInAsLearner(page, me.email, me.password);
    expect(await sessionOf(page)).toBe('learner');

    const tab = await context.newPage();
    await tab.goto('/Profile');
    await expectSignedInOnProfile(tab);

    // The browser restarts: its cookies and localStorage, nothing from the closed tabs' memory.
    const saved = await context.storageState();
    await context.close();
    const restarted = await phone(saved);
    await restarted.page.goto('/Profile');
    await expectSignedInOnProfile(restarted.page);
  });

  it('signs out everywhere after a confirmation: this browser’s other tab at once, another device at its next request', async () => {
    const me = await newAccount('everywhere');
    const { context, page } = await phone();
    await signInAsLearner(page, me.email, me.password);
    const other = await context.newPage();
    await other.goto('/Profile');
    await expectSignedInOnProfile(other);
    // Another device, signed in before.
    const device = await otherDevice(me);

    // Back to the first tab (a background tab gets few animation frames: clicks would wait).
    await page.bringToFront();
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Sign out on every phone and computer');
    await shot(page, 'profile-sign-out-everywhere-confirm');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sessionOf(page)).toBe('learner');
    expect(await sessionCookie(context)).toBeDefined();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(await page.getByRole('status').first().textContent()).toBe(MESSAGES.signedOutEverywhere);
    expect(await sessionOf(page)).toBeUndefined();
    expect(await sessionCookie(context)).toBeUndefined();

    // The other tab is signed out at once (the broadcast), its guard sends it to sign in…
    await other.waitForURL('**/signin?redirect=%2FProfile');
    expect(await sessionOf(other)).toBeUndefined();
    // …and a reload does not bring the session back.
    await other.reload();
    await other.getByRole('heading', { name: SIGN_IN_HEADING }).waitFor();
    expect(await sessionOf(other)).toBeUndefined();

    // The other device still believes it is signed in, until its next request: its access token
    // is refused, and so is its refresh token; it lands on sign-in, its cookie cleared.
    expect(await sessionOf(device.page)).toBe('learner');
    const refused = loginAnswer(device.page, 'refresh');
    await device.page.getByRole('button', { name: 'Toggle menu' }).click();
    await device.page.getByRole('link', { name: 'Update Profile' }).click();
    expect((await refused).status()).toBe(401);
    await device.page.waitForURL((url) => url.pathname === '/signin');
    await device.page.getByRole('heading', { name: SIGN_IN_HEADING }).waitFor();
    expect(await sessionCookie(device.context)).toBeUndefined();
  });

  // Once a bug: the guard moved the tab to /signin?redirect=%2FProfile first, and api-client then
  // sent it on to a sign-in page whose way back was the sign-in page itself.
  it('returns a learner whose session ended at a request to that page after signing in again', async () => {
    const me = await newAccount('ended');
    const device = await otherDevice(me);
    // Signed out everywhere from elsewhere.
    const ended = await call('POST', routePath('learner.login.signOutEverywhere'), {
      token: device.token,
    });
    expect(ended.status).toBe(200);

    const refused = loginAnswer(device.page, 'refresh');
    await device.page.getByRole('button', { name: 'Toggle menu' }).click();
    await device.page.getByRole('link', { name: 'Update Profile' }).click();
    expect((await refused).status()).toBe(401);
    await device.page.getByRole('heading', { name: SIGN_IN_HEADING }).waitFor();
    // Any page load that follows has happened by now.
    await device.page.waitForTimeout(1000);
    await device.page.waitForLoadState('load');
    expect(new URL(device.page.url()).search).toBe('?redirect=%2FProfile');
    await device.page.getByLabel('Email').fill(me.email);
    await device.page.getByLabel('Password', { exact: true }).fill(me.password);
    await device.page.getByRole('button', { name: 'Sign In' }).click();
    await device.page.waitForURL((url) => url.pathname === '/Profile', { timeout: 5000 });
  });

  it('changes a forgotten password with the e-mailed code; the old password stops working', async () => {
    const me = await newAccount('forgot');
    const { page } = await phone();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(me.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(me.email);
    await shot(page, 'forgot-password-1-email');

    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await page.getByRole('status').textContent()).toContain(MESSAGES.forgotPasswordSent);
    const { code } = await codeFromOutbox(me.email, /^Your GIA School password reset code$/);
    await shot(page, 'forgot-password-2-code');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('Changed2026x');
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByRole('heading', { name: SIGN_IN_HEADING }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe(MESSAGES.passwordChanged);
    expect(await page.getByLabel('Email').inputValue()).toBe(me.email);

    // The old password is refused…
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.loginFailed);
    expect(await sessionOf(page)).toBeUndefined();
    // …the new one signs in.
    await page.getByLabel('Password', { exact: true }).fill('Changed2026x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/GetBoard');
    expect(await sessionOf(page)).toBe('learner');
  });

  it('signs in with a code e-mailed to them, which the local outbox page shows too', async () => {
    const me = await newAccount('code');
    const { context, page } = await phone();
    await page.goto('/signin?redirect=%2FProfile');
    await page.getByRole('heading', { name: SIGN_IN_HEADING }).waitFor();
    await shot(page, 'signin-with-send-me-a-code');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    // The code mode asks for the address only.
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await page.getByLabel('Email').fill(me.email);
    await shot(page, 'signin-code-1-email');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    expect(await page.getByRole('status').textContent()).toContain(MESSAGES.signInCodeSent);
    const { code, message } = await codeFromOutbox(
      me.email,
      /^Your GIA School sign-in code: (\d{6})$/,
    );
    expect(message.text).toContain(`Your sign-in code is ${code}.`);
    await shot(page, 'signin-code-2-code');

    await page.getByLabel('Code').fill(code);
    const verified = loginAnswer(page, 'verifyCode');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const answer = (await (await verified).json()) as {
      accessToken: string;
      refreshToken: string;
    };
    await expectSignedInOnProfile(page);
    expect((await sessionCookie(context))?.value).toBe(answer.refreshToken);
    await expectNoTokenReadable(page, [answer.accessToken, answer.refreshToken]);

    // The outbox page lists the message (a reload on the way: the session is restored).
    await page.goto(`/local/outbox?to=${encodeURIComponent(me.email)}`);
    const item = page.getByRole('listitem').filter({ hasText: `sign-in code: ${code}` });
    await item.waitFor();
    expect(await item.textContent()).toContain(me.email);
    await shot(page, 'local-outbox');
    expect(await sessionOf(page)).toBe('learner');
  });
});
