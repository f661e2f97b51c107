import { chromium } from 'playwright-core';
const base = 'http://localhost:3300';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });
const ctx = await b.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const p = await ctx.newPage();
await p.goto(base + '/signin');
await p.getByLabel('Email').fill('learner@gia.local');
await p.getByLabel('Password', { exact: true }).fill('Learner123');
await p.getByRole('button', { name: 'Sign In' }).click();
await p.waitForTimeout(2000);
// SSLC is free: find a lesson via the API
const lessonUrl = process.argv[2];
await p.goto(base + lessonUrl);
await p.locator('video').waitFor();
await p.screenshot({ path: '/tmp/shot-lesson.png' });
await p.getByRole('button', { name: "I've finished" }).click();
await p.getByRole('button', { name: 'Check your understanding' }).or(p.getByText('Up next')).first().waitFor({ timeout: 20000 });
await p.screenshot({ path: '/tmp/shot-end.png' });
const check = p.getByRole('button', { name: 'Check your understanding' });
if (await check.count()) {
  await check.click();
  await p.waitForTimeout(1000);
  await p.screenshot({ path: '/tmp/shot-check.png' });
  await p.getByRole('radio').first().check();
  await p.getByRole('button', { name: 'Check answer' }).click();
  await p.waitForTimeout(1500);
  await p.screenshot({ path: '/tmp/shot-wrong.png' });
}
await b.close();
