import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, layoutProblems, PHONE, watchErrors, signInAsAdmin } from './browser.ts';
import { api, buySubjects, newLearner, routePath } from '../../../functions/test/api.ts';
import { historyTopics, signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 18, insights in the browser: a sale and a learner's viewing made through the API, then
 * the admin's Insights screen on a 360 px phone (nothing sideways, the charts as wide as the
 * column) and on a desktop (each chart with its table beside it), the CSV download and a topic's
 * drop-off curve.
 */

const stack = inject('stack');
const call = api();
const SHOTS = process.env.SCREENSHOT_DIR;
let browser: Browser;
let topicId = '';
let subjectName = '';

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An admin's page in a new browser context of that size. */
async function adminPage(options: Parameters<Browser['newContext']>[0]) {
  const page = await (
    await browser.newContext({ baseURL: stack.url, acceptDownloads: true, ...options })
  ).newPage();
  const errors = watchErrors(page);
  await signInAsAdmin(page, stack.admin);
  return { page, errors };
}

beforeAll(async () => {
  const { post } = await signInAdmin(call);
  const t = await historyTopics(post);
  topicId = t.free.topic_id as string;
  subjectName = t.subject.subject_name as string;
  const buyer = await newLearner(call, 'Insights Shopper');
  await buySubjects(call, buyer.token, [t.subject.subject_id as string]);
  // Two viewers: one stops at 35%, the other watches to the end.
  for (const [learner, position] of [
    [buyer, 35],
    [await newLearner(call, 'Insights Viewer'), 100],
  ] as const) {
    await call('POST', routePath('progress.save'), {
      token: learner.token,
      body: { topic_id: topicId, position_seconds: position, duration_seconds: 100 },
    });
  }
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the sale is in the range's top subjects (the stream is asynchronous). */
async function saleShown(page: Page) {
  for (let i = 0; i < 20; i++) {
    await page.getByRole('list', { name: 'Totals of the range' }).waitFor();
    const table = page.getByRole('table', { name: 'Subjects by revenue' });
    if (await table.getByText(subjectName).count()) return;
    await page.waitForTimeout(500);
    await page.reload();
  }
  throw new Error('the sale did not show');
}

describe('the insights screen', () => {
  it('shows the sale on a 360 px phone, charts as wide as the column, nothing sideways, and downloads the CSV', async () => {
    const { page, errors } = await adminPage(PHONE);
    await page.goto('/AdminDashboad');
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL('**/AdminInsights');
    await saleShown(page);

    const totals = page.getByRole('list', { name: 'Totals of the range' });
    await expect(totals.getByText('Paid orders').isVisible()).resolves.toBe(true);
    const boxes = page.locator('.chart-canvas');
    const widths = [];
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      widths.push({
        box: (await box.boundingBox())!.width,
        canvas: (await box.locator('canvas').boundingBox())!.width,
      });
    }
    expect(widths).toHaveLength(2);
    for (const w of widths) {
      expect(w.canvas).toBeGreaterThan(200);
      expect(w.canvas).toBeLessThanOrEqual(w.box + 1);
      expect(w.box).toBeLessThanOrEqual(360);
    }
    expect(await layoutProblems(page)).toEqual([]);
    await shot(page, 'insights-phone');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^insights-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'date,gross_rupees,tax_rupees,refunds_rupees,net_rupees,paid_orders,refunds,new_learners',
    );
    expect(csv.filter(Boolean)).toHaveLength(31);
    expect(errors).toEqual([]);
  });

  it('shows a topic’s drop-off curve on a phone, and each chart beside its table on a desktop', async () => {
    const phone = await adminPage(PHONE);
    await phone.page.goto(`/AdminInsights?topic=${topicId}`);
    await phone.page.getByText(/learners have started the video/).waitFor();
    const table = phone.page.getByRole('table', { name: 'Viewers still watching' });
    const at40 = table.getByRole('row').filter({ hasText: '40%' });
    await expect(at40.getByRole('cell').allTextContents()).resolves.toEqual(['1', '50%']);
    expect(await layoutProblems(phone.page)).toEqual([]);
    await shot(phone.page, 'insights-dropoff-phone');

    const desk = await adminPage({ viewport: { width: 1280, height: 900 } });
    await desk.page.goto('/AdminInsights');
    await saleShown(desk.page);
    const chart = await desk.page.locator('.insights-pair .chart').first().boundingBox();
    const beside = await desk.page.locator('.insights-pair .insights-table').first().boundingBox();
    expect(beside!.x).toBeGreaterThan(chart!.x + chart!.width - 1);
    await shot(desk.page, 'insights-desktop');
    expect([...phone.errors, ...desk.errors]).toEqual([]);
  });
});
