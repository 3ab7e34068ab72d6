// What players know from lichess, played on the page with its own buttons: resign (hot-seat and
// against the computer), a draw offered on one device and accepted by the other player, taking a
// resignation back, a resigned game restored after a reload; and the material beside the board
// (a blast removes several pieces at once).
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/lichess.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BEIRUT_CARRIERS, clickSquare, differ, env, openGame, squarePixel, useBrowser } from './harness.mjs';

useBrowser();

const game = (page, f, arg) => page.evaluate(f, arg);
const status = (page) => game(page, () => window.boomchess.game.status());

describe('resigning and draws', () => {
  test('hot-seat: the player at the board resigns after a confirmation; Take back resumes; a reload keeps the end', async () => {
    const { page, errors } = await openGame('?variant=stratomic');
    await game(page, () => window.boomchess.game.play('e3e5'));
    // Black is at the board; it resigns.
    assert.equal(await page.isEnabled('#resign'), true);
    await page.click('#resign');
    assert.equal(await page.isVisible('#end-dialog'), true, 'asked first');
    await page.click('#end-no');
    assert.equal((await status(page)).phase, 'play', 'Keep playing keeps playing');
    await page.click('#resign');
    await page.click('#end-yes');
    let s = await status(page);
    assert.deepEqual([s.phase, s.result, s.reason], ['over', '1-0', 'resignation']);
    assert.match(await page.textContent('#status'), /White wins: the other side resigned/);
    await page.waitForSelector('#over-dialog', { state: 'visible' });
    assert.equal(await page.isEnabled('#resign'), false, 'nothing left to resign');
    // The game-over dialog's Take back withdraws the resignation.
    await page.click('#over-undo');
    s = await status(page);
    assert.deepEqual([s.phase, s.turn], ['play', 'black']);
    assert.deepEqual(await game(page, () => window.boomchess.game.moves()), ['e5'], 'the move stays');
    // Resigned again, then the page opened again: the saved game is over by resignation.
    await game(page, () => window.boomchess.game.resign());
    await page.goto(env.server.url);
    await page.evaluate(() => window.boomchess.ready);
    s = await status(page);
    assert.deepEqual([s.phase, s.result, s.reason], ['over', '1-0', 'resignation']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('hot-seat: a draw offered by the player at the board is accepted by the other', async () => {
    const { page } = await openGame();
    await game(page, (fen) => {
      window.boomchess.game.newGame({ variant: 'beirut', fen });
      window.boomchess.game.liftCurtain();
    }, BEIRUT_CARRIERS);
    await page.click('#draw');
    assert.match(await page.textContent('#end-title'), /White offers a draw/);
    assert.match(await page.textContent('#end-text'), /Black, do you accept/);
    await page.click('#end-yes');
    const s = await status(page);
    assert.deepEqual([s.phase, s.result, s.reason], ['over', '1/2-1/2', 'agreement']);
    // Once over, every carrier is shown: the curtain is gone for good.
    assert.equal(s.curtain, false);
    assert.match(await game(page, () => window.boomchess.game.fen()), /P\*.*|.*p\*/);
    await page.close();
  });

  test('against the computer: resign is there, a draw offer is not', async () => {
    const { page } = await openGame();
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic', mode: 'ai', humanSide: 'white', level: 1 }));
    assert.equal(await page.isVisible('#draw'), false);
    await assert.rejects(game(page, () => window.boomchess.game.agreeDraw()), /computer/);
    await page.click('#resign');
    await page.click('#end-yes');
    const s = await status(page);
    assert.deepEqual([s.phase, s.result, s.reason], ['over', '0-1', 'resignation']);
    await page.close();
  });
});

describe('clocks', () => {
  test("the side to move's clock runs, a move passes it on, and a fallen flag ends the game", async () => {
    const { page, errors } = await openGame();
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic', clock: '0.1+0' }));
    let c = await game(page, () => window.boomchess.game.clock());
    assert.equal(c.control, '0.1+0');
    assert.equal(c.running, 'white');
    assert.equal(await page.isVisible('#clock-white'), true);
    await game(page, () => window.boomchess.game.play('e3e5'));
    c = await game(page, () => window.boomchess.game.clock());
    assert.equal(c.running, 'black', "Black's clock runs after White's move");
    assert.ok(c.white <= 6000 && c.black <= 6000, JSON.stringify(c));
    // Black does not move: its flag falls within its six seconds.
    await page.waitForFunction(() => window.boomchess.game.status().phase === 'over', null, { timeout: 9000 });
    const s = await status(page);
    assert.deepEqual([s.result, s.reason], ['1-0', 'timeout']);
    c = await game(page, () => window.boomchess.game.clock());
    assert.deepEqual([c.black, c.running], [0, null], 'the clock stops at zero');
    assert.match(await page.textContent('#clock-black'), /Black 0:00\.0/);
    assert.match(await page.textContent('#status'), /White wins: the other side's time ran out/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('hot-seat Beirut: the clocks stop behind the curtain', async () => {
    const { page } = await openGame();
    await game(page, (fen) => {
      window.boomchess.game.newGame({ variant: 'beirut', fen, clock: '1+0' });
    }, BEIRUT_CARRIERS);
    assert.equal((await game(page, () => window.boomchess.game.clock())).running, null, 'not before the curtain lifts');
    await game(page, () => window.boomchess.game.liftCurtain());
    assert.equal((await game(page, () => window.boomchess.game.clock())).running, 'white');
    await game(page, () => window.boomchess.game.play('e2e4'));
    const behind = await game(page, () => window.boomchess.game.clock());
    assert.equal(behind.running, null, 'paused behind the curtain');
    await page.waitForTimeout(600);
    assert.equal((await game(page, () => window.boomchess.game.clock())).black, 60000, "no time off Black's clock");
    await game(page, () => window.boomchess.game.liftCurtain());
    assert.equal((await game(page, () => window.boomchess.game.clock())).running, 'black');
    await page.close();
  });

  test('the new-game dialog sets a time control', async () => {
    const { page } = await openGame();
    await page.click('#new-game');
    await page.selectOption('#new-game-form select[name=variant]', 'flying-bombers');
    await page.selectOption('#new-game-form select[name=clock]', '5+3');
    await page.click('#new-game-start');
    const c = await game(page, () => window.boomchess.game.clock());
    assert.deepEqual([c.control, c.running, c.white], ['5+3', 'white', c.white]);
    assert.ok(c.white > 295000 && c.black === 300000, JSON.stringify(c));
    await assert.rejects(game(page, () => window.boomchess.game.newGame({ variant: 'beirut', clock: '0+0' })), /clock/);
    await page.close();
  });
});

describe('game records (PGN)', () => {
  test('the record of a game in progress holds the variant and moves but no carrier; at the end, the carriers', async () => {
    const { page } = await openGame();
    await game(page, (fen) => {
      window.boomchess.game.newGame({ variant: 'beirut', fen });
      window.boomchess.game.liftCurtain();
    }, BEIRUT_CARRIERS);
    await game(page, () => window.boomchess.game.play('e2e4'));
    await page.click('#pgn');
    let pgn = await page.inputValue('#pgn-out');
    assert.match(pgn, /\[Variant "beirut"\]/);
    assert.match(pgn, /\[Result "\*"\]/);
    assert.match(pgn, /1\. e4 \*/);
    assert.doesNotMatch(pgn, /Carriers|\*\]|[A-Za-z]\*/, 'no carrier in a record of a game in progress');
    await page.click('#pgn-close');
    // Black comes to the board and resigns.
    await game(page, () => window.boomchess.game.liftCurtain());
    await game(page, () => window.boomchess.game.resign());
    pgn = await game(page, () => window.boomchess.game.pgn());
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /\[Termination "normal"\]/);
    assert.match(pgn, /\[Carriers "white f2; black f7"\]/);
    await page.close();
  });

  test('a pasted record opens as the game; a secret one as a diagram; a bad one says why', async () => {
    const { page } = await openGame();
    const record = [
      '[Event "?"]',
      '[Variant "beirut"]',
      '[Carriers "white g1; black b8"]',
      '',
      '1. e4 e5 2. Nf3 {the carrier} Nc6 3. Bb5 a6 (3... Nf6) 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Boom@e5 *',
    ].join('\n');
    await page.click('#pgn');
    await page.fill('#pgn-in', record);
    await page.click('#pgn-open');
    assert.equal(await page.isVisible('#pgn-dialog'), false);
    const moves = await game(page, () => window.boomchess.game.moves());
    assert.deepEqual(moves.slice(-2), ['Qd4', 'Boom@e5']);
    assert.equal(moves.length, 11);
    // The same game without its carriers: it cannot be refereed, so it opens as a diagram.
    await page.click('#pgn');
    await page.fill('#pgn-in', record.replace('[Carriers "white g1; black b8"]\n', ''));
    await page.click('#pgn-open');
    assert.match(await page.textContent('#notice'), /carriers of this game are still secret.*11 moves/);
    assert.match(await page.textContent('#status'), /Diagram/);
    assert.match(await game(page, () => window.boomchess.game.fen()), /^r1b1kbnr\/1pp2ppp\/p1p5\/8\/8\/8\/PPPP1PPP\/RNBQK2R b/);
    // Nonsense is refused where it was pasted; the game stays.
    await page.click('#pgn');
    await page.fill('#pgn-in', '[Variant "beirut"]\n1. e4 e5 2. Ke3');
    await page.click('#pgn-open');
    assert.match(await page.textContent('#pgn-error'), /Ke3/);
    assert.equal(await page.isVisible('#pgn-dialog'), true);
    await page.close();
  });
});

describe('material', () => {
  test('the material beside the board follows captures and blasts', async () => {
    const { page } = await openGame();
    // The rules book's Ruy Lopez after 5...Qd4: the trades left White a knight and a pawn for a
    // bishop; the boom then takes the black queen d4, the white pawn e4 and the white knight e5.
    await game(page, () => {
      window.boomchess.game.newGame({ variant: 'beirut', fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6' });
      window.boomchess.game.liftCurtain();
    });
    // White: Q, 2 R, B, 2 N, 8 P; Black: Q, 2 R, 2 B, N, 7 P (values 9.5, 5, 3.3, 3.2, 1).
    let m = await game(page, () => window.boomchess.game.material());
    assert.deepEqual(m, { white: ['knight', 'pawn'], black: ['bishop'], balance: 1 });
    await game(page, () => window.boomchess.game.play('@e5'));
    // White: 2 R, B, N, 7 P... and its queen; Black lost its queen: 9.5 - 3.3 = 6.2.
    m = await game(page, () => window.boomchess.game.material());
    assert.deepEqual(m, { white: ['queen'], black: ['bishop'], balance: 6 });
    assert.match(await page.getAttribute('#material', 'aria-label'), /White is up 6/);
    assert.match(await page.textContent('#material'), /♛ ?\+6.*♝/);
    await page.close();
  });
});

describe('board themes', () => {
  test('the Board button switches wood and ice, and the choice is remembered', async () => {
    const { page } = await openGame();
    const light = async () => {
      const c = await page.evaluate(() => window.boomchess.squareCenter('e4'));
      return page.evaluate(([x, y]) => {
        const canvas = document.getElementById('board');
        const r = canvas.getBoundingClientRect();
        const px = Math.floor(((x - r.left) * canvas.width) / r.width);
        const py = Math.floor(((y - r.top) * canvas.height) / r.height);
        return Array.from(canvas.getContext('2d').getImageData(px, py, 1, 1).data);
      }, [c.x, c.y]);
    };
    // e4 is a light square: wood #ecdab9, ice #dee3e6.
    assert.deepEqual(await light(), [0xec, 0xda, 0xb9, 255]);
    assert.equal(await page.textContent('#theme'), 'Board: wood');
    await page.click('#theme');
    assert.equal(await page.textContent('#theme'), 'Board: ice');
    assert.deepEqual(await light(), [0xde, 0xe3, 0xe6, 255]);
    await page.reload();
    await page.evaluate(() => window.boomchess.ready);
    assert.equal(await game(page, () => window.boomchess.game.theme()), 'ice', 'remembered');
    await assert.rejects(game(page, () => window.boomchess.game.setTheme('neon')), /unknown theme/);
    await page.close();
  });
});

describe('premoves, arrows and marks', () => {
  test('against the computer a move queued while it thinks is played on its reply', async () => {
    const { page, errors } = await openGame();
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic', mode: 'ai', humanSide: 'white', level: 8 }));
    const reply = game(page, () => window.boomchess.game.play('e3e5'));
    assert.equal(await game(page, () => window.boomchess.game.thinking()), true);
    // While it thinks: the d3 pawn, then d5.
    const plain = await squarePixel(page, 'd5', 0.3, 0.3);
    await clickSquare(page, 'd3');
    assert.equal(await game(page, () => window.boomchess.selected()), 'd3');
    await clickSquare(page, 'd5');
    assert.deepEqual(await game(page, () => window.boomchess.game.premove()), ['d3', 'd5']);
    assert.ok(differ(await squarePixel(page, 'd5', 0.3, 0.3), plain), 'the queued move is marked');
    await reply;
    await page.waitForFunction(() => window.boomchess.game.moves().length >= 3);
    const moves = await game(page, () => window.boomchess.game.moves());
    assert.equal(moves[2], 'd5', `the premove was played: ${moves}`);
    assert.equal(await game(page, () => window.boomchess.game.premove()), null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the secondary button draws arrows and marks; a click wipes them', async () => {
    const { page } = await openGame('?variant=stratomic');
    const at = (sq) => game(page, (s) => window.boomchess.squareCenter(s), sq);
    const e4 = await squarePixel(page, 'e4');
    let p = await at('e2');
    await page.mouse.move(p.x, p.y);
    await page.mouse.down({ button: 'right' });
    p = await at('e6');
    await page.mouse.move(p.x, p.y);
    await page.mouse.up({ button: 'right' });
    p = await at('d5');
    await page.mouse.click(p.x, p.y, { button: 'right' });
    assert.deepEqual(await game(page, () => window.boomchess.game.drawings()), { arrows: [['e2', 'e6']], marks: ['d5'] });
    const shaft = await squarePixel(page, 'e4');
    assert.ok(shaft[1] > shaft[0] && differ(shaft, e4), `a green arrow over e4: ${e4} -> ${shaft}`);
    // The same right-drag again takes the arrow away; a left click wipes the rest.
    p = await at('e2');
    await page.mouse.move(p.x, p.y);
    await page.mouse.down({ button: 'right' });
    p = await at('e6');
    await page.mouse.move(p.x, p.y);
    await page.mouse.up({ button: 'right' });
    assert.deepEqual(await game(page, () => window.boomchess.game.drawings()), { arrows: [], marks: ['d5'] });
    await clickSquare(page, 'a6');
    assert.deepEqual(await game(page, () => window.boomchess.game.drawings()), { arrows: [], marks: [] });
    assert.deepEqual(await squarePixel(page, 'e4'), e4);
    await page.close();
  });
});

describe('analysis', () => {
  test('the engine comments on diagrams, finished games and analysis boards, never on a game in play', async () => {
    const { page, errors } = await openGame();
    // A game in play: no comment (it would play for one side).
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic' }));
    assert.equal(await page.isEnabled('#analysis'), false);
    assert.equal(await game(page, () => window.boomchess.game.analyse(true)), false);
    await page.waitForTimeout(300);
    assert.equal(await game(page, () => window.boomchess.game.analysis()), null);
    assert.equal(await page.isVisible('#eval-bar'), false);

    // The rules book's diagram after 5...Qd4: the engine sees the boom that wins the queen.
    await game(page, () =>
      window.boomchess.game.newGame({
        variant: 'beirut',
        mode: 'diagram',
        fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6',
      }),
    );
    // The switch asked for during the game is on: the diagram is commented at once.
    assert.equal(await page.isEnabled('#analysis'), true);
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'true');
    await page.waitForFunction(() => window.boomchess.game.analysis() !== null, null, { timeout: 20000 });
    const found = await game(page, () => window.boomchess.game.analysis());
    assert.equal(found.line[0], '@e5', JSON.stringify(found));
    assert.ok(found.score > 300 || found.mate > 0, `White is better: ${JSON.stringify(found)}`);
    assert.match(await page.textContent('#eval-bar'), /^\+|^#/);
    assert.match(await page.textContent('#analysis-line'), /^6\. Boom@e5/);
    // The button switches it off and on.
    await page.click('#analysis');
    assert.equal(await page.isVisible('#eval-bar'), false);
    await page.click('#analysis');
    assert.equal(await page.isVisible('#eval-bar'), true);

    // An analysis board: either side moves, and the comment follows the position.
    await game(page, () => window.boomchess.game.newGame({ variant: 'stratomic', mode: 'analysis' }));
    await game(page, () => window.boomchess.game.play('e3e5'));
    await game(page, () => window.boomchess.game.play('e8e6'));
    assert.deepEqual(await game(page, () => window.boomchess.game.moves()), ['e5', 'e6']);
    assert.equal(await page.isEnabled('#resign'), false, 'nobody resigns an analysis');
    await page.waitForFunction(() => window.boomchess.game.analysis() !== null, null, { timeout: 20000 });
    const after = await game(page, () => window.boomchess.game.analysis());
    assert.match(after.fen, / w /, 'about the position shown, White to move');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a finished game is analysed with every carrier known; browsing moves the comment', async () => {
    const { page } = await openGame();
    await game(page, (fen) => {
      window.boomchess.game.newGame({ variant: 'beirut', fen });
      window.boomchess.game.liftCurtain();
    }, 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6');
    await game(page, () => window.boomchess.game.play('b1c3'));
    assert.equal(await game(page, () => window.boomchess.game.analyse(true)), false, 'not while it is played');
    await game(page, () => window.boomchess.game.liftCurtain());
    await game(page, () => window.boomchess.game.resign());
    assert.equal(await page.isEnabled('#analysis'), true);
    await page.waitForFunction(() => window.boomchess.game.analysis() !== null, null, { timeout: 20000 });
    // Browsing back to the start: the comment is about that position (White's boom again).
    await game(page, () => window.boomchess.game.browse(0));
    await page.waitForFunction(() => window.boomchess.game.analysis()?.fen.startsWith('r1b1kbnr/1pp2ppp/p1p5/4N*3'), null, { timeout: 20000 });
    assert.equal((await game(page, () => window.boomchess.game.analysis())).line[0], '@e5');
    await page.close();
  });
});

describe('on embedded boards', () => {
  test('an embedded diagram takes data-theme and has the engine comment on a click', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${env.server.url}embed-example.html`);
    const result = await page.evaluate(async (url) => {
      const embed = await import(url);
      await embed.ready;
      const el = document.createElement('div');
      document.body.prepend(el);
      const game = await embed.mount(el, {
        variant: 'beirut',
        mode: 'diagram',
        theme: 'ice',
        fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6',
      });
      el.querySelector('.boomchess-analyse').click();
      const deadline = Date.now() + 20000;
      while (game.analysis() === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      let refused = null;
      try {
        await embed.mount(document.createElement('div'), { variant: 'beirut', theme: 'neon' });
      } catch (e) {
        refused = e.message;
      }
      return {
        theme: game.theme(),
        first: game.analysis()?.line[0],
        bar: el.querySelector('.boomchess-eval').textContent,
        line: el.querySelector('.boomchess-line').textContent,
        refused,
      };
    }, `${env.server.url}embed.js`);
    assert.equal(result.theme, 'ice');
    assert.equal(result.first, '@e5');
    assert.match(result.bar, /^\+/);
    assert.match(result.line, /^6\. Boom@e5/);
    assert.match(result.refused, /data-theme: "neon"/);
    await page.close();
  });
});
