// Boards that unmount: `unmount(element)` of www/embed.js lets a board go (its listeners, its
// animation and the computer's worker stop; its handle refuses from then on), a board whose
// element leaves the document goes by itself, and mounting and unmounting 500 boards (half of them
// Stratomic against the computer with a move played) after a warm-up of 50 leaves the JS heap flat
// after a forced garbage collection. The wasm side of the same measurement (allocator live bytes,
// wasm memory) is crates/web/tests/memory.rs.
//
// The heap is held within 5 % in a Chromium whose optimising compilers are off
// (`--js-flags=--max-opt=0`): with them on, V8 keeps optimised code and type feedback for the
// page's functions as they get hot, a one-off growth of about 160 bytes a board over the first
// few hundred boards that then stops (measured: +80 KB over 500 boards after the warm-up, +10 KB
// over the next 500), and that is the engine's, not the boards'. Both figures are printed.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/unmount.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchChromium } from '../../scripts/chromium.mjs';
import { BEIRUT_CARRIERS, env, useBrowser } from './harness.mjs';

useBrowser();

/** The example page with embed.js loaded, and a place for more boards. */
async function openEmbedPage(browser = env.browser) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(`${env.server.url}embed-example.html`);
  await page.evaluate(async (url) => {
    window.embed = await import(url);
    await window.embed.ready;
  }, `${env.server.url}embed.js`);
  return { page, errors };
}

describe('boards that unmount', () => {
  test('unmount(element) empties the element, stops the board and its handle refuses', async () => {
    const { page, errors } = await openEmbedPage();
    const result = await page.evaluate(async (fen) => {
      const el = document.createElement('div');
      document.body.append(el);
      const game = await window.embed.mount(el, { variant: 'beirut', fen });
      game.liftCurtain();
      await game.play('e2e4');
      const canvas = el.querySelector('canvas');
      const before = { moves: game.moves(), mounted: game.mounted() };
      const first = window.embed.unmount(el);
      const second = window.embed.unmount(el);
      // The old canvas no longer answers input (its listeners are gone).
      canvas.dispatchEvent(new PointerEvent('pointerdown', { clientX: 5, clientY: 5, button: 0 }));
      let error = null;
      try {
        game.fen();
      } catch (e) {
        error = e.message;
      }
      const playError = await game.play('e7e5').then(() => null, (e) => e.message);
      return {
        before,
        first,
        second,
        empty: el.childElementCount === 0,
        mountedAttr: el.hasAttribute('data-boomchess-mounted'),
        board: window.embed.boardOf(el) === undefined,
        mounted: game.mounted(),
        error,
        playError,
      };
    }, BEIRUT_CARRIERS);
    assert.deepEqual(result.before, { moves: ['e4'], mounted: true });
    assert.equal(result.first, true, 'the first unmount finds the board');
    assert.equal(result.second, false, 'a second one finds none');
    assert.ok(result.empty && !result.mountedAttr, 'the element is emptied');
    assert.ok(result.board, 'boardOf forgets it');
    assert.equal(result.mounted, false);
    assert.match(result.error, /unmounted/);
    assert.match(result.playError, /unmounted/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a board whose element leaves the document is unmounted, and one thinking stops its worker', async () => {
    const { page, errors } = await openEmbedPage();
    const result = await page.evaluate(async () => {
      const el = document.createElement('div');
      document.body.append(el);
      const game = await window.embed.mount(el, { variant: 'stratomic', mode: 'ai', level: 8 });
      const reply = game.play('e3e5').then(() => 'answered', (e) => e.message);
      const thinking = game.thinking();
      el.remove();
      // The MutationObserver runs after this task.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { thinking, mounted: game.mounted(), reply: await reply };
    });
    assert.equal(result.thinking, true, 'the computer was thinking');
    assert.equal(result.mounted, false, 'the removed board was unmounted');
    assert.match(result.reply, /unmounted/, 'the waiting play() is settled');
    assert.deepEqual(errors, []);
    await page.close();
  });

  /** Mounts and unmounts 500 boards after 50 in `browser`: the JS heap (bytes) after a forced
   * garbage collection after the warm-up and after the 500. */
  async function heapAround500Boards(browser) {
    const { page, errors } = await openEmbedPage(browser);
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      for (let i = 0; i < 3; i += 1) {
        await cdp.send('HeapProfiler.collectGarbage');
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
      }
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const cycle = (n) =>
      page.evaluate(
        async ([n, fen]) => {
          for (let i = 0; i < n; i += 1) {
            const el = document.createElement('div');
            document.body.append(el);
            if (i % 2 === 0) {
              const game = await window.embed.mount(el, { variant: 'stratomic', mode: 'ai', level: 1 });
              game.play('e3e5').catch(() => {});
            } else {
              const game = await window.embed.mount(el, { variant: 'beirut', fen });
              game.liftCurtain();
              await game.play('e2e4');
            }
            window.embed.unmount(el);
            el.remove();
          }
        },
        [n, BEIRUT_CARRIERS],
      );
    await cycle(50);
    const before = await heap();
    await cycle(500);
    const afterUse = await heap();
    await page.close();
    assert.deepEqual(errors, []);
    return { before, after: afterUse, growth: (afterUse - before) / before };
  }

  const report = (what, { before, after, growth }) =>
    console.log(
      `JS heap after forced GC (${what}): ${(before / 1024).toFixed(0)} KB after 50 boards, ` +
        `${(after / 1024).toFixed(0)} KB after 500 more (${(growth * 100).toFixed(1)} %, ` +
        `${((after - before) / 500).toFixed(0)} bytes a board)`,
    );

  test('mounting and unmounting 500 boards keeps the JS heap flat (measured after a forced GC)', async () => {
    report('V8 as shipped', await heapAround500Boards(env.browser));
    const plain = await launchChromium(['--js-flags=--max-opt=0']);
    try {
      const measured = await heapAround500Boards(plain);
      report('optimising compilers off', measured);
      assert.ok(measured.growth <= 0.05, `the JS heap grew by ${(measured.growth * 100).toFixed(1)} %`);
    } finally {
      await plain.close();
    }
  });
});
