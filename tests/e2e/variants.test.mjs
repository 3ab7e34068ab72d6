// End-to-end games of Stratomic and Flying Bombers, played from the start position by clicking
// real squares (window.boomchess.game.squareCenter): a Stratomic launch once a captured knight
// has unlocked launches (docs/rules.md §2), and a Flying Bombers helicopter double capture (§3).
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/variants.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clickSquare, differ, openGame, squarePixel, useBrowser, waitForSquarePixel } from './harness.mjs';

useBrowser();

const api = (page, fn, arg) => page.evaluate(fn, arg);
const fen = (page) => api(page, () => window.boomchess.game.fen());
const legal = (page) => api(page, () => window.boomchess.game.legalMoves());
const moves = (page) => api(page, () => window.boomchess.game.moves());

/** The piece letter on a square of a position text (`null` if empty); works for 8 and 10 files. */
function pieceAt(text, square) {
  const rows = text.split(' ')[0].split('/');
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  const row = rows[rows.length - rank];
  let f = 0;
  for (const m of row.matchAll(/(\d+)|([a-zA-Z])\*?/g)) {
    if (m[1]) {
      f += Number(m[1]);
    } else {
      if (f === file) return m[2];
      f += 1;
    }
    if (f > file) return null;
  }
  return null;
}

/** Plays `from`→`to` by clicking both squares, after checking the move is legal. */
async function clickMove(page, from, to, uci = `${from}${to}`) {
  assert.ok((await legal(page)).includes(uci), `${uci} is legal: ${(await legal(page)).join(' ')}`);
  const before = (await moves(page)).length;
  await clickSquare(page, from);
  assert.equal(await api(page, () => window.boomchess.game.selected()), from, `${from} selected`);
  await clickSquare(page, to);
  assert.equal((await moves(page)).length, before + 1, `${uci} was played by clicking`);
}

describe('variants played by clicking', () => {
  test('stratomic: a pawn takes a knight, which unlocks launches; a missile launched by clicking blasts the 3x3 area', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    await api(page, () => {
      window.blasts = [];
      window.boomchess.game.on('explosion', (e) => window.blasts.push(e.squares));
    });
    assert.match(await fen(page), / -$/, 'launches locked at the start');
    // 1. Nh2-g4 e8-e7 2. Ng4-f6 e7xf6: a knight (a non-pawn piece) is captured.
    await clickMove(page, 'h2', 'g4');
    await clickMove(page, 'e8', 'e7');
    assert.ok(!(await legal(page)).some((m) => m.includes('@')), 'no launch before a piece is captured');
    await clickMove(page, 'g4', 'f6');
    await clickMove(page, 'e7', 'f6');
    assert.match(await fen(page), / L$/, 'launches unlocked');
    assert.ok((await legal(page)).includes('a2@f7'), 'the a2 missile may launch at f7');

    // The pieces in f7's 3x3 area before the launch: the pawns on f6, f8 and g8.
    const before = await fen(page);
    for (const sq of ['f6', 'f8', 'g8']) assert.equal(pieceAt(before, sq), 'p', `black pawn on ${sq}`);
    assert.equal(pieceAt(before, 'a2'), 'M', 'the missile on a2');
    const g8Before = await squarePixel(page, 'g8', 0, -0.19);
    const e9Before = await squarePixel(page, 'e9');

    // 3. Ma2@f7: select the missile, click the target square.
    await clickSquare(page, 'a2');
    assert.equal(await api(page, () => window.boomchess.game.selected()), 'a2');
    // A missile that may launch frames the board in the launch colour (a dot on every square
    // would bury the pieces).
    const frame = await squarePixel(page, 'a5', -0.49, 0);
    assert.ok(frame[0] > frame[1] + 40, `a red launch frame round the board: ${frame}`);
    await clickSquare(page, 'f7');
    // The explosion is drawn over the area: an orange flash on f7's neighbour e8.
    await waitForSquarePixel(page, 'e8', (c) => c[0] > 200 && c[0] > c[2] + 80);
    // Two missiles could launch at f7: the SAN names the one launched.
    assert.deepEqual((await moves(page)).slice(-1), ['Ma2@f7']);
    const after = await fen(page);
    for (const sq of ['e6', 'f6', 'g6', 'e7', 'f7', 'g7', 'e8', 'f8', 'g8', 'a2']) {
      assert.equal(pieceAt(after, sq), null, `${sq} is empty after the launch (${after})`);
    }
    assert.equal(pieceAt(after, 'f9'), 'k', 'kings are immune; f9 is outside the area anyway');
    assert.equal(pieceAt(after, 'e9'), 'q', 'e9 is outside the area');
    assert.deepEqual(
      (await api(page, () => window.blasts)).at(-1).slice().sort(),
      ['e6', 'e7', 'e8', 'f6', 'f7', 'f8', 'g6', 'g7', 'g8'],
    );
    // Once the explosion has played out the destroyed pawn is no longer drawn on g8: it shows
    // the empty square's colour, like the empty g6 (same colour).
    await page.waitForTimeout(900);
    const g8After = await squarePixel(page, 'g8', 0, -0.19);
    assert.ok(differ(g8Before, g8After), `the g8 pawn is gone from the canvas: ${g8Before} -> ${g8After}`);
    assert.deepEqual(g8After, await squarePixel(page, 'g6', 0, -0.19), 'g8 looks like the empty g6');
    assert.deepEqual(await squarePixel(page, 'e9'), e9Before, 'the queen on e9 untouched');
    // Black plays on by clicking.
    await clickMove(page, 'e9', 'e5');
    assert.equal((await api(page, () => window.boomchess.game.status())).turn, 'white');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('flying-bombers: a bomber slides up the a-file and a helicopter leap takes the pawn and the bomber', async () => {
    const { page, errors } = await openGame('?variant=flying-bombers');
    // 1. a2-a5 b9-b6 2. axb6 h9-h8 3. Fa1-a8 h8-h7 4. Fa8xa10 (over a9): a double capture.
    await clickMove(page, 'a2', 'a5');
    await clickMove(page, 'b9', 'b6');
    await clickMove(page, 'a5', 'b6');
    await clickMove(page, 'h9', 'h8');
    await clickMove(page, 'a1', 'a8');
    await clickMove(page, 'h8', 'h7');
    const before = await fen(page);
    assert.equal(pieceAt(before, 'a8'), 'F', 'the white bomber on a8');
    assert.equal(pieceAt(before, 'a9'), 'p', 'a black pawn on a9');
    assert.equal(pieceAt(before, 'a10'), 'f', 'the black bomber on a10');
    const a9Before = await squarePixel(page, 'a9', 0, -0.19);
    await clickMove(page, 'a8', 'a10');
    // The bomber's strike: a bomb falls on a9 and bursts there (white-yellow on the dark square).
    await waitForSquarePixel(page, 'a9', (c) => c[0] > 200 && c[1] > 175 && c[2] > 110);
    assert.match((await moves(page)).at(-1), /^Fxa10/, 'SAN names the landing square');
    const after = await fen(page);
    assert.equal(pieceAt(after, 'a8'), null, 'the bomber left a8');
    assert.equal(pieceAt(after, 'a9'), null, 'the pawn leapt over is captured');
    assert.equal(pieceAt(after, 'a10'), 'F', 'the white bomber landed on a10, capturing the black bomber');
    assert.equal(after.split(' ')[0].split('f').length - 1, 1, 'one black bomber left (j10)');
    await page.waitForTimeout(900); // any effect has played out
    const a9After = await squarePixel(page, 'a9', 0, -0.19);
    assert.ok(differ(a9Before, a9After), `the a9 pawn is gone from the canvas: ${a9Before} -> ${a9After}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('flying-bombers: with reduced motion a bomber capture is not animated', async () => {
    const { page, errors } = await openGame('', undefined, { reducedMotion: 'reduce' });
    await api(page, () =>
      window.boomchess.game.newGame({ variant: 'flying-bombers', fen: 'f4k4/p9/F9/10/10/10/10/10/10/5K4 w - - 0 1' }),
    );
    await clickMove(page, 'a8', 'a10');
    // At once and for good: a9 is one plain colour (its pawn gone, no strike drawn over it).
    const a9 = await squarePixel(page, 'a9');
    assert.deepEqual(await squarePixel(page, 'a9', 0.3, 0.3), a9, 'a9 is empty at once');
    await page.waitForTimeout(400);
    assert.deepEqual(await squarePixel(page, 'a9'), a9, 'nothing plays over it afterwards');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
