// What a first game tripped over (issue 15's defects), each played as a player would, with the
// mouse and the page's own controls: the header's variant menu keeps the mode and asks before a
// game in progress is given up; after the curtain the opponent's boom is replayed, marked and
// told; the Share notice wraps under the header; a first visit is greeted; an embedded diagram
// shows either side's moves and any carrier's blast; the keyboard cursor stays off the curtain; a
// selected missile does not dot the pieces; the result waits for the final explosion; disabled
// dialog choices look disabled; phone header buttons are 44 px tall.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/firstgame.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickSquare,
  differ,
  env,
  openGame,
  squarePixel,
  useBrowser,
  waitForSquarePixel,
} from './harness.mjs';

useBrowser();

const game = (page, f, arg) => page.evaluate(f, arg);
const status = (page) => game(page, () => window.boomchess.game.status());
const idle = (page) => page.waitForFunction(() => !window.boomchess.game.thinking());

/** The Ruy Lopez position of the rules book: White's carrier, the knight e5, may boom. */
const RUY_BOOM = 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6';

/** A canvas digest (every pixel), to compare two moments of the board. */
const digest = (page) =>
  game(page, async () => {
    const canvas = document.getElementById('board');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const hash = await crypto.subtle.digest('SHA-256', data);
    return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
  });

describe('the header and the first visit', () => {
  test('the variant menu keeps the computer as opponent and asks before giving up a game', async () => {
    const { page, errors } = await openGame();
    await game(page, () => window.boomchess.game.newGame({ variant: 'beirut', mode: 'ai', humanSide: 'black', level: 1 }));
    await idle(page);
    // The computer (White) has chosen its carrier and opened; Black marks a carrier and plays.
    await game(page, () => window.boomchess.game.chooseCarriers(['b8']));
    await idle(page);
    const before = await game(page, () => window.boomchess.game.moves());
    assert.equal(before.length, 1, 'the computer opened');
    await game(page, () => window.boomchess.game.play(window.boomchess.game.legalMoves()[0]));
    await idle(page);
    const played = await game(page, () => window.boomchess.game.moves());

    await page.selectOption('#variant', 'stratomic');
    assert.equal(await page.isVisible('#switch-dialog'), true, 'a confirmation is asked');
    assert.match(await page.textContent('#switch-text'), /Stratomic.*lost/);
    assert.equal(await page.inputValue('#variant'), 'beirut', 'the menu shows the game on the board');
    await page.click('#switch-cancel');
    assert.deepEqual(await game(page, () => window.boomchess.game.moves()), played, 'the game goes on');
    assert.equal(await game(page, () => window.boomchess.game.variant()), 'beirut');

    await page.selectOption('#variant', 'stratomic');
    await page.click('#switch-confirm');
    assert.equal(await game(page, () => window.boomchess.game.variant()), 'stratomic');
    await idle(page);
    // Still against the computer, still Black: White's opening move is the computer's, and the
    // board is turned (a1 at the top right).
    assert.equal((await game(page, () => window.boomchess.game.moves())).length, 1, 'the computer opened');
    const a1 = await game(page, () => window.boomchess.game.squareCenter('a1'));
    const j10 = await game(page, () => window.boomchess.game.squareCenter('j10'));
    assert.ok(a1.y < j10.y && a1.x > j10.x, 'Black at the bottom');

    // With no move played nothing is lost: no question.
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic' }));
    await page.selectOption('#variant', 'flying-bombers');
    assert.equal(await page.isVisible('#switch-dialog'), false);
    assert.equal(await game(page, () => window.boomchess.game.variant()), 'flying-bombers');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a first visit is greeted with the three games and a way to start; a returning player is not', async () => {
    const page = await env.browser.newPage({ firstVisit: true, viewport: { width: 1280, height: 800 } });
    await page.goto(env.server.url);
    await page.evaluate(() => window.boomchess.ready);
    assert.equal(await page.isVisible('#welcome'), true, 'the welcome shows');
    const text = await page.textContent('#welcome');
    for (const words of ['Beirut Chess', 'bomb carrier', 'Stratomic', 'Flying Bombers']) {
      assert.ok(text.includes(words), words);
    }
    await page.click('[data-welcome="computer"]');
    assert.equal(await page.isVisible('#welcome'), false, 'it goes once a choice is made');
    // Beirut against the computer: the human (White) chooses, and the board says so.
    const s = await status(page);
    assert.deepEqual([s.phase, s.turn, s.curtain], ['setup', 'white', false]);
    await page.reload();
    await page.evaluate(() => window.boomchess.ready);
    assert.equal(await page.isVisible('#welcome'), false, 'a returning player goes straight to the game');
    await page.close();
  });

  test('the Share notice wraps under the header, at 1280 px and on a 390 px phone', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page } = await openGame('?variant=stratomic', viewport);
      await game(page, () => window.boomchess.game.play('e3e5'));
      await page.click('#share');
      const box = await page.evaluate(() => {
        const r = document.getElementById('notice').getBoundingClientRect();
        const board = document.getElementById('board').getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, boardTop: board.top, page: document.documentElement.scrollWidth };
      });
      assert.ok(box.page <= viewport.width, `the page stays ${viewport.width} px wide (${box.page})`);
      assert.ok(box.left >= 0 && box.right <= viewport.width, `the notice fits (${box.left}–${box.right})`);
      assert.ok(box.top < box.boardTop, 'the notice is above the board, under the header');
      await page.close();
    }
  });

  test('header buttons on a phone are 44 px tall; disabled dialog choices look disabled', async () => {
    const { page } = await openGame('', { width: 390, height: 844 });
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll('header button, header select')].map((b) => b.getBoundingClientRect().height),
    );
    assert.ok(heights.every((h) => h >= 44), `heights ${heights}`);
    await page.click('#new-game');
    const look = await page.evaluate(() => {
      const form = document.getElementById('new-game-form');
      const opacity = (el) => Number(getComputedStyle(el.closest('label')).opacity);
      return { side: form.humanSide.disabled, disabled: opacity(form.humanSide), enabled: opacity(form.carriers) };
    });
    assert.equal(look.side, true, 'two players: no side to choose');
    assert.ok(look.disabled < 0.7 && look.enabled === 1, `opacity ${look.disabled} vs ${look.enabled}`);
    await page.close();
  });
});

describe('opening the page', () => {
  test('a restored game is read, not announced, when the page opens', async () => {
    const { page } = await openGame('?variant=stratomic');
    await game(page, () => window.boomchess.game.play('e3e5'));
    assert.match(await page.textContent('#announcer'), /pawn to e5/, 'a move is told');
    await page.goto(env.server.url);
    await page.evaluate(() => window.boomchess.ready);
    assert.deepEqual(await game(page, () => window.boomchess.game.moves()), ['e5'], 'the game is back');
    await page.waitForTimeout(300);
    assert.equal(await page.textContent('#announcer'), '', 'nothing said as the page opens');
    await page.close();
  });
});

describe('hot-seat and the board', () => {
  test("after the curtain the opponent's boom is replayed, its squares marked and told in words", async () => {
    const { page, errors } = await openGame();
    // White's carrier e5 booms; Black comes back to the board.
    await game(page, (fen) => {
      window.boomchess.game.newGame({ variant: 'beirut', fen });
      window.boomchess.game.liftCurtain();
    }, RUY_BOOM);
    const plainD5 = await squarePixel(page, 'd5', 0.3, 0.3);
    await game(page, () => window.boomchess.game.play('@e5'));
    // The explosion plays out, then the curtain falls.
    await page.waitForTimeout(900);
    assert.equal((await status(page)).curtain, true);
    assert.equal(await page.isVisible('#last-move'), false, 'nothing told behind the curtain');
    await clickSquare(page, 'e4');
    // The replayed flash: the blast's centre glows in the frames after the tap (watched on every
    // frame: one sample could come after the flash on a busy machine).
    const glows = (c) => c[0] > 200 && c[1] > 120;
    await waitForSquarePixel(page, 'e5', glows, { dx: 0.3, dy: -0.3, timeout: 1000 }).catch(() =>
      assert.fail('the explosion replays on e5'),
    );
    await page.waitForTimeout(900);
    // Afterwards the blasted squares stay marked (d5 was empty and lies in the blast).
    const markedD5 = await squarePixel(page, 'd5', 0.3, 0.3);
    assert.ok(differ(markedD5, plainD5), `d5 is marked (${markedD5} vs ${plainD5})`);
    const words = await page.textContent('#last-move');
    assert.match(words, /boom on e5/i);
    assert.match(words, /black queen d4/);
    assert.match(words, /white pawn e4/);
    assert.match(words, /white knight e5/);
    assert.match(words, /destroyed/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the keyboard cursor is not drawn over the curtain', async () => {
    const { page } = await openGame();
    await game(page, () =>
      window.boomchess.game.newGame({ variant: 'beirut', fen: 'rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1' }),
    );
    assert.equal((await status(page)).curtain, true);
    const curtain = await digest(page);
    await page.focus('#board');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    assert.equal(await digest(page), curtain, 'the curtain is drawn alone');
    await page.close();
  });

  test('a selected missile marks the board, not every square over the pieces', async () => {
    const { page } = await openGame();
    await game(page, () =>
      window.boomchess.game.newGame({
        variant: 'stratomic',
        fen: '10/mrnbqkbnrm/ppppp1pppp/10/5p4/10/3P6/PPP1PPPPPP/MRNBQKBNRM/10 w KQkq - 0 2 L',
      }),
    );
    // A black rook far from the missile: the same before and after the missile is selected.
    const rook = await squarePixel(page, 'i9', 0, 0);
    const beside = await squarePixel(page, 'i9', 0.3, 0);
    await clickSquare(page, 'a2');
    assert.equal(await game(page, () => window.boomchess.selected()), 'a2');
    assert.deepEqual(await squarePixel(page, 'i9', 0, 0), rook, 'no marker on the rook');
    assert.deepEqual(await squarePixel(page, 'i9', 0.3, 0), beside, 'no ring round it');
    assert.match(await page.textContent('#status'), /any square to launch/);
    // A click still launches.
    await clickSquare(page, 'f7');
    assert.match((await game(page, () => window.boomchess.game.moves()))[0], /^M(a2)?@f7/);
    await page.close();
  });

  test('the result waits for the explosion that ended the game', async () => {
    const { page } = await openGame();
    // White's carrier next to the black king: the boom destroys it.
    await game(page, () => {
      window.boomchess.game.newGame({ variant: 'beirut', fen: '4k3/3N*4/8/8/8/8/p*7/4K3 w - - 0 1' });
      window.boomchess.game.liftCurtain();
    });
    await game(page, () => window.boomchess.game.play('@d7'));
    assert.equal((await status(page)).phase, 'over');
    assert.equal(await page.isVisible('#result'), false, 'not during the explosion');
    await page.waitForSelector('#result', { state: 'visible', timeout: 3000 });
    await page.close();
  });
});

describe('embedded diagrams', () => {
  test("a diagram shows the other side's moves and any carrier's blast under the pointer", async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${env.server.url}embed-example.html`);
    const text = await page.textContent('body');
    assert.doesNotMatch(text, /once a knight/, 'the Stratomic text follows the rules');
    assert.match(text, /other than a pawn/);
    await page.evaluate(async (url) => {
      window.embed = await import(url);
      await window.embed.ready;
    }, `${env.server.url}embed.js`);
    const pixel = (square, dx = 0, dy = 0) =>
      page.evaluate(
        async ([sq, dx, dy]) => {
          const el = document.getElementById('board-ruy-lopez');
          const handle = await window.embed.boardOf(el);
          const canvas = el.querySelector('canvas');
          const rect = canvas.getBoundingClientRect();
          const c = handle.squareCenter(sq);
          const size = rect.width / 8;
          const x = Math.floor(((c.x + dx * size - rect.left) * canvas.width) / rect.width);
          const y = Math.floor(((c.y + dy * size - rect.top) * canvas.height) / rect.height);
          return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
        },
        [square, dx, dy],
      );
    const centre = (square) =>
      page.evaluate(async (sq) => (await window.embed.boardOf(document.getElementById('board-ruy-lopez'))).squareCenter(sq), square);
    await (await page.$('#board-ruy-lopez')).scrollIntoViewIfNeeded();
    // Black's queen d4 (Black is not to move): its moves are shown, b4 among them.
    const b4 = await pixel('b4');
    let p = await centre('d4');
    await page.mouse.click(p.x, p.y);
    assert.ok(differ(await pixel('b4'), b4), 'a target marker on b4');
    // White's queen d1 selected, the pointer over the carrier e5: its blast is shown (f6 red).
    const f6 = await pixel('f6', 0.35, 0.35);
    p = await centre('d1');
    await page.mouse.click(p.x, p.y);
    p = await centre('e5');
    await page.mouse.move(p.x, p.y);
    assert.ok(differ(await pixel('f6', 0.35, 0.35), f6), 'the blast area is previewed');
    await page.close();
  });
});
