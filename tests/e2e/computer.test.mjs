// End-to-end tests of a game against the computer: its search runs in a Web Worker (the page
// stays responsive), it replies with a legal move in every variant, in Beirut it chooses its own
// carriers and they never reach the page, and undo goes back to the human's previous turn.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/*.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, clickSquare, env, openGame, useBrowser } from './harness.mjs';

useBrowser();

const api = (page, fn, arg) => page.evaluate(fn, arg);
const g = (page, name) => api(page, (n) => window.boomchess.game[n](), name);

/** The first legal ordinary move (`e2e4`-like, no promotion or launch), split in squares. */
async function someStep(page) {
  const moves = await g(page, 'legalMoves');
  for (const m of moves) {
    const match = /^([a-j]\d+)([a-j]\d+)$/.exec(m);
    if (match && match[1] !== match[2]) return { uci: m, from: match[1], to: match[2] };
  }
  throw new Error(`no plain move among ${moves.join(' ')}`);
}

/** Waits until the computer has replied: not thinking, the human (`side`) to move. */
async function waitForReply(page, side, plies, timeout = 20000) {
  await page.waitForFunction(
    ([s, n]) => {
      const game = window.boomchess.game;
      return !game.thinking() && game.status().turn === s && game.moves().length >= n;
    },
    [side, plies],
    { timeout },
  );
}

describe('against the computer', () => {
  for (const variant of ['beirut', 'stratomic', 'flying-bombers']) {
    test(`${variant}: a clicked human move gets a legal reply from the computer (level 1)`, async () => {
      const { page, errors } = await openGame();
      await api(page, (v) => window.boomchess.game.newGame({ variant: v, mode: 'ai', humanSide: 'white', level: 1 }), variant);
      if (variant === 'beirut') {
        assert.equal((await g(page, 'status')).phase, 'setup');
        await api(page, () => window.boomchess.game.chooseCarriers(['d2']));
        assert.equal((await g(page, 'status')).phase, 'play', 'the computer chose its carriers at once');
        assert.equal((await g(page, 'status')).curtain, false, 'no curtain against the computer');
        assert.match(await g(page, 'fen'), /P\*/, 'the human sees their own carrier');
      }
      const step = await someStep(page);
      await clickSquare(page, step.from);
      await clickSquare(page, step.to);
      assert.equal((await g(page, 'moves')).length >= 1, true, 'the human move was played');
      await waitForReply(page, 'white', 2);
      const s = await g(page, 'status');
      assert.equal(s.turn, 'white');
      assert.equal(s.phase, 'play');
      assert.equal((await g(page, 'moves')).length, 2);
      assert.ok((await g(page, 'legalMoves')).length > 0, 'the human can move again');
      if (variant === 'beirut') {
        assert.doesNotMatch(await g(page, 'fen'), /[kqrbnp]\*/, "the computer's carrier stays hidden");
      }
      // Undo goes back to the human's previous turn: both moves are taken back.
      assert.equal(await g(page, 'undo'), true);
      assert.equal((await g(page, 'moves')).length, 0);
      assert.equal((await g(page, 'status')).turn, 'white');
      assert.equal(await g(page, 'thinking'), false);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('beirut: play() resolves after the reply; the computer carriers never show in fen()', async () => {
    const { page, errors } = await openGame();
    // The human plays Black: the computer (White) chooses its carriers first and moves first.
    await api(page, () => window.boomchess.game.newGame({ variant: 'beirut', options: ['carriers=3'], mode: 'ai', humanSide: 'black', level: 1 }));
    assert.doesNotMatch(await g(page, 'fen'), /[KQRBNP]\*/);
    await api(page, () => window.boomchess.game.chooseCarriers(['c7', 'd7', 'e7']));
    // Watch fen() on every frame while the game goes on.
    await api(page, () => {
      window.__leaks = [];
      const watch = () => {
        const f = window.boomchess.game.fen();
        if (/[KQRBNP]\*/.test(f) && window.boomchess.game.status().phase !== 'over') window.__leaks.push(f);
        window.__watch = requestAnimationFrame(watch);
      };
      watch();
    });
    await waitForReply(page, 'black', 1);
    for (let i = 0; i < 4; i += 1) {
      if ((await g(page, 'status')).phase !== 'play') break;
      const step = await someStep(page);
      const before = (await g(page, 'moves')).length;
      const reply = await api(page, (m) => window.boomchess.game.play(m), step.uci);
      const after = await g(page, 'moves');
      if ((await g(page, 'status')).phase !== 'play') break;
      assert.equal(after.length, before + 2, 'play() resolved after the computer replied');
      assert.equal(reply, after[after.length - 1], 'play() resolves with the reply in SAN');
      assert.equal((await g(page, 'status')).turn, 'black');
    }
    assert.deepEqual(await api(page, () => window.__leaks), [], "no computer carrier in fen() during play");
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const variant of ['beirut', 'stratomic', 'flying-bombers']) test(`${variant}: level 8 thinks in a worker: the page stays responsive (long tasks and move time recorded)`, async () => {
    const { page, errors } = await openGame();
    await api(page, (v) => window.boomchess.game.newGame({ variant: v, mode: 'ai', humanSide: 'white', level: 8 }), variant);
    if (variant === 'beirut') await api(page, () => window.boomchess.game.chooseCarriers(['d2']));
    const step = await someStep(page);
    const result = await api(page, async (uci) => {
      const longTasks = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push(e.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      let frames = 0;
      let ticking = true;
      const tick = () => {
        frames += 1;
        if (ticking) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      // A click on the page while the computer thinks is handled at once.
      const button = document.createElement('button');
      document.body.append(button);
      const clickDelays = [];
      const clickTimes = [];
      const t0 = performance.now();
      const played = window.boomchess.game.play(uci);
      const thinking = window.boomchess.game.thinking();
      const poke = setInterval(() => {
        const t = performance.now();
        button.addEventListener(
          'click',
          () => {
            clickDelays.push(performance.now() - t);
            clickTimes.push(performance.now() - t0);
          },
          { once: true },
        );
        button.click();
      }, 50);
      await played;
      const wall = performance.now() - t0;
      clearInterval(poke);
      ticking = false;
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      button.remove();
      return {
        thinking,
        wall,
        frames,
        clicks: clickDelays.length,
        firstClick: clickTimes.length ? clickTimes[0] : Infinity,
        maxClick: Math.max(0, ...clickDelays),
        longTasks: longTasks.length,
        maxLongTask: Math.max(0, ...longTasks),
        thought: window.boomchess.game.lastThought(),
        moves: window.boomchess.game.moves().length,
      };
    }, step.uci);
    console.log(
      `level 8 (${variant}, first reply to ${step.uci}): ${result.wall.toFixed(0)} ms in the page, ` +
        `${result.thought.ms.toFixed(0)} ms in the worker, ${result.thought.nodes} nodes, depth ${result.thought.depth}; ` +
        `while thinking: ${result.longTasks} long tasks (max ${result.maxLongTask.toFixed(0)} ms), ` +
        `${result.frames} animation frames, ${result.clicks} clicks handled (max ${result.maxClick.toFixed(1)} ms)`,
    );
    assert.equal(result.thinking, true, 'the computer was thinking after play()');
    assert.equal(result.moves, 2);
    // Responsive: frames keep coming and clicks are handled while the worker searches — from the
    // first half of the wait on (a search on the page's thread would hold every click until its
    // end). Counts, not timings: a loaded machine slows the timers but does not block the page.
    assert.ok(result.frames >= 3, `frames kept ticking (${result.frames} in ${result.wall.toFixed(0)} ms)`);
    assert.ok(
      result.clicks >= 2 && result.firstClick < result.wall / 2,
      `clicks were handled during the search (${result.clicks}, the first at ${result.firstClick.toFixed(0)} of ${result.wall.toFixed(0)} ms)`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the new-game dialog starts a game against the computer, and a hot-seat game with options', async () => {
    const { page, errors } = await openGame();
    await page.click('#new-game');
    assert.equal(await page.isVisible('#new-game-dialog'), true, 'the dialog opens');
    await page.selectOption('#new-game-form select[name=variant]', 'flying-bombers');
    assert.equal(await page.isVisible('fieldset[data-variant=flying-bombers]'), true);
    assert.equal(await page.isVisible('fieldset[data-variant=beirut]'), false);
    await page.check('#new-game-form input[name=super-knights]');
    await page.check('#new-game-form input[name=mode][value=ai]');
    await page.selectOption('#new-game-form select[name=humanSide]', 'black');
    await page.selectOption('#new-game-form select[name=level]', '1');
    await page.click('#new-game-start');
    assert.equal(await page.isVisible('#new-game-dialog'), false, 'the dialog closes');
    assert.equal(await api(page, () => window.boomchess.variant()), 'flying-bombers');
    // The computer plays White and moves first; then it is the human's (Black's) turn.
    await waitForReply(page, 'black', 1);
    const step = await someStep(page);
    await clickSquare(page, step.from);
    await clickSquare(page, step.to);
    await waitForReply(page, 'black', 3);
    // The level-1 computer may already have won (the first plain move on the list can lose at
    // once; it did once in CI): a player closes the game-over dialog to reach the button.
    if ((await g(page, 'status')).phase === 'over') {
      await page.waitForSelector('#over-dialog[open]');
      await page.click('#over-close');
    }
    // Hot-seat Beirut with three carriers each.
    await page.click('#new-game');
    await page.selectOption('#new-game-form select[name=variant]', 'beirut');
    await page.fill('#new-game-form input[name=carriers]', '3');
    await page.check('#new-game-form input[name=mode][value=hotseat]');
    assert.equal(await page.isDisabled('#new-game-form select[name=level]'), true);
    await page.click('#new-game-start');
    assert.equal((await g(page, 'status')).phase, 'setup');
    await assert.rejects(api(page, () => window.boomchess.game.chooseCarriers(['e2'])), /3|three|carrier/);
    await api(page, () => window.boomchess.game.chooseCarriers(['c2', 'd2', 'e2']));
    // Cancel keeps the game.
    await page.click('#new-game');
    await page.click('#new-game-cancel');
    assert.equal(await page.isVisible('#new-game-dialog'), false);
    assert.equal((await g(page, 'status')).turn, 'black');
    assert.deepEqual(errors, []);
    await page.close();
  });

  // The SIMD worker module (crates/worker-simd, the one Chromium loads) sums the network's layers
  // with SIMD instructions of its own, and keeps the 10×10 games' sets of squares in SIMD registers
  // (crates/rules/src/bits_v128.rs); the plain module (crates/worker) runs the same scalar code as
  // native. Both must decide exactly alike in every game: the same moves, node counts, scores.
  test('every game: the SIMD worker module decides exactly as the plain one (moves, nodes, scores)', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.server.url);
    const requests = [...REQUESTS, ...WIDE_REQUESTS];
    const replies = await workerDecisions(page, ['boomchess-worker.js', 'boomchess-worker-simd.js'], requests);
    const [plain, simd] = replies;
    for (const [i, reply] of plain.entries()) {
      assert.ok(i === 0 || reply.nodes > 100, `${reply.fen} at level ${reply.level}: a real search (${reply.nodes} nodes)`);
      assert.deepEqual(simd[i], reply, `${reply.fen} at level ${reply.level}`);
    }
    await page.close();
  });

  // The plain module and native `boomchess uci` (the binary scripts/test's native tests built)
  // are the same engine compiled twice: given the same requests in the same order, with the same
  // table size and seed, they must search the same trees and choose the same moves.
  test('beirut: the worker module searches the same trees as native boomchess (UCI)', async () => {
    assert.ok(existsSync(NATIVE), `native boomchess is built (${NATIVE}): scripts/test builds it`);
    const page = await env.browser.newPage();
    await page.goto(env.server.url);
    const [plain] = await workerDecisions(page, ['boomchess-worker.js']);
    await page.close();
    const native = await uciDecisions(REQUESTS);
    assert.equal(native.length, plain.length);
    for (const [i, reply] of plain.entries()) {
      const want = { move: reply.move, nodes: reply.nodes, depth: reply.depth, score: reply.mate ?? reply.score };
      const got = native[i];
      assert.deepEqual(
        { move: got.move, nodes: got.nodes, depth: got.depth, score: got.mate ?? got.score },
        want,
        `${reply.fen} at level ${reply.level}`,
      );
    }
  });
});

/** Options of a Beirut request, as the worker reads them, and as UCI's `Options` words. */
function beirutOptions(carriers, deadMansSwitch) {
  return { carriers, deadMansSwitch, immediateLanding: false, superKnights: false };
}
function optionWords(o) {
  return [`carriers=${o.carriers}`, ...(o.deadMansSwitch ? ['dead-mans-switch'] : [])].join(',');
}

// The computer's own views of Beirut games (its carriers marked, the enemy's not), asked at
// levels 3 and 4 after a first search too small to look at the clock (it does every 1024 nodes),
// which has the browser compile the search's code before any clock counts.
const VIEWS = [
  ['r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1P*PP/RNBQK2R w KQkq - 4 4', beirutOptions(1, false)],
  ['r2q1rk1/pp2bppp/2n1pn*2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2Q1RK1 b - - 0 10', beirutOptions(1, false)],
  ['rnbq*kbnr/pppp1p*pp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', beirutOptions(2, true)],
  ['8/5pk1/6p1/3P4/2K5/8/5P*P1/8 w - - 0 40', beirutOptions(1, false)],
  ['r3k2r/1b*1nqpp1/p3p2p/1p1pP3/3N1P2/P1N5/1PPQ2PP/2KR3R b kq - 1 16', beirutOptions(1, false)],
];
const REQUESTS = [
  ['4k3/8/8/8/8/8/4P*3/4K3 w - - 0 1', beirutOptions(1, false), 1],
  ...[3, 4].flatMap((level) => VIEWS.map(([fen, options]) => [fen, options, level])),
];
// Positions of the 10×10 games (starts, every option of Flying Bombers, and middle games of the
// rules' perft suites with missiles and bombers near the kings), each at two levels whose searches
// reach the level's depth within its node budget (Stratomic's start has 242 moves with launches).
const WIDE_VIEWS = [
  ['stratomic', '10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -', wideOptions(false, false), [1, 2]],
  ['stratomic', '10/1r3k2rm/pppp2pppp/4m5/4M5/3p6/10/PPPP1PPPPP/MR3K2R1/10 w KQk - 0 12 L', wideOptions(false, false), [1, 2]],
  ['flying-bombers', 'frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1', wideOptions(false, false), [3, 4]],
  ['flying-bombers', 'frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1', wideOptions(true, true), [3, 4]],
  ['flying-bombers', '1r3k2r1/10/10/10/10/10/10/3f6/10/1R3K2R1 w KQkq - 0 1', wideOptions(true, false), [3, 4]],
  ['flying-bombers', 'f3k4f/1p1p1p1p1p/10/10/10/10/10/10/P1P1P1P1P1/F3K4F w - - 0 1', wideOptions(false, true), [3, 4]],
];
const WIDE_REQUESTS = WIDE_VIEWS.flatMap(([variant, fen, options, levels]) =>
  levels.map((level) => [fen, options, level, variant]),
);
function wideOptions(immediateLanding, superKnights) {
  return { carriers: 1, deadMansSwitch: false, immediateLanding, superKnights };
}
// The seed of a UCI session's first game (each `ucinewgame` adds one).
const SEED = 0;
const NATIVE = process.env.BOOMCHESS_CLI || join(ROOT, 'target', 'perf', 'boomchess');

/**
 * The replies of each worker module (`glues`, in dist/) to REQUESTS: each module a fresh
 * instance with a fresh engine, the requests in order, so their tables fill alike. A level's clock
 * could cut a search short (its depth below the level's): then the round is repeated with fresh
 * instances, at most three rounds.
 */
async function workerDecisions(page, glues, requests = REQUESTS) {
  for (let round = 1; ; round += 1) {
    const replies = await page.evaluate(
      async ({ glues, requests, seed, round }) => {
        const out = [];
        for (const glue of glues) {
          // A query of its own makes each import a new module: a fresh instance and engine.
          const m = await import(new URL(`${glue}?round=${round}`, location.href).href);
          await m.default();
          out.push(
            requests.map(([fen, options, level, variant = 'beirut']) => {
              const turn = { id: 1, variant, options, fen, history: [], level, seed, enemyCarriers: options.carriers };
              const { ms, ...reply } = m.computerMove(turn);
              return { fen, level, ...reply };
            }),
          );
        }
        return out;
      },
      { glues, requests, seed: SEED, round },
    );
    for (const reply of replies.flat()) assert.equal(reply.error, undefined, `${reply.fen}: ${reply.error}`);
    assert.ok(replies[0][0].nodes < 1024, `the first search is too small to look at the clock (${replies[0][0].nodes} nodes)`);
    const cut = replies.flat().filter((r) => r.depth < r.level);
    if (cut.length === 0) return replies;
    assert.ok(round < 3, `the clock cut searches short in three rounds (${JSON.stringify(cut[0])})`);
  }
}

/** The same requests asked of native `boomchess uci` in one session: its last `info` line
 * before each `bestmove` (depth, score, nodes) and the move. */
async function uciDecisions(requests) {
  const child = spawn(NATIVE, ['uci'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = '';
  let waiting = null;
  const lines = [];
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      lines.push(buffered.slice(0, newline).trim());
      buffered = buffered.slice(newline + 1);
      if (waiting?.pattern.test(lines[lines.length - 1])) waiting.done();
    }
  });
  const until = (pattern) =>
    new Promise((resolve, reject) => {
      if (lines.some((l) => pattern.test(l))) return resolve();
      const timer = setTimeout(() => reject(new Error(`no ${pattern} from boomchess uci: ${lines.join(' | ')}`)), 20_000);
      waiting = { pattern, done: () => { clearTimeout(timer); waiting = null; resolve(); } };
    });
  const say = (text) => child.stdin.write(`${text}\n`);
  try {
    say('uci');
    await until(/^uciok$/);
    say('setoption name UCI_Variant value beirut');
    const out = [];
    for (const [fen, options, level] of requests) {
      lines.length = 0;
      say(`setoption name Options value ${optionWords(options)}`);
      say(`setoption name Level value ${level}`);
      say(`position fen ${fen}`);
      say('go');
      await until(/^bestmove /);
      const info = lines.filter((l) => l.startsWith('info depth ')).at(-1);
      const match = /^info depth (\d+) score (cp|mate) (-?\d+) nodes (\d+) /.exec(info ?? '');
      assert.ok(match, `an info line before bestmove: ${lines.join(' | ')}`);
      const errors = lines.filter((l) => /error/i.test(l));
      assert.deepEqual(errors, [], `${fen}: boomchess uci said ${errors.join(' | ')}`);
      out.push({
        move: lines.find((l) => l.startsWith('bestmove ')).split(' ')[1],
        depth: Number(match[1]),
        [match[2] === 'cp' ? 'score' : 'mate']: Number(match[3]),
        nodes: Number(match[4]),
      });
    }
    say('quit');
    return out;
  } finally {
    child.kill();
  }
}
