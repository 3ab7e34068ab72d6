// Measurements of the page in headless Chromium, printed for the record: the gzipped download of
// the main page's code (wasm and its JavaScript glue, online play included; held to 290 KB, and
// beside it the same game without online play, the embedded boards' module) and of a game
// against the computer (the worker's module too, fetched only then), the time to the first drawn
// board, the board's own work (legal moves, a selection, a move), and the frame times while an
// explosion (a boom, a launch, a bomber's strike) plays. Timings are reported, not asserted: they
// swing with the machine's load.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/perf.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, ROOT, clickSquare, differ, env, openGame, useBrowser } from './harness.mjs';

useBrowser();

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);

const FILES = 'abcdefghij';
// Points sampled in each square: a 9 × 9 grid over its middle 60 % (clear of the coordinates
// drawn in the edge squares' corners).
const GRID = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((k) => k * 0.075);

/** The canvas as copied at the ready event: for each square of the 10 × 10 board, the RGBA of its
 * sample points (GRID × GRID, the centre in the middle). */
async function boardAtReady(page) {
  return page.evaluate(async ([files, grid]) => {
    const bitmap = await window.__atReady;
    const copy = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = copy.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const rect = document.getElementById('board').getBoundingClientRect();
    const a1 = window.boomchess.squareCenter('a1');
    const b2 = window.boomchess.squareCenter('b2');
    const size = Math.abs(b2.x - a1.x);
    const squares = {};
    for (const file of files) {
      for (let rank = 1; rank <= 10; rank += 1) {
        const c = window.boomchess.squareCenter(`${file}${rank}`);
        const samples = [];
        for (const dy of grid) {
          for (const dx of grid) {
            const px = Math.floor(((c.x + dx * size - rect.left) * bitmap.width) / rect.width);
            const py = Math.floor(((c.y + dy * size - rect.top) * bitmap.height) / rect.height);
            const at = (py * bitmap.width + px) * 4;
            samples.push(Array.from(data.slice(at, at + 4)));
          }
        }
        squares[`${file}${rank}`] = samples;
      }
    }
    return squares;
  }, [FILES, GRID]);
}

const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** Asserts that `board` (from boardAtReady) shows Stratomic's start: two square colours in a
 * chequer, the four middle ranks empty, a piece on every square of ranks 2, 3, 8 and 9, White's
 * lighter than Black's. */
function assertStratomicStart(board, what) {
  const parity = (sq) => (FILES.indexOf(sq[0]) + Number(sq.slice(1))) % 2;
  const centre = (sq) => board[sq][(board[sq].length - 1) / 2];
  const squaresOf = (ranks, files = FILES) =>
    [...files].flatMap((f) => ranks.map((r) => `${f}${r}`));
  // Empty squares (ranks 4 to 7, less the a- and j-files, which carry the rank numbers): each
  // plain, in one of two colours that alternate along ranks and files.
  const empty = squaresOf([4, 5, 6, 7], FILES.slice(1, -1));
  const colour = [centre('e5'), centre('f5')];
  assert.ok(differ(colour[0], colour[1]), `${what}: e5 and f5 are one colour ${colour[0]}: no board drawn`);
  const squareColour = (sq) => colour[parity(sq) === parity('e5') ? 0 : 1];
  for (const sq of empty) {
    const off = board[sq].filter((rgba) => differ(rgba, squareColour(sq)));
    assert.equal(off.length, 0, `${what}: empty ${sq} is not plain ${squareColour(sq)}: ${JSON.stringify(off.slice(0, 3))}`);
  }
  // Each start square holds a piece: at least a quarter of its middle differs from its square colour.
  const inked = (sq) => board[sq].filter((rgba) => differ(rgba, squareColour(sq)));
  const pieceSquares = { White: squaresOf([2, 3]), Black: squaresOf([8, 9]) };
  const ink = {};
  for (const [side, squares] of Object.entries(pieceSquares)) {
    ink[side] = [];
    for (const sq of squares) {
      const drawn = inked(sq);
      assert.ok(
        drawn.length >= board[sq].length / 4,
        `${what}: no ${side} piece drawn on ${sq} (${drawn.length} of ${board[sq].length} points off its square colour)`,
      );
      ink[side].push(...drawn.map(luminance));
    }
  }
  assert.ok(
    mean(ink.White) > mean(ink.Black) + 40,
    `${what}: White's pieces (luminance ${mean(ink.White).toFixed(0)}) not lighter than Black's (${mean(ink.Black).toFixed(0)})`,
  );
}

describe('measurements', () => {
  // The page's module carries online play (play a friend through the page's server), and must:
  // the client trusts the server with nothing, so it referees every entry of the game's record
  // itself, keeps Beirut's public game (the moves as both sides know them, booms as their owners
  // state them) and audits it once the carriers are open, makes and opens the SHA-256
  // commitments to its own carriers, and speaks the server's messages (serde) over fetch and a
  // WebSocket. That costs 76.2 KB of gzipped code (78,028 bytes): 274.1 KB for the page against
  // 197.9 KB for the same game without it, the embedded boards' module (crates/board), which the
  // second figure printed here measures. The limit, 290 KB, leaves the page 16 KB to grow; one board stays held
  // to 250 KB in tests/e2e/embed.test.mjs (the page's limit was 250 KB before online play, when
  // the boards loaded the page's module).
  test('the main page downloads at most 290 KB of gzipped code (wasm and JS, online play included), none of it the worker\'s', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const files = readdirSync(DIST).filter((f) => /\.(wasm|js)$/.test(f) && html.includes(`/${f}`));
    const wasm = files.filter((f) => f.endsWith('.wasm')).reduce((n, f) => n + gz(f), 0);
    const js = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
    const css = gz('style.css');
    const page = gz('index.html');
    const board = { wasm: gz('boomchess-board_bg.wasm'), js: gz('boomchess-board.js') };
    console.log(
      `download (gzip -9): wasm ${kb(wasm)} + JS ${kb(js)} = ${kb(wasm + js)}; ` +
        `with index.html ${kb(page)} and style.css ${kb(css)}: ${kb(wasm + js + page + css)} (${files.join(', ')})`,
    );
    console.log(
      `the same game without online play (the embedded boards' module): wasm ${kb(board.wasm)} + JS ${kb(board.js)} = ` +
        `${kb(board.wasm + board.js)}; online play costs the page ${kb(wasm + js - board.wasm - board.js)}`,
    );
    assert.ok(files.some((f) => f.endsWith('.wasm')) && files.some((f) => f.endsWith('.js')), files.join());
    assert.ok(!files.some((f) => f.startsWith('boomchess-worker')), `the page loads the worker's module: ${files}`);
    assert.ok(!files.some((f) => f.startsWith('boomchess-board')), `the page loads the boards' module: ${files}`);
    assert.ok(wasm + js <= 290 * 1024, `${kb(wasm + js)} of code`);
  });

  // The worker's module (the rules again, built for speed, and the engine) comes only when a board
  // first needs the computer, after the board is drawn and playable: it never delays a board, only
  // the computer's first reply. Its figure is printed here; tests/e2e/embed.test.mjs holds one
  // board against the computer to its limit.
  test("the computer's module is downloaded only when a game against it needs it (its size measured)", async () => {
    const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const fetched = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.slice(1);
      if (/\.(wasm|js)$/.test(file)) fetched.push(file);
    });
    await page.goto(env.server.url + '?variant=stratomic');
    await page.evaluate(() => window.boomchess.ready);
    await page.evaluate(() => window.boomchess.game.play('e3e5'));
    assert.deepEqual(fetched.filter((f) => f.startsWith('boomchess-worker')), [], 'a hot-seat game loads no worker');
    const board = fetched.reduce((n, f) => n + gz(f), 0);
    // The computer plays White: it moves at once.
    await page.evaluate(() => window.boomchess.game.newGame({ variant: 'stratomic', mode: 'ai', humanSide: 'black', level: 1 }));
    await page.waitForFunction(() => window.boomchess.game.moves().length === 1 && !window.boomchess.game.thinking());
    const worker = fetched.filter((f) => f.startsWith('boomchess-worker'));
    // Chromium has WebAssembly's SIMD: the worker loads the module built for it (crates/worker-simd).
    assert.deepEqual(
      worker.sort(),
      ['boomchess-worker-simd.js', 'boomchess-worker-simd_bg.wasm'],
      'the worker loads its own module, once, the SIMD one',
    );
    const computer = worker.reduce((n, f) => n + gz(f), 0);
    console.log(
      `download (gzip -9) of a game against the computer: the board's ${kb(board)} + the worker's ` +
        `${kb(computer)} (${worker.map((f) => `${f} ${kb(gz(f))}`).join(', ')}) = ${kb(board + computer)}`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  // A browser without WebAssembly's SIMD could not even compile the SIMD module: there the worker
  // loads the plain one (crates/worker), and the computer plays just the same.
  test('a browser without WebAssembly SIMD gets the plain worker module, and the computer plays', async () => {
    const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // The page asks `WebAssembly.validate` of a small module with a SIMD instruction (31 bytes,
    // crates/web/src/computer.rs): this browser says no, as one without SIMD would.
    await page.addInitScript(() => {
      const validate = WebAssembly.validate;
      WebAssembly.validate = (bytes, ...rest) =>
        bytes.length === 31 && bytes[26] === 253 ? false : validate(bytes, ...rest);
    });
    const fetched = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.slice(1);
      if (file.startsWith('boomchess-worker')) fetched.push(file);
    });
    await page.goto(env.server.url);
    await page.evaluate(() => window.boomchess.ready);
    // Beirut, where the plain module's engine sums its network without SIMD: Black marks its
    // carrier, and the computer (White, with its own) opens.
    await page.evaluate(() => window.boomchess.game.newGame({ variant: 'beirut', mode: 'ai', humanSide: 'black', level: 3 }));
    await page.evaluate(() => window.boomchess.game.chooseCarriers(['b8']));
    await page.waitForFunction(() => window.boomchess.game.moves().length === 1 && !window.boomchess.game.thinking());
    assert.deepEqual(fetched.sort(), ['boomchess-worker.js', 'boomchess-worker_bg.wasm']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the first board is drawn (time to paint measured: median of 5 loads)', async () => {
    const runs = [];
    for (let i = 0; i < 5; i += 1) {
      const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
      const errors = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await page.addInitScript(() => {
        addEventListener('boomchess-ready', () => {
          window.__ready = performance.now();
          // A copy of what the canvas holds when the page says it is ready (taken at once, cheap).
          window.__atReady = createImageBitmap(document.getElementById('board'));
          // The frame after the board was drawn into the canvas is the one that shows it.
          requestAnimationFrame(() => {
            window.__painted = performance.now();
          });
        });
      });
      await page.goto(env.server.url + '?variant=stratomic');
      await page.waitForFunction(() => window.__painted !== undefined);
      const run = await page.evaluate(() => ({
        ready: window.__ready,
        painted: window.__painted,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      }));
      assert.ok(run.painted >= run.ready, `load ${i + 1}: painted at ${run.painted} ms, before ready at ${run.ready} ms`);
      assertStratomicStart(await boardAtReady(page), `load ${i + 1}`);
      assert.deepEqual(errors, []);
      runs.push(run);
      await page.close();
    }
    const painted = median(runs.map((r) => r.painted));
    // Figures to report, not pass marks (timings swing with the machine's load).
    console.log(
      `first board paint: median ${painted.toFixed(0)} ms after navigation ` +
        `(board drawn at ${median(runs.map((r) => r.ready)).toFixed(0)} ms; first contentful paint ` +
        `${median(runs.map((r) => r.fcp ?? 0)).toFixed(0)} ms); runs: ${runs.map((r) => r.painted.toFixed(0)).join(', ')} ms`,
    );
  });

  // What the page's own module computes while a player plays (the rules crate is built for size
  // in it: Cargo.toml, profile `web`): the legal moves offered, a piece selected and dropped again
  // (its targets marked on the board and in the screen reader's grid), a keyboard cursor step
  // (the grid's active cell), and a move played and taken back (the referee, the move's words,
  // the record, the redraw). Each is timed in the page, the median of 7 rounds.
  test("the board's own work is timed: legal moves, a selection, a cursor step, a move and its undo", async () => {
    const { page, errors } = await openGame();
    const positions = {
      beirut: {
        spec: { variant: 'beirut', fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6' },
        select: 'd1',
        move: 'e1g1',
      },
      stratomic: {
        spec: { variant: 'stratomic', fen: '10/mrnbqkbnrm/ppppp1pppp/10/5p4/10/3P6/PPP1PPPPPP/MRNBQKBNRM/10 w KQkq - 0 2 L' },
        select: 'a2',
        move: 'g3g4',
      },
      'flying-bombers': {
        spec: { variant: 'flying-bombers', moves: 'e2e5 e9e6 d2d4 d9d7' },
        select: 'a1',
        move: 'c2c3',
      },
    };
    const timings = await page.evaluate(async (positions) => {
      const game = window.boomchess.game;
      const canvas = document.getElementById('board');
      const pointer = (type, square) => {
        const c = game.squareCenter(square);
        canvas.dispatchEvent(
          new PointerEvent(type, { clientX: c.x, clientY: c.y, button: 0, isPrimary: true, pointerId: 1, bubbles: true }),
        );
      };
      const key = (name) => canvas.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
      /** Microseconds per call of `op`: the median of 7 rounds of `n` calls. */
      const time = (n, op) => {
        const rounds = [];
        for (let r = 0; r < 7; r += 1) {
          const t0 = performance.now();
          for (let i = 0; i < n; i += 1) op();
          rounds.push(((performance.now() - t0) * 1000) / n);
        }
        rounds.sort((a, b) => a - b);
        return rounds[3];
      };
      const out = {};
      for (const [variant, p] of Object.entries(positions)) {
        game.newGame(p.spec);
        game.liftCurtain();
        const legal = game.legalMoves();
        if (!legal.includes(p.move)) throw new Error(`${variant}: ${p.move} is not legal: ${legal}`);
        out[variant] = {
          moves: legal.length,
          legalMoves: time(200, () => game.legalMoves()),
          select: time(10, () => {
            // Press and release selects the piece; again on it drops the selection.
            pointer('pointerdown', p.select);
            pointer('pointerup', p.select);
            if (game.selected() !== p.select) throw new Error(`${variant}: ${p.select} not selected`);
            pointer('pointerdown', p.select);
            pointer('pointerup', p.select);
          }),
          cursor: time(10, () => {
            key('ArrowRight');
            key('ArrowLeft');
          }),
          moveAndUndo: time(10, () => {
            game.play(p.move);
            game.undo();
          }),
        };
        if (game.moves().length !== (p.spec.moves ?? '').split(' ').filter(Boolean).length) {
          throw new Error(`${variant}: the moves played were not all taken back`);
        }
      }
      return out;
    }, positions);
    for (const [variant, t] of Object.entries(timings)) {
      console.log(
        `${variant} (${t.moves} legal moves), µs per operation: legalMoves() ${t.legalMoves.toFixed(0)}, ` +
          `select and drop a piece ${t.select.toFixed(0)}, cursor step right and back ${t.cursor.toFixed(0)}, ` +
          `a move and its undo ${t.moveAndUndo.toFixed(0)}`,
      );
    }
    const ops = Object.values(timings).flatMap((t) => [t.legalMoves, t.select, t.cursor, t.moveAndUndo]);
    const geomean = Math.exp(ops.reduce((s, v) => s + Math.log(v), 0) / ops.length);
    console.log(`the board's own work: geometric mean ${geomean.toFixed(0)} µs per operation`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  const effects = {
    'a Beirut boom': {
      spec: { variant: 'beirut', fen: 'r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6' },
      clicks: ['e5', 'e5'],
    },
    'a Stratomic launch': {
      spec: { variant: 'stratomic', fen: '10/mrnbqkbnrm/ppppp1pppp/10/5p4/10/3P6/PPP1PPPPPP/MRNBQKBNRM/10 w KQkq - 0 2 L' },
      clicks: ['a2', 'f6'],
    },
    "a bomber's strike": {
      spec: { variant: 'flying-bombers', fen: 'f4k4/p9/F9/10/10/10/10/10/10/5K4 w - - 0 1' },
      clicks: ['a8', 'a10'],
    },
  };
  for (const [name, effect] of Object.entries(effects)) {
    test(`${name} animates (frame times measured)`, async () => {
      const { page, errors } = await openGame();
      await page.evaluate((spec) => {
        window.boomchess.game.newGame(spec);
        window.boomchess.game.liftCurtain();
      }, effect.spec);
      await clickSquare(page, effect.clicks[0]);
      // Record every animation frame from the click that sets it off until it has played out.
      await page.evaluate(() => {
        window.__frames = [];
        const tick = (t) => {
          window.__frames.push(t);
          if (window.__frames.length < 200 && t - window.__frames[0] < 900) requestAnimationFrame(tick);
        };
        document.getElementById('board').addEventListener('pointerdown', () => requestAnimationFrame(tick), {
          once: true,
          capture: true,
        });
      });
      await clickSquare(page, effect.clicks[1]);
      await page.waitForTimeout(1000);
      const frames = await page.evaluate(() => window.__frames);
      const deltas = frames.slice(1).map((t, i) => t - frames[i]);
      const p95 = percentile(deltas, 95);
      console.log(
        `${name}: ${deltas.length} frames in ${(frames.at(-1) - frames[0]).toFixed(0)} ms, frame time ` +
          `median ${median(deltas).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms`,
      );
      // The effect animates (frames keep coming while it plays); the frame times are figures to
      // report, not pass marks (they swing with the machine's load).
      assert.ok(deltas.length >= 10, `${deltas.length} frames`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
