// Takes headless-Chromium screenshots of the built game (dist/) for looking at it:
// one per variant at desktop size, one at phone size, and one with a piece selected.
//
//   node scripts/screenshots.mjs [out-dir]     (default target/screenshots; PNGs are not committed)

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

const out = process.argv[2] || 'target/screenshots';
mkdirSync(out, { recursive: true });
const server = await startServer('dist', 0);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});

async function shoot(name, query, viewport, deviceScaleFactor, act) {
  const page = await browser.newPage({ viewport, deviceScaleFactor });
  await page.goto(server.url + query);
  await page.evaluate(() => window.boomchess.ready);
  if (act) await act(page);
  const file = join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await page.close();
}

async function click(page, square) {
  const c = await page.evaluate((s) => window.boomchess.squareCenter(s), square);
  await page.mouse.click(c.x, c.y);
}

try {
  for (const variant of ['beirut', 'stratomic', 'flying-bombers']) {
    await shoot(variant, `?variant=${variant}`, { width: 820, height: 900 }, 1);
  }
  await shoot('beirut-selected', '', { width: 820, height: 900 }, 1, async (page) => {
    await click(page, 'e2');
    await click(page, 'e4');
    await click(page, 'd7');
    await click(page, 'd5');
    await click(page, 'e4');
  });
  await shoot('stratomic-phone-hidpi', '?variant=stratomic', { width: 360, height: 700 }, 3);
  await shoot('flying-bombers-phone', '?variant=flying-bombers', { width: 360, height: 640 }, 2,
    async (page) => {
      await click(page, 'a1');
    });
} finally {
  await browser.close();
  await server.close();
}
