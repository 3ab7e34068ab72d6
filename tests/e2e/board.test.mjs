// End-to-end tests: the release build in dist/, served on a loopback port, in headless Chromium
// driven by playwright-core. They look at what a player sees (canvas pixels) and play by clicking
// real squares.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/*.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickSquare,
  differ,
  env,
  openGame,
  playBeirut,
  squarePixel,
  useBrowser,
} from './harness.mjs';

useBrowser();

describe('the game page', () => {
  test('renders an 8x8 board with light and dark squares and pieces', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    const status = await page.textContent('#status');
    assert.equal(status, 'White to move');
    const light = await squarePixel(page, 'e4'); // empty light square
    const dark = await squarePixel(page, 'd4'); // empty dark square
    assert.ok(differ(light, dark), `light ${light} vs dark ${dark}`);
    assert.deepEqual(await squarePixel(page, 'e6'), light, 'e6 is light like e4');
    assert.deepEqual(await squarePixel(page, 'c5'), dark, 'c5 is dark like d4');
    // Pieces: the head of a white pawn is near white, of a black pawn near black.
    const whitePawn = await squarePixel(page, 'e2', 0, -0.19);
    const blackPawn = await squarePixel(page, 'e7', 0, -0.19);
    assert.ok(whitePawn[0] > 230 && whitePawn[2] > 220, `white pawn ${whitePawn}`);
    assert.ok(blackPawn[0] < 70 && blackPawn[2] < 70, `black pawn ${blackPawn}`);
    // The canvas's pixels match its CSS size times devicePixelRatio (crisp on HiDPI).
    const sizes = await page.evaluate(() => {
      const c = document.getElementById('board');
      return { w: c.width, css: c.getBoundingClientRect().width, dpr: devicePixelRatio };
    });
    assert.equal(sizes.w, Math.round(sizes.css * sizes.dpr));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a click on a piece highlights it and marks its moves', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    const e2Before = await squarePixel(page, 'e2', 0, -0.44);
    const e4Before = await squarePixel(page, 'e4');
    await clickSquare(page, 'e2');
    assert.equal(await page.evaluate(() => window.boomchess.selected()), 'e2');
    const e2After = await squarePixel(page, 'e2', 0, -0.44);
    const e4After = await squarePixel(page, 'e4');
    assert.ok(differ(e2Before, e2After), `highlight: ${e2Before} -> ${e2After}`);
    assert.ok(differ(e4Before, e4After), `target dot: ${e4Before} -> ${e4After}`);
    // Clicking an unreachable square clears the selection and the marks.
    await clickSquare(page, 'e6');
    assert.equal(await page.evaluate(() => window.boomchess.selected()), null);
    assert.deepEqual(await squarePixel(page, 'e4'), e4Before);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('clicking two squares plays a move', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e4');
    const fen = await page.evaluate(() => window.boomchess.fen());
    assert.match(fen, /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
    // Hot-seat Beirut: the pass-the-device curtain is up; a tap lifts it.
    assert.equal(await page.textContent('#status'), 'Black to move — tap the board to continue');
    await clickSquare(page, 'a1');
    assert.equal(await page.textContent('#status'), 'Black to move');
    // The pawn is drawn on e4 now.
    const pawn = await squarePixel(page, 'e4', 0, -0.19);
    assert.ok(pawn[0] > 230, `white pawn on e4: ${pawn}`);
    // Black answers by clicking too.
    await clickSquare(page, 'b8');
    await clickSquare(page, 'c6');
    assert.match(await page.evaluate(() => window.boomchess.fen()), / w KQkq - 1 2$/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('dragging a piece with the mouse plays a move; a bad drop snaps back', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    const drag = async (from, to) => {
      const a = await page.evaluate((s) => window.boomchess.squareCenter(s), from);
      const b = await page.evaluate((s) => window.boomchess.squareCenter(s), to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 8 });
      await page.mouse.up();
    };
    const start = await page.evaluate(() => window.boomchess.fen());
    await drag('d2', 'd5');
    assert.equal(await page.evaluate(() => window.boomchess.fen()), start, 'illegal drop: no change');
    await drag('d2', 'd4');
    assert.match(await page.evaluate(() => window.boomchess.fen()), /^rnbqkbnr\/pppppppp\/8\/8\/3P4\/8\/PPP1PPPP\/RNBQKBNR b /);
    await page.evaluate(() => window.boomchess.game.liftCurtain());
    const pawn = await squarePixel(page, 'd4', 0, -0.19);
    assert.ok(pawn[0] > 230, `white pawn drawn on d4: ${pawn}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the keyboard plays: arrows move a cursor, Enter selects and plays', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    await page.focus('#board');
    for (const key of ['ArrowUp', 'ArrowRight', 'ArrowRight', 'Enter', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter']) {
      await page.keyboard.press(key);
    }
    // The cursor started on the king (e1), went to g1 and played the knight to f3.
    assert.match(await page.evaluate(() => window.boomchess.fen()), /^rnbqkbnr\/pppppppp\/8\/8\/8\/5N2\//);
    // After a mouse click the keys go to the board too: Black's d-pawn is selected, the first
    // arrow shows the cursor on it, two more take it to d5.
    await page.keyboard.press('Enter'); // lifts the pass-the-device curtain
    await clickSquare(page, 'd7');
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
    assert.match(await page.evaluate(() => window.boomchess.fen()), /^rnbqkbnr\/ppp1pppp\/8\/3p4\//);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the variant selector switches to the 10x10 boards', async () => {
    const { page, errors } = await openGame();
    await playBeirut(page);
    for (const variant of ['stratomic', 'flying-bombers']) {
      await page.selectOption('#variant', variant);
      assert.equal(await page.evaluate(() => window.boomchess.variant()), variant);
      assert.notEqual(await page.evaluate(() => window.boomchess.squareCenter('j10')), null);
      const j10 = await page.evaluate(() => window.boomchess.squareCenter('j10'));
      const a1 = await page.evaluate(() => window.boomchess.squareCenter('a1'));
      assert.ok(j10.x > a1.x && j10.y < a1.y, 'j10 is top right');
    }
    // A Flying Bombers opening: the pawn's triple step from e2 to e5.
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e5');
    assert.match(await page.evaluate(() => window.boomchess.fen()), /^frnbqkbnrf\/pppppppppp\/10\/10\/10\/4P5\//);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the board follows window resizes and stays crisp at a pixel ratio of 2', async () => {
    const page = await env.browser.newPage({ viewport: { width: 900, height: 900 }, deviceScaleFactor: 2 });
    await page.goto(env.server.url);
    await page.evaluate(() => window.boomchess.ready);
    await playBeirut(page);
    const size = () =>
      page.evaluate(() => {
        const c = document.getElementById('board');
        return { px: c.width, css: c.getBoundingClientRect().width };
      });
    const big = await size();
    assert.equal(big.px, Math.round(big.css * 2));
    await page.setViewportSize({ width: 520, height: 900 });
    await page.waitForFunction((old) => document.getElementById('board').width < old, big.px);
    const small = await size();
    assert.ok(small.css < big.css, `${small.css} < ${big.css}`);
    assert.equal(small.px, Math.round(small.css * 2));
    // Clicks still hit the right squares after the resize.
    await clickSquare(page, 'g1');
    assert.equal(await page.evaluate(() => window.boomchess.selected()), 'g1');
    await page.close();
  });

  test('the board fits a phone-sized screen and takes taps', async () => {
    const { page, errors } = await openGame('?variant=stratomic', { width: 360, height: 640 });
    const box = await page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width, height: r.height };
    });
    assert.ok(box.left >= 0 && box.right <= 360, `board inside the screen: ${JSON.stringify(box)}`);
    assert.ok(box.width >= 300, `board uses the width: ${box.width}`);
    assert.equal(Math.round(box.width), Math.round(box.height));
    await clickSquare(page, 'c3');
    await clickSquare(page, 'c5');
    assert.match(await page.evaluate(() => window.boomchess.fen()), /\/2P7\/10\/PP1PPPPPPP\//);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
