// End-to-end tests of the page's helpers around the board: browsing earlier positions from the
// move list (read-only, only the viewer's own carriers in hot-seat Beirut), the rules help of
// each variant, and the optional sound.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/page.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clickSquare, differ, env, isPageError, openGame, squarePixel, useBrowser } from './harness.mjs';

useBrowser();

const api = (page, fn, arg) => page.evaluate(fn, arg);
const fen = (page) => api(page, () => window.boomchess.game.fen());
const viewing = (page) => api(page, () => window.boomchess.game.viewing());

describe('browsing the move list', () => {
  test('a click on a move shows that position read-only; buttons and keys step; back to the game', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    for (const [from, to] of [['e3', 'e5'], ['d8', 'd6'], ['h2', 'g4']]) {
      await clickSquare(page, from);
      await clickSquare(page, to);
    }
    const live = await fen(page);
    const e5Pawn = await squarePixel(page, 'e5', 0, -0.19);
    assert.equal(await page.isVisible('#viewing'), false, 'no indicator at the live position');
    assert.equal(await page.isEnabled('#next'), false);
    // Click the first move (e5): the position after it.
    await page.click('#moves span[data-ply="1"]');
    assert.equal(await viewing(page), 1);
    assert.equal(await page.isVisible('#viewing'), true);
    assert.equal(await page.textContent('#viewing-text'), 'Viewing move 1.\u00a0e5');
    assert.equal(await page.getAttribute('#moves span[data-ply="1"]', 'aria-current'), 'step');
    assert.equal(await fen(page), live, 'the game itself is unchanged');
    assert.deepEqual(await api(page, () => window.boomchess.game.legalMoves()), [], 'nothing to play');
    // On the board: the d-pawn is back on d8 (d6 empty), the knight on h2.
    const d6 = await squarePixel(page, 'd6', 0, -0.19);
    const f6 = await squarePixel(page, 'f6', 0, -0.19); // an empty square of the same colour
    assert.deepEqual(d6, f6, 'd6 is empty in the position after 1. e5');
    // A click on the board plays nothing.
    await clickSquare(page, 'a3');
    await clickSquare(page, 'a4');
    assert.equal(await fen(page), live);
    await assert.rejects(api(page, () => window.boomchess.game.play('a3a4')), /go back to the game/);
    // The buttons: previous (start), next, next, next (live again).
    await page.click('#prev');
    assert.equal(await viewing(page), 0);
    assert.equal(await page.textContent('#viewing-text'), 'Viewing the start position');
    assert.equal(await page.isEnabled('#first'), false);
    assert.equal(await page.isEnabled('#prev'), false);
    const e5Start = await squarePixel(page, 'e5', 0, -0.19);
    assert.ok(differ(e5Start, e5Pawn), 'e5 empty at the start');
    await page.click('#next');
    await page.click('#next');
    assert.equal(await page.textContent('#viewing-text'), 'Viewing move 1…\u00a0d6');
    await page.click('#next');
    assert.equal(await viewing(page), null, 'past the last move: the game');
    assert.equal(await page.isVisible('#viewing'), false);
    // Keys in the focused move list: ArrowLeft steps back, Home the start, End the game.
    await page.focus('#moves');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(page), 2);
    await page.keyboard.press('Home');
    assert.equal(await viewing(page), 0);
    await page.keyboard.press('ArrowRight');
    assert.equal(await viewing(page), 1);
    await page.keyboard.press('End');
    assert.equal(await viewing(page), null);
    // "Back to the game" and the last button.
    await page.click('#moves span[data-ply="2"]');
    await page.click('#viewing-live');
    assert.equal(await viewing(page), null);
    await page.click('#first');
    assert.equal(await viewing(page), 0);
    await page.click('#last');
    assert.equal(await viewing(page), null);
    // Black plays on by clicking at the live position.
    await clickSquare(page, 'c8');
    await clickSquare(page, 'c6');
    assert.equal((await api(page, () => window.boomchess.game.moves())).length, 4);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('hot-seat Beirut: never behind the curtain, only the viewer\'s own carriers', async () => {
    const { page, errors } = await openGame();
    // White's carrier on g1 (the knight), Black's on h7.
    await api(page, () => {
      const g = window.boomchess.game;
      g.newGame({ variant: 'beirut', fen: 'rnbqkbnr/pppppppp*/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1' });
      g.liftCurtain();
    });
    const badge = (square) => squarePixel(page, square, 0.3, -0.28); // where a bomb badge goes
    const bomb = (c) => !differ(c, [0x1a, 0x1a, 0x1a, 255]);
    const moves = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']];
    for (const [i, [from, to]] of moves.entries()) {
      await clickSquare(page, from);
      await clickSquare(page, to);
      // Behind the curtain: no browsing (a click on a move, the buttons, the API do nothing).
      assert.equal((await api(page, () => window.boomchess.game.status())).curtain, true);
      assert.equal(await api(page, () => window.boomchess.game.browse(0)), false);
      await page.click(`#moves span[data-ply="${i + 1}"]`);
      assert.equal(await viewing(page), null, `after ${from}${to}: no browsing behind the curtain`);
      assert.equal(await page.isEnabled('#prev'), false);
      assert.equal(await page.isEnabled('#first'), false);
      assert.equal(await page.isVisible('#viewing'), false);
      await clickSquare(page, 'a4'); // the next player lifts the curtain
    }
    // Black browses back to the start: White's knight carrier on g1 shows no bomb; Black's
    // own h7 carrier does.
    await page.click('#first');
    assert.equal(await viewing(page), 0);
    const blackSeesG1 = await badge('g1');
    assert.ok(!bomb(blackSeesG1), `no bomb on White's g1 carrier for Black: ${blackSeesG1}`);
    assert.ok(bomb(await badge('h7')), 'Black sees its own carrier');
    for (const ply of [1, 2, 3]) {
      await page.click('#next');
      if (ply < 3) assert.equal(await viewing(page), ply);
      const square = ply < 3 ? 'g1' : 'f3';
      assert.ok(!bomb(await badge(square)), `ply ${ply}: no bomb on ${square}`);
    }
    assert.equal(await viewing(page), null, 'back at the game');
    // Black plays; White lifts the curtain and browses: its own g1 carrier shows, h7 does not.
    await clickSquare(page, 'b8');
    await clickSquare(page, 'c6');
    await clickSquare(page, 'a4');
    await page.click('#first');
    assert.ok(bomb(await badge('g1')), 'White sees its own carrier');
    assert.ok(!bomb(await badge('h7')), 'White does not see Black\'s carrier');
    // A move played by the API from a browsed position is refused.
    await assert.rejects(api(page, () => window.boomchess.game.play('d2d4')), /go back to the game/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('a long move list', () => {
  test('keeps the place the player scrolled to; a browsed move is scrolled into view', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    await api(page, async () => {
      const g = window.boomchess.game;
      for (let i = 0; i < 60 && g.status().phase === 'play'; i += 1) {
        const moves = g.legalMoves().filter((m) => !m.includes('@'));
        await g.play(moves[(i * 7) % moves.length]);
      }
    });
    const list = () =>
      page.evaluate(() => {
        const l = document.getElementById('moves');
        return { top: l.scrollTop, max: l.scrollHeight - l.clientHeight };
      });
    const start = await list();
    assert.ok(start.max > 0, 'the list scrolls');
    assert.ok(Math.abs(start.top - start.max) <= 1, 'at the latest move');
    // The player scrolls the list up; moving the pointer over the board redraws it, and the
    // list stays where the player put it.
    await page.evaluate(() => {
      document.getElementById('moves').scrollTop = 0;
    });
    for (const sq of ['a3', 'b4', 'c5', 'd6', 'e7']) {
      const c = await api(page, (s) => window.boomchess.squareCenter(s), sq);
      await page.mouse.move(c.x, c.y);
    }
    assert.equal((await list()).top, 0, 'not pulled back to the bottom');
    // Browsing to the last moves from there scrolls the viewed move into the list's middle.
    const plies = (await api(page, () => window.boomchess.game.moves())).length;
    await page.focus('#moves');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(page), plies - 1);
    assert.ok((await list()).top > 0, 'the viewed move is scrolled into view');
    assert.ok(await page.evaluate(() => {
      const l = document.getElementById('moves').getBoundingClientRect();
      const c = document.querySelector('#moves .current').getBoundingClientRect();
      return c.top >= l.top && c.bottom <= l.bottom;
    }), 'the current move is visible');
    await page.keyboard.press('End');
    const end = await list();
    assert.ok(Math.abs(end.top - end.max) <= 1, 'back at the latest move');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the rules help', () => {
  const expected = {
    beirut: { title: 'Rules of Beirut Chess', words: [/bomb carrier/, /Multiple Beirut/, /Dead Man's Switch/, /blow up the enemy king/] },
    stratomic: { title: 'Rules of Stratomic', words: [/Missile \(M\)/, /non-pawn piece/, /Kings are immune/, /rank 9 \(White\)/] },
    'flying-bombers': { title: 'Rules of Flying Bombers', words: [/Helicopter/, /double capture/, /Immediate Landing/, /Super Jump Knights/] },
  };
  for (const [variant, want] of Object.entries(expected)) {
    test(`${variant}: the Rules button opens the help of the variant being played; Escape closes it`, async () => {
      const { page, errors } = await openGame();
      await api(page, (v) => window.boomchess.game.newGame({ variant: v }), variant);
      await page.click('#rules');
      assert.equal(await page.isVisible('#rules-dialog'), true, 'the dialog opens');
      assert.equal(await page.textContent('#rules-title'), want.title);
      const shown = await page.$$eval('#rules-dialog section[data-variant]', (sections) =>
        sections.filter((s) => !s.hidden).map((s) => s.dataset.variant),
      );
      assert.deepEqual(shown, [variant], 'only this variant\'s section is shown');
      const text = await page.innerText('#rules-dialog');
      for (const word of want.words) assert.match(text, word);
      for (const [other, o] of Object.entries(expected)) {
        if (other !== variant) assert.doesNotMatch(text, o.words[0], `nothing of ${other}`);
      }
      assert.match(text, /arrow keys/, 'keyboard controls');
      assert.match(text, /drag/, 'mouse and touch controls');
      // Focus is in the dialog (on Close); Escape closes it and gives the focus back.
      assert.equal(await page.evaluate(() => document.activeElement.id), 'rules-close');
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('#rules-dialog'), false, 'Escape closes');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'rules');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('the help of another variant can be picked in the dialog; Close closes it', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    await page.click('#rules');
    await page.selectOption('#rules-variant', 'flying-bombers');
    assert.equal(await page.textContent('#rules-title'), 'Rules of Flying Bombers');
    assert.equal(await page.isVisible('#rules-dialog section[data-variant=flying-bombers]'), true);
    assert.equal(await page.isVisible('#rules-dialog section[data-variant=stratomic]'), false);
    await page.click('#rules-close');
    assert.equal(await page.isVisible('#rules-dialog'), false);
    // Opened again, it shows the game's variant again.
    await page.click('#rules');
    assert.equal(await page.textContent('#rules-title'), 'Rules of Stratomic');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('sound', () => {
  const sound = (page) =>
    api(page, () => ({
      enabled: window.boomchess.sound.enabled(),
      played: window.boomchess.sound.played(),
      context: window.boomchess.sound.context(),
      stored: localStorage.getItem('boomchess.sound'),
      pressed: document.getElementById('sound').getAttribute('aria-pressed'),
      text: document.getElementById('sound').textContent.trim(),
    }));

  test('off by default; the switch turns it on, remembers it, and moves, captures and booms play without errors', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    assert.deepEqual(await sound(page), {
      enabled: false, played: 0, context: null, stored: null, pressed: 'false', text: '♪ Sound: off',
    });
    // Moves with sound off: no audio context is ever made.
    await clickSquare(page, 'e3');
    await clickSquare(page, 'e5');
    assert.equal((await sound(page)).context, null, 'no AudioContext while sound is off');
    // Switched on (a click: a user gesture), the context starts.
    await page.click('#sound');
    let s = await sound(page);
    assert.equal(s.enabled, true);
    assert.equal(s.stored, 'on');
    assert.equal(s.pressed, 'true');
    assert.equal(s.text, '♪ Sound: on');
    assert.ok(['running', 'suspended'].includes(s.context), `context ${s.context}`);
    // A move, a capture of a knight (unlocking launches), a launch: one cue each.
    for (const [from, to] of [['d8', 'd6'], ['h2', 'g4'], ['e8', 'e7'], ['g4', 'f6'], ['e7', 'f6'], ['a2', 'f7']]) {
      await clickSquare(page, from);
      await clickSquare(page, to);
    }
    s = await sound(page);
    assert.equal(s.played, 6, 'six cues for six moves');
    assert.equal(s.context, 'running');
    // A bomber's strike (a double capture) and a Beirut boom.
    await api(page, () => window.boomchess.game.newGame({ variant: 'flying-bombers', fen: 'f4k4/p9/F9/10/10/10/10/10/10/5K4 w - - 0 1' }));
    await clickSquare(page, 'a8');
    await clickSquare(page, 'a10');
    await api(page, async () => {
      const g = window.boomchess.game;
      g.newGame({ variant: 'beirut', fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6' });
      g.liftCurtain();
    });
    await clickSquare(page, 'e5');
    await clickSquare(page, 'e5');
    // The strike also gives check (the bomber on a10 could bomb the king on f10): strike, check
    // and the boom make three more cues.
    assert.equal((await sound(page)).played, 9);
    // Remembered over a reload; the context waits for the first gesture.
    await page.reload();
    await page.evaluate(() => window.boomchess.ready);
    s = await sound(page);
    assert.equal(s.enabled, true);
    assert.equal(s.pressed, 'true');
    assert.equal(s.context, null, 'no AudioContext before a gesture');
    await clickSquare(page, 'a1'); // lifts the curtain of the restored Beirut game: a gesture
    assert.notEqual((await sound(page)).context, null);
    // Off again: remembered, and moves are silent.
    await page.click('#sound');
    s = await sound(page);
    assert.equal(s.stored, 'off');
    assert.equal(s.text, '♪ Sound: off');
    const before = s.played;
    await api(page, () => window.boomchess.game.newGame({ variant: 'stratomic' }));
    await clickSquare(page, 'e3');
    await clickSquare(page, 'e5');
    assert.equal((await sound(page)).played, before);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('without Web Audio the switch works and nothing fails', async () => {
    const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => isPageError(msg) && errors.push(msg.text()));
    await page.addInitScript(() => {
      delete window.AudioContext;
      delete window.webkitAudioContext;
    });
    await page.goto(env.server.url + '?variant=stratomic');
    await page.evaluate(() => window.boomchess.ready);
    await page.click('#sound');
    await clickSquare(page, 'e3');
    await clickSquare(page, 'e5');
    const s = await sound(page);
    assert.equal(s.enabled, true);
    assert.equal(s.context, null);
    assert.equal(s.played, 0);
    assert.equal((await api(page, () => window.boomchess.game.moves())).length, 1, 'the move was played');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the end of the game', () => {
  test('a dialog tells the result and every carrier; See the board and Take back close it', async () => {
    const { page, errors } = await openGame();
    // Fool's mate to come in hot-seat Beirut; White's carrier a2, Black's h7.
    await api(page, () => {
      const game = window.boomchess.game;
      game.newGame({ variant: 'beirut', fen: 'rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/P*PPPP2P/RNBQKBNR b KQkq - 0 2' });
      game.liftCurtain();
    });
    assert.equal(await page.isVisible('#over-dialog'), false);
    await clickSquare(page, 'd8');
    await clickSquare(page, 'h4');
    await page.waitForSelector('#over-dialog[open]');
    assert.equal(await page.textContent('#over-title'), 'Game over: 0-1');
    assert.equal(
      await page.textContent('#over-text'),
      'Black wins: checkmate.Carriers: White pawn a2; Black pawn h7',
    );
    await page.click('#over-close');
    assert.equal(await page.isVisible('#over-dialog'), false, 'See the board closes it');
    assert.equal((await api(page, () => window.boomchess.game.status())).phase, 'over', 'the game stays over');
    // Again, and this time take the mate back.
    await api(page, () => {
      const game = window.boomchess.game;
      game.undo();
      game.liftCurtain(); // the device passes back to Black
      return game.play('d8h4');
    });
    await page.waitForSelector('#over-dialog[open]');
    await page.click('#over-undo');
    assert.equal(await page.isVisible('#over-dialog'), false);
    assert.equal((await api(page, () => window.boomchess.game.status())).phase, 'play', 'the mate is taken back');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a game ended by a boom shows the dialog once the explosion has played; New game opens the choices', async () => {
    const { page, errors } = await openGame();
    // White's carrier e7 stands next to the black king: Boom!
    await api(page, () => {
      const game = window.boomchess.game;
      game.newGame({ variant: 'beirut', fen: '4k3/4N*3/8/8/8/8/4p*3/4K3 w - - 0 1' });
      game.liftCurtain();
    });
    const openAtOnce = await api(page, async () => {
      await window.boomchess.game.play('@e7');
      return document.getElementById('over-dialog').open;
    });
    assert.equal(openAtOnce, false, 'the explosion is seen first');
    await page.waitForSelector('#over-dialog[open]', { timeout: 5000 });
    assert.match(await page.textContent('#over-text'), /White wins: .*Carriers: White none left; Black pawn e2/);
    await page.click('#over-new');
    assert.equal(await page.isVisible('#over-dialog'), false);
    assert.equal(await page.isVisible('#new-game-dialog'), true, 'the new-game choices are open');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
