import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { api, routePath } from '../../../functions/test/api.ts';

export { launchChromium } from '../../src/chromium.ts';

/** Collects uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * The fonts Chromium draws the text of the first element `selector` matches in (CDP
 * `CSS.getPlatformFontsForNode`): a Kannada label should be in "Noto Sans Kannada", not in a
 * fallback's empty boxes.
 */
export async function platformFontsOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

/** Signs a learner in through the sign-in screen and waits for the board screen. */
export async function signInAsLearner(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/GetBoard');
}

/**
 * This tab's session as the SPA shows it on `<html data-session>`: `'learner'` or `'admin'` while
 * the tab holds that role's access token, `'restoring'` while it trades the session cookie for
 * one, `undefined` when signed out. The token itself lives in the page's memory only.
 */
export function sessionOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.session);
}

/**
 * Signs a learner in through the API from the context's own request client, so the session
 * cookie lands in the context's cookie jar as a sign-in in the page would leave it, and plants
 * the SPA's persisted hint (localStorage `root`, written before the first page's scripts run)
 * that a learner is signed in: the next page load restores the session from the cookie. Quicker
 * than the sign-in screen when a test is about something else. Answers the sign-in's access
 * token, for the test's own API calls.
 */
export async function signInByApi(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<string> {
  const res = await context.request.post(routePath('learner.login.request'), {
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const { user, accessToken } = (await res.json()) as {
    accessToken: string;
    user: { empid: string; name: string; email: string };
  };
  const hint = JSON.stringify({
    state: { isAuthenticated: true, role: 'learner', user, selections: {} },
    version: 0,
  });
  // Only where no hint is kept yet: a later sign-out in the page must stay signed out.
  await context.addInitScript((value) => {
    if (!globalThis.localStorage.getItem('root')) globalThis.localStorage.setItem('root', value);
  }, hint);
  return accessToken;
}

/** Signs in on the admin login page and waits for the back office's first screen. */
export async function signInAsAdmin(
  page: Page,
  admin: { email: string; password: string },
): Promise<void> {
  await page.goto('/AdminLoginNew');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/Setup');
}

const sampleLesson = readFileSync(
  fileURLToPath(new URL('../../assets/sample-lesson.mp4', import.meta.url)),
);

/**
 * Uploads a file as an admin would (a presigned POST of upload kind `kind` to the stack at
 * `baseUrl`) and answers its media url and storage key.
 */
export async function uploadFile(
  baseUrl: string,
  token: string,
  file: { kind: string; name: string; type: string; bytes: Uint8Array },
): Promise<{ url: string; key: string }> {
  const res = await api()('POST', routePath('uploads.presign'), {
    token,
    body: {
      kind: file.kind,
      file_name: file.name,
      content_type: file.type,
      size: file.bytes.length,
    },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.data.fields as Record<string, string>))
    form.append(k, v);
  form.append('file', new Blob([file.bytes], { type: file.type }));
  const stored = await fetch(new URL(res.body.data.upload_url, baseUrl), {
    method: 'POST',
    body: form,
  });
  if (stored.status !== 204) throw new Error(`upload failed: ${stored.status}`);
  return { url: res.body.data.url as string, key: res.body.data.fields.key as string };
}

/** Uploads the sample lesson video and answers its media url, for a topic's `video_url`. */
export async function uploadSampleVideo(baseUrl: string, token: string): Promise<string> {
  const kind = { kind: 'video', name: 'lesson.mp4', type: 'video/mp4', bytes: sampleLesson };
  return (await uploadFile(baseUrl, token, kind)).url;
}

/** A phone, as the learners hold it: 360×740, touch. */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

/**
 * Measured in the page: the document's width, and every visible interactive element whose box
 * leaves the viewport horizontally (a scroll container does not excuse it: the learner would
 * have to find the hidden scroll to reach it).
 */
const MEASURE = `(() => {
  const out = [];
  const seen = new Set();
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')) {
    if (el.closest('[aria-hidden="true"], [inert]')) continue;
    if (el.type === 'hidden') continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (r.left >= -0.5 && r.right <= innerWidth + 0.5) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    const what = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + (name ? ' "' + name + '"' : '');
    if (seen.has(what)) continue;
    seen.add(what);
    out.push({ what, left: Math.round(r.left), right: Math.round(r.right) });
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, outside: out };
})()`;

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  outside: { what: string; left: number; right: number }[];
}

/**
 * What breaks the screen on this viewport, one readable line each (empty when nothing does): the
 * page scrolls sideways, or an interactive element lies outside the viewport.
 */
export async function layoutProblems(page: Page, where = page.url()): Promise<string[]> {
  const layout = (await page.evaluate(MEASURE)) as Layout;
  const found: string[] = [];
  if (layout.scrollWidth > layout.innerWidth)
    found.push(
      `${where}: scrolls sideways (scrollWidth ${layout.scrollWidth} > ${layout.innerWidth})`,
    );
  for (const o of layout.outside)
    found.push(`${where}: ${o.what} is outside the viewport (x ${o.left}..${o.right})`);
  return found;
}

/**
 * The demo catalogue (`npm start`'s) in the shared test stack, written once: the first browser
 * file to ask seeds it in-process; board names are unique, so a later file finds it there. Call
 * with the stack's environment set (the seed reaches the table and bucket directly).
 */
export async function demoCatalogueOnce(adminId: string): Promise<void> {
  const { seedDemoCatalogue } = await import('../../src/seed.ts');
  const { BOARD_NAME_TAKEN } = await import('@gia/shared/catalogue-messages.ts');
  try {
    await seedDemoCatalogue(adminId, { evenIfNotEmpty: true });
  } catch (err) {
    // Refused at its first board, before anything of it is written: another file seeded it.
    if (!(err instanceof Error && err.message === BOARD_NAME_TAKEN)) throw err;
  }
}
