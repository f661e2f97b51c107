import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no browser download), for the browser tests and
 * the bench. The flags keep it from reaching for the network, which this machine does not have.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}
