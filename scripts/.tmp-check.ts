// Throwaway (not committed): hydration-mismatch sanity check and a throttled FCP measurement.
import { createServer } from 'node:http';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pageFileFor } from '@gia/shared/page-shells.ts';
import { launchChromium } from './test/browser/browser.ts';

const dir = '/tmp/prerender-check/dist';
cpSync('/work/wt-prerender/web/dist', dir, { recursive: true });
const mode = process.argv[2];
if (mode === 'mismatch') {
  const f = join(dir, 'shells/boards.html');
  writeFileSync(f, readFileSync(f, 'utf8').replace('<h1>Choose Board</h1>', '<h1>Choose Boardz</h1>'));
}
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname.startsWith('/api/')) { res.writeHead(200, { 'content-type': 'application/json' }); return res.end('{"data":[]}'); }
  const p = join(dir, url.pathname);
  const file = extname(url.pathname) && existsSync(p) ? p : join(dir, pageFileFor(url.pathname));
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}).listen(4791);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
page.on('console', (m) => m.type() === 'error' && console.log('console.error:', m.text().slice(0, 200)));
page.on('pageerror', (e) => console.log('pageerror:', e.message.slice(0, 200)));
if (mode === 'fcp') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 });
  for (const path of ['/', '/GetBoard']) {
    await page.goto(`http://127.0.0.1:4791${path}`, { waitUntil: 'load' });
    const fcp = await page.evaluate(() => (performance as any).getEntriesByName('first-contentful-paint')[0]?.startTime);
    console.log(path, 'FCP ms', Math.round(fcp));
  }
} else {
  await page.goto('http://127.0.0.1:4791/GetBoard');
  await page.waitForTimeout(3000);
  console.log('h1:', await page.locator('h1').textContent());
}
await browser.close();
server.close();
