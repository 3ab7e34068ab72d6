// End-to-end tests of hot-seat Beirut: each side chooses its bomb carriers by clicking, a
// pass-the-device curtain hides the board between turns, a boom is played by clicking, and the
// other side's carriers never reach the page (DOM, storage, console, or window.boomchess).
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/*.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickSquare,
  differ,
  openGame,
  squarePixel,
  useBrowser,
  waitForSquarePixel,
} from './harness.mjs';

useBrowser();

const api = (page, fn, arg) => page.evaluate(fn, arg);
const fen = (page) => api(page, () => window.boomchess.game.fen());
const legal = (page) => api(page, () => window.boomchess.game.legalMoves());
const status = (page) => api(page, () => window.boomchess.game.status());
const placement = (text) => text.split(' ')[0];

/**
 * Everything the page hands out, as text: the DOM (without Trunk's base64 `integrity` hashes,
 * which may contain any two letters), localStorage, sessionStorage, the console so far, and the
 * outputs of window.boomchess.
 */
async function pageText(page, consoleLines) {
  const inPage = await page.evaluate(() => {
    const g = window.boomchess.game;
    return JSON.stringify({
      // The rules help is fixed text (it names squares such as g1 in its castling rules).
      dom: (() => {
        const root = document.documentElement.cloneNode(true);
        root.querySelector('#rules-dialog')?.remove();
        // The board's grid names every square (a screen reader's cells, "g1, white knight"):
        // it is checked below for carriers and audited in tests/e2e/audit.test.mjs.
        root.querySelector('#board')?.replaceChildren();
        return root.outerHTML.replace(/integrity="[^"]*"/g, '');
      })(),
      local: JSON.stringify(localStorage),
      session: JSON.stringify(sessionStorage),
      fen: g.fen(),
      legal: g.legalMoves(),
      status: g.status(),
      moves: g.moves(),
      flat: [window.boomchess.fen(), window.boomchess.legalMoves(), window.boomchess.selected()],
    });
  });
  return inPage + consoleLines.join('\n');
}

/** Asserts that nothing the page gives out names `secret` (a carrier square) or marks a carrier
 * of `hiddenSide`. */
async function assertHidden(page, consoleLines, secret, hiddenSide, when) {
  const text = await pageText(page, consoleLines);
  assert.ok(!text.includes(secret), `${when}: "${secret}" leaked`);
  const marked = hiddenSide === 'white' ? /[KQRBNP]\*/ : /[kqrbnp]\*/;
  assert.doesNotMatch(await fen(page), marked, `${when}: a ${hiddenSide} carrier in fen()`);
  const grid = await page.textContent('#board');
  assert.doesNotMatch(grid, new RegExp(`${hiddenSide} [a-z ]+, bomb carrier`), `${when}: a ${hiddenSide} carrier in the grid`);
}

/** Behind the curtain: no carrier at all in fen(), no moves, the board covered. */
async function assertCurtain(page, turn, when) {
  const s = await status(page);
  assert.equal(s.curtain, true, `${when}: curtain up`);
  assert.equal(s.turn, turn, when);
  assert.ok(!(await fen(page)).includes('*'), `${when}: no carrier behind the curtain`);
  assert.deepEqual(await legal(page), [], `${when}: no moves behind the curtain`);
  // The board is covered: a corner square shows the curtain's colour, not the board's.
  const corner = await squarePixel(page, 'a1', -0.4, 0.4);
  assert.ok(!differ(corner, [0x23, 0x20, 0x1c, 255]), `${when}: curtain drawn, got ${corner}`);
}

describe('hot-seat Beirut', () => {
  test('carriers are chosen by clicking, a curtain hides them, a boom blasts the 3x3 area', async () => {
    const { page, errors, console: consoleLines } = await openGame();
    await page.evaluate(() => {
      window.events = [];
      for (const kind of ['move', 'explosion', 'over']) {
        window.boomchess.game.on(kind, (detail) => window.events.push([kind, detail]));
      }
    });
    // Setup: White chooses first; nothing to play yet.
    assert.deepEqual(await status(page), {
      turn: 'white',
      phase: 'setup',
      result: null,
      reason: null,
      curtain: false,
    });
    assert.deepEqual(await legal(page), []);
    assert.match(await page.textContent('#status'), /^White: mark 1 carrier/);
    const g1Plain = await squarePixel(page, 'g1', 0.3, -0.28); // where a carrier's badge goes
    await clickSquare(page, 'e1'); // the king cannot carry
    await clickSquare(page, 'g1');
    const g1Badge = await squarePixel(page, 'g1', 0.3, -0.28);
    assert.ok(differ(g1Plain, g1Badge), `badge on g1: ${g1Plain} -> ${g1Badge}`);
    assert.equal(await page.isVisible('#confirm'), true);
    await page.click('#confirm');

    // The curtain, then Black's choice: White's carrier is nowhere to be seen.
    await assertCurtain(page, 'black', 'before Black chooses');
    assert.equal(await status(page).then((s) => s.phase), 'setup');
    assert.match(await page.textContent('#status'), /^Black chooses carriers — tap the board/);
    await clickSquare(page, 'e4');
    assert.deepEqual(await squarePixel(page, 'g1', 0.3, -0.28), g1Plain, 'no badge on g1 for Black');
    await assertHidden(page, consoleLines, 'g1', 'white', 'Black choosing');
    await clickSquare(page, 'h7');
    await page.keyboard.press('Enter'); // Enter confirms, like the button

    // White to move behind the curtain; a move is refused until it is lifted.
    await assertCurtain(page, 'white', 'before the first move');
    await assert.rejects(api(page, () => window.boomchess.game.play('e2e4')), /curtain/);
    await clickSquare(page, 'a1');
    assert.equal(
      placement(await fen(page)),
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R',
      'White sees its own carrier only',
    );
    assert.ok((await legal(page)).includes('@g1'), 'White may boom its carrier');
    await assertHidden(page, consoleLines, 'h7', 'black', 'White to move');

    // e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4, by clicking, the curtain between every turn.
    const moves = [
      ['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5'],
      ['a7', 'a6'], ['b5', 'c6'], ['d7', 'c6'], ['f3', 'e5'], ['d8', 'd4'],
    ];
    for (const [i, [from, to]] of moves.entries()) {
      const mover = i % 2 === 0 ? 'white' : 'black';
      const next = mover === 'white' ? 'black' : 'white';
      await clickSquare(page, from);
      await clickSquare(page, to);
      await assertCurtain(page, next, `after ${from}${to}`);
      await clickSquare(page, 'h4'); // lift
      if (next === 'white') {
        await assertHidden(page, consoleLines, 'h7', 'black', `White after ${from}${to}`);
        assert.match(await fen(page), /N\*/, 'White sees its carrier');
      } else {
        await assertHidden(page, consoleLines, 'g1', 'white', `Black after ${from}${to}`);
        assert.match(await fen(page), /p\*/, 'Black sees its carrier');
      }
    }
    assert.equal(placement(await fen(page)), 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R');
    const sans = await page.$$eval('#moves li span', (spans) => spans.map((s) => s.textContent));
    assert.deepEqual(sans, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'Nxe5', 'Qd4']);

    // Select the carrier: the Boom button appears and the 3x3 area is previewed in red.
    const f6Before = await squarePixel(page, 'f6');
    const d4Queen = await squarePixel(page, 'd4', 0, 0.1);
    await clickSquare(page, 'e5');
    assert.equal(await page.isVisible('#boom'), true, 'Boom button offered');
    const f6Preview = await squarePixel(page, 'f6');
    assert.ok(f6Preview[0] > f6Preview[1] + 40, `blast preview on f6: ${f6Before} -> ${f6Preview}`);
    // Clicking the selected carrier again sets it off: the explosion plays (an orange flash over
    // the area), then the curtain comes down.
    await clickSquare(page, 'e5');
    await waitForSquarePixel(page, 'e6', (c) => c[0] > 200 && c[0] > c[2] + 80);
    await waitForSquarePixel(page, 'e6', (c) => c[0] < 60 && c[1] < 60 && c[2] < 60);
    await assertCurtain(page, 'black', 'after the boom');
    assert.equal(placement(await fen(page)), 'r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R');
    await clickSquare(page, 'a1');
    // Black sees the boom replayed, then the blasted squares stay marked: the queen's d4 looks
    // like f4 and the pawn's e4 like d5, squares of the same colour in the blast that were empty.
    await page.waitForTimeout(900);
    assert.deepEqual(await squarePixel(page, 'd4', 0, 0.1), await squarePixel(page, 'f4', 0, 0.1));
    assert.deepEqual(await squarePixel(page, 'e4', 0, 0.1), await squarePixel(page, 'd5', 0, 0.1));
    assert.ok(differ(d4Queen, await squarePixel(page, 'd4', 0, 0.1)), 'the queen is gone');
    const events = await api(page, () => window.events);
    const explosion = events.find(([kind]) => kind === 'explosion');
    assert.deepEqual(
      explosion[1].squares.slice().sort(),
      ['d4', 'd5', 'd6', 'e4', 'e5', 'e6', 'f4', 'f5', 'f6'],
    );
    assert.deepEqual(events.at(-2), ['move', { uci: '@e5', san: 'Boom@e5' }]);
    assert.equal(events.filter(([kind]) => kind === 'move').length, 11);
    assert.match(await page.textContent('#moves'), /Boom@e5/);
    assert.equal(await page.isVisible('#result'), false, 'no result while playing');
    await assertHidden(page, consoleLines, 'g1', 'white', 'Black after the boom');

    // Undo takes the boom back (behind the curtain, White to move again); the Boom button
    // sets it off once more; redo has nothing left to replay then.
    await page.click('#undo');
    await assertCurtain(page, 'white', 'after undo');
    await clickSquare(page, 'a1');
    assert.equal(placement(await fen(page)), 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R');
    assert.equal(await page.isEnabled('#redo'), true);
    await clickSquare(page, 'e5');
    await page.click('#boom');
    assert.equal(placement(await fen(page)), 'r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R');
    assert.equal(await page.isEnabled('#redo'), false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the end of the game shows the result and reveals every carrier', async () => {
    const { page, errors } = await openGame();
    await page.evaluate(() => {
      window.over = [];
      window.boomchess.game.on('over', (s) => window.over.push(s));
    });
    // Fool's mate to come; White's carrier on a2, Black's on h7. A game set up with carriers
    // starts behind the curtain.
    await api(page, () =>
      window.boomchess.game.newGame({
        variant: 'beirut',
        fen: 'rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/P*PPPP2P/RNBQKBNR b KQkq - 0 2',
        mode: 'hotseat',
      }),
    );
    await assertCurtain(page, 'black', 'new game from a position');
    await clickSquare(page, 'e4');
    assert.equal(placement(await fen(page)), 'rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR');
    await clickSquare(page, 'd8');
    await clickSquare(page, 'h4');
    const s = await status(page);
    assert.deepEqual(s, { turn: 'white', phase: 'over', result: '0-1', reason: 'checkmate', curtain: false });
    assert.deepEqual(await api(page, () => window.over), [s]);
    assert.equal(await page.textContent('#status'), 'Black wins: checkmate (0-1)');
    assert.equal(await page.isVisible('#result'), true, 'the result box');
    assert.equal(
      await page.textContent('#result'),
      '0-1Black wins: checkmate.Carriers: White pawn a2; Black pawn h7',
    );
    assert.equal(placement(await fen(page)), 'rnb1kbnr/pppp1ppp*/8/4p3/6Pq/5P2/P*PPPP2P/RNBQKBNR');
    // Both badges are drawn: a2 and h7 differ from pawns without a bomb on squares of their colour.
    assert.ok(differ(await squarePixel(page, 'a2', 0.3, -0.28), await squarePixel(page, 'c2', 0.3, -0.28)));
    assert.ok(differ(await squarePixel(page, 'h7', 0.3, -0.28), await squarePixel(page, 'f7', 0.3, -0.28)));
    assert.deepEqual(await legal(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('with reduced motion a boom is not animated', async () => {
    const { page, errors } = await openGame('', undefined, { reducedMotion: 'reduce' });
    await page.evaluate(async () => {
      const g = window.boomchess.game;
      g.newGame({ variant: 'beirut', fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6' });
      g.liftCurtain();
      await g.play('@e5');
    });
    // At once: the curtain, with the blasted pieces gone underneath.
    await assertCurtain(page, 'black', 'right after the boom');
    await page.evaluate(() => window.boomchess.game.liftCurtain());
    // The queen's square d4 looks like f4, another dark square of the blast that was empty.
    assert.deepEqual(await squarePixel(page, 'd4', 0, 0.1), await squarePixel(page, 'f4', 0, 0.1));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('window.boomchess.game checks its input and keeps the state on a refused move', async () => {
    const { page, errors } = await openGame();
    const g = (fn, arg) => api(page, fn, arg);
    // Options as a comma string or an array; two carriers each.
    await g(() => window.boomchess.game.newGame({ variant: 'beirut', options: 'carriers=2' }));
    assert.match(await page.textContent('#status'), /mark 2 carriers/);
    await assert.rejects(g(() => window.boomchess.game.chooseCarriers(['b1'])), /2/);
    await g(() => window.boomchess.game.chooseCarriers(['b1', 'g1']));
    await g(() => window.boomchess.game.liftCurtain());
    await g(() => window.boomchess.game.chooseCarriers('b8, g8'));
    assert.equal(await g(() => window.boomchess.game.liftCurtain()), true);
    assert.equal(await g(() => window.boomchess.game.liftCurtain()), false, 'no curtain: a no-op');
    assert.equal(placement(await fen(page)), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN*BQKBN*R');
    const before = await fen(page);
    for (const bad of ['e2e5', '@b8', 'nonsense', '']) {
      await assert.rejects(g((m) => window.boomchess.game.play(m), bad), /move/, bad);
      assert.equal(await fen(page), before, `state unchanged after ${bad}`);
    }
    assert.equal(await g(() => window.boomchess.game.play('e2e4')), 'e4');
    assert.equal(await g(() => window.boomchess.game.undo()), true);
    await g(() => window.boomchess.game.liftCurtain());
    assert.equal(await fen(page), before);
    // Bad new games throw an Error naming the problem; the game stays.
    for (const [spec, why] of [
      [{ variant: 'beirut', mode: 'ai', humanSide: 'red', level: 3 }, /humanSide/],
      [{ variant: 'beirut', mode: 'ai', humanSide: 'white', level: 0 }, /level/],
      [{ variant: 'beirut', mode: 'blitz' }, /mode/],
      [{ variant: 'stratomic', options: ['carriers=2'] }, /carriers/],
      [{ variant: 'beirut', level: 9 }, /level/],
      [{ variant: 'beirut', colour: 'white' }, /colour/],
      [{ variant: 'chess' }, /chess/],
    ]) {
      await assert.rejects(g((s) => window.boomchess.game.newGame(s), spec), why, JSON.stringify(spec));
    }
    assert.equal(await fen(page), before);
    // Stratomic in the same API: no carriers, no curtain.
    await g(() => window.boomchess.game.newGame({ variant: 'stratomic' }));
    assert.equal((await status(page)).phase, 'play');
    assert.equal(await g(() => window.boomchess.game.play('e3e5')), 'e5');
    assert.equal((await status(page)).curtain, false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
