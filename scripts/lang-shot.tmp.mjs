import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3310';
const br = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const out = process.argv[2] ?? '/tmp/lang-shots';
for (const lang of ['first', 'en', 'kn', 'hi']) {
  const ctx = await br.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, baseURL: base });
  const page = await ctx.newPage();
  const errs = []; page.on('pageerror', (e) => errs.push(String(e)));
  for (const path of (process.argv[3] ?? '/').split(',')) {
    await page.goto(lang === 'first' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await page.waitForTimeout(2500);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const name = `${out}/${lang}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: name });
    console.log(lang, path, 'overflow', over, 'html lang', await page.evaluate(() => document.documentElement.lang), errs.join(' | '));
  }
  await ctx.close();
}
await br.close();
