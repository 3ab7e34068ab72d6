// Shared set-up of the end-to-end tests: the release build in dist/ served on a loopback port,
// headless Chromium driven by playwright-core, and helpers that read canvas pixels and click real
// squares. (Not a test file itself: scripts/test runs tests/e2e/*.test.mjs.)

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/static-server.mjs';

/** The repository's root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The release build the tests serve. BOOMCHESS_DIST points the tests at another build (parallel
 * work builds into its own directory). */
export const DIST = process.env.BOOMCHESS_DIST || join(ROOT, 'dist');

/** The server and browser, set up before the file's tests and closed after them. */
export const env = { server: null, browser: null };

/**
 * Pages of `browser` open the game page as a returning visitor (the first visit's welcome above
 * the board already closed), unless `newPage({firstVisit: true})` asks for a first visit; the
 * welcome's own tests (tests/e2e/firstgame.test.mjs) do.
 */
export function returningVisitor(browser) {
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async ({ firstVisit = false, ...options } = {}) => {
    const page = await newPage(options);
    if (!firstVisit) {
      await page.addInitScript(() => {
        // Only the game page greets; embedding pages keep their storage empty.
        if (!/embed/.test(location.pathname)) {
          try {
            localStorage.setItem('boomchess.welcomed', '1');
          } catch (e) {
            /* no storage: nothing to remember */
          }
        }
      });
    }
    return page;
  };
  return browser;
}

/** Registers the file's before/after hooks. */
export function useBrowser() {
  before(async () => {
    assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is built (trunk build --release)');
    env.server = await startServer(DIST, 0);
    env.browser = returningVisitor(await launchChromium());
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
}

/** A new page with the game loaded and ready; collects page errors (and all console text). */
export async function openGame(query = '', viewport = { width: 900, height: 900 }, options = {}) {
  const page = await env.browser.newPage({ viewport, ...options });
  const errors = [];
  const console = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    console.push(msg.text());
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(env.server.url + query);
  await page.evaluate(() => window.boomchess.ready);
  return { page, errors, console };
}

/** Beirut's start with carriers on f2 and f7 (next to the kings: no boom possible). */
export const BEIRUT_CARRIERS = 'rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1';

/** Starts a hot-seat Beirut game past the carrier choice, with the curtain lifted. */
export async function playBeirut(page) {
  await page.evaluate((fen) => {
    window.boomchess.game.newGame({ variant: 'beirut', fen });
    window.boomchess.game.liftCurtain();
  }, BEIRUT_CARRIERS);
}

/** RGBA of the canvas pixel at client point (x, y). */
export async function pixelAt(page, x, y) {
  return page.evaluate(
    ([cx, cy]) => {
      const canvas = document.getElementById('board');
      const rect = canvas.getBoundingClientRect();
      const px = Math.floor(((cx - rect.left) * canvas.width) / rect.width);
      const py = Math.floor(((cy - rect.top) * canvas.height) / rect.height);
      return Array.from(canvas.getContext('2d').getImageData(px, py, 1, 1).data);
    },
    [x, y],
  );
}

/** A point inside a square, as fractions of the square size from its centre. */
export async function squarePoint(page, square, dx = 0, dy = 0) {
  const a1 = await page.evaluate(() => window.boomchess.squareCenter('a1'));
  const b2 = await page.evaluate(() => window.boomchess.squareCenter('b2'));
  const size = Math.abs(b2.x - a1.x);
  const c = await page.evaluate((s) => window.boomchess.squareCenter(s), square);
  return { x: c.x + dx * size, y: c.y + dy * size };
}

export async function squarePixel(page, square, dx = 0, dy = 0) {
  const p = await squarePoint(page, square, dx, dy);
  return pixelAt(page, p.x, p.y);
}

export async function clickSquare(page, square) {
  const c = await page.evaluate((s) => window.boomchess.squareCenter(s), square);
  await page.mouse.click(c.x, c.y);
}

export const differ = (a, b) => a.some((v, i) => Math.abs(v - b[i]) > 12);

/** Waits until `test(rgba)` holds for the canvas pixel at a point of a square (`dx`, `dy`: as
 * fractions of the square's size from its centre), checked in the page on every animation frame,
 * so that a frame drawn late on a busy machine is not missed. */
export async function waitForSquarePixel(page, square, test, { timeout = 5000, dx = 0, dy = 0 } = {}) {
  await page.waitForFunction(
    ([sq, src, offset]) => {
      const canvas = document.getElementById('board');
      const rect = canvas.getBoundingClientRect();
      const a1 = window.boomchess.squareCenter('a1');
      const b2 = window.boomchess.squareCenter('b2');
      const size = Math.abs(b2.x - a1.x);
      const c = window.boomchess.squareCenter(sq);
      const x = c.x + offset[0] * size;
      const y = c.y + offset[1] * size;
      const px = Math.floor(((x - rect.left) * canvas.width) / rect.width);
      const py = Math.floor(((y - rect.top) * canvas.height) / rect.height);
      const rgba = Array.from(canvas.getContext('2d').getImageData(px, py, 1, 1).data);
      return new Function('rgba', `return (${src})(rgba)`)(rgba);
    },
    [square, test.toString(), [dx, dy]],
    { polling: 'raf', timeout },
  );
}
