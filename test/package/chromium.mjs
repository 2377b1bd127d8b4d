// Headless Debian Chromium through playwright-core, for the package's pictures (the README's
// screenshots, the Marketplace icon): one page, the browser closed after, whatever happens.
import { chromium } from 'playwright-core';

/** Runs `use` on a new page (`options` as playwright's newPage takes them, at a device scale of 1). */
export async function withPage(options, use) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await use(await browser.newPage({ deviceScaleFactor: 1, ...options }));
  } finally {
    await browser.close();
  }
}
