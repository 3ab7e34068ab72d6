// Online play through a real game server (crates/server, the binary the native tests built):
// two browser contexts — two devices — play Beirut Chess with Dead Man's Switch by clicking
// squares: the invite link from the new-game dialog, the carriers chosen on each device, a
// capture of a carrier that blows up, the server killed (SIGKILL) and started again in the
// middle, a boom that destroys the king, and the end verified with every carrier shown. A third
// context watches. Until the rules reveal a carrier, neither the opponent's nor the spectator's
// page holds it anywhere: not in its position text, its API or its DOM. On a static host (no
// server) the page offers no online play.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../scripts/chromium.mjs';
import { DIST, ROOT, clickSquare } from './harness.mjs';

// The server binary: scripts/test's native tests build it (cargo test --profile perf; alone:
// cargo build --profile perf -p boomchess-server).
const SERVER = process.env.BOOMCHESS_SERVER || join(ROOT, 'target', 'perf', 'boomchess-server');
const SHOTS = join(ROOT, 'target', 'screenshots');

/** Starts the game server on `port` (0: a free one) with the data file in `dir`; resolves with
 * the child and its address once it listens. */
function startGameServer(dir, port = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      SERVER,
      ['--port', String(port), '--dist', DIST, '--data', join(dir, 'games.sqlite3'), '--grace', '60'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${log}`)), 20_000);
    const seen = (chunk) => {
      log += chunk;
      const m = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], port: Number(m[2]), log: () => log });
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('error', reject);
  });
}

const killed = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

let dir;
let server;
let browser;

before(async () => {
  assert.ok(existsSync(SERVER), `the game server is built (${SERVER}): scripts/test builds it`);
  dir = mkdtempSync(join(tmpdir(), 'boomchess-online-'));
  server = await startGameServer(dir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (server) await killed(server.child);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page of its own browser context (its own localStorage: another device). */
async function device(url) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A returning visitor: the first visit's welcome would push the board down.
  await page.addInitScript(() => localStorage.setItem('boomchess.welcomed', '1'));
  await page.goto(url);
  await page.evaluate(() => window.boomchess.ready);
  return { page, errors };
}

const online = (page) => page.evaluate(() => window.boomchess.game.online());
const moves = (page) => page.evaluate(() => window.boomchess.game.moves());
const fen = (page) => page.evaluate(() => window.boomchess.game.fen());

async function waitFor(page, what, check, timeout = 15_000) {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(10);
  }
}

const waitMoves = (page, n) =>
  waitFor(page, `${n} moves`, async () => (await moves(page)).length >= n && (await moves(page)));

/** Plays `from`→`to` by clicking the two squares; waits until both pages show the move. */
async function move(player, other, from, to) {
  const before = (await moves(player)).length;
  await clickSquare(player, from);
  await clickSquare(player, to);
  await waitMoves(player, before + 1);
  return waitMoves(other, before + 1);
}

/** The carriers the page could be hiding, as anything its API or DOM exposes. */
async function exposedText(page) {
  return page.evaluate(() => {
    const g = window.boomchess.game;
    return [g.fen(), JSON.stringify(g.status()), JSON.stringify(g.online()), document.body.innerText,
      document.getElementById('board').outerHTML].join('\n');
  });
}

test('two devices play Beirut with Dead Man\'s Switch through a server that is killed and started again', async () => {
  const white = await device(server.url);
  // The new-game dialog: Beirut, Dead Man's Switch, a friend online, White.
  await white.page.click('#new-game');
  await white.page.waitForSelector('#mode-online:not([hidden])');
  await white.page.selectOption('#new-game-form select[name="variant"]', 'beirut');
  await white.page.check('#new-game-form input[name="dead-mans-switch"]');
  await white.page.check('#new-game-form input[value="online"]');
  await white.page.selectOption('#new-game-form select[name="humanSide"]', 'white');
  await white.page.click('#new-game-start');
  await white.page.waitForSelector('#invite:not([hidden])');
  const link = await white.page.inputValue('#invite-link');
  assert.match(link, /\?online=[0-9a-f]{32}$/);
  assert.match(await white.page.textContent('#online-status'), /Waiting for your friend/);
  await white.page.screenshot({ path: join(SHOTS, 'online-invite.png') });

  const black = await device(link);
  await waitFor(black.page, 'Black\'s seat', async () => (await online(black.page))?.seat === 'black');
  await waitFor(white.page, 'the carrier choice', async () =>
    (await white.page.evaluate(() => window.boomchess.game.status().phase)) === 'setup');

  // Each device marks its carrier by clicking it, then confirms: the g1 knight, the b8 knight.
  await clickSquare(white.page, 'g1');
  await white.page.click('#confirm');
  await clickSquare(black.page, 'b8');
  await black.page.click('#confirm');
  await waitFor(white.page, 'play', async () => (await online(white.page)).stage === 'playing');
  assert.match(await fen(white.page), /N\*R w/, 'White sees its own carrier');
  assert.doesNotMatch(await fen(black.page), /N\*R/, 'Black does not see White\'s carrier');
  const watcher = await device(link);
  await waitFor(watcher.page, 'the spectator', async () => (await online(watcher.page))?.stage === 'playing');
  assert.equal((await online(watcher.page)).seat, null);
  // Each carrier only on its owner's page: in the position text, the API, the DOM (the grid
  // of squares in the canvas says "bomb carrier" of the viewer's own carriers only).
  for (const page of [black.page, watcher.page]) {
    const text = await exposedText(page);
    assert.doesNotMatch(text, /N\*|white knight, bomb carrier/, 'White\'s carrier is nowhere');
  }
  for (const page of [white.page, watcher.page]) {
    const text = await exposedText(page);
    assert.doesNotMatch(text, /n\*|black knight, bomb carrier/, 'Black\'s carrier is nowhere');
  }
  assert.match(await exposedText(white.page), /g1, white knight, bomb carrier/);

  // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6: the captured knight carried Black's bomb.
  await move(white.page, black.page, 'e2', 'e4');
  await move(black.page, white.page, 'e7', 'e5');
  await move(white.page, black.page, 'g1', 'f3');
  await move(black.page, white.page, 'b8', 'c6');
  await move(white.page, black.page, 'f1', 'b5');
  await move(black.page, white.page, 'a7', 'a6');
  const afterCapture = await move(white.page, black.page, 'b5', 'c6');
  assert.equal(afterCapture.at(-1), 'Bxc6_', 'the switch went off');
  // The blast centred on c6 took the bishop and the pawns b7, c7, d7 (docs/rules.md §1.10).
  assert.equal((await fen(black.page)).split(' ')[0], 'r1bqkbnr/5ppp/p7/4p3/4P3/5N2/PPPP1PPP/RNBQK2R');
  await white.page.screenshot({ path: join(SHOTS, 'online-white.png') });
  await black.page.screenshot({ path: join(SHOTS, 'online-black.png') });

  // The server dies mid-game and comes back on the same port and data file; both devices
  // reconnect by themselves and every acknowledged move is still there.
  await killed(server.child);
  await waitFor(white.page, 'the lost connection', async () => !(await online(white.page)).connected);
  server = await startGameServer(dir, server.port);
  for (const page of [white.page, black.page, watcher.page]) {
    await waitFor(page, 'the reconnection', async () => (await online(page)).connected, 20_000);
    assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6_']);
  }

  // 4...h6 5.Nxe5 h5 6.Nd7 h4 7.Boom@d7: the knight's blast holds the black king.
  await move(black.page, white.page, 'h7', 'h6');
  await move(white.page, black.page, 'f3', 'e5');
  await move(black.page, white.page, 'h6', 'h5');
  await move(white.page, black.page, 'e5', 'd7');
  await move(black.page, white.page, 'h5', 'h4');
  assert.doesNotMatch(await exposedText(black.page), /N\*|white knight, bomb carrier/, 'still hidden from Black before the boom');
  await clickSquare(white.page, 'd7');
  await clickSquare(white.page, 'd7');
  const last = await waitMoves(black.page, 13);
  assert.equal(last.at(-1), 'Boom@d7#');
  for (const page of [white.page, black.page, watcher.page]) {
    await waitFor(page, 'the verdict', async () => (await online(page)).stage === 'over');
    const status = await page.evaluate(() => window.boomchess.game.status());
    assert.deepEqual([status.result, status.reason], ['1-0', 'king-destroyed']);
    assert.match(await page.textContent('#online-status'), /Verified/);
  }
  // At the end the carriers left on the board are told: none, both knights went up (the result
  // box waits for the boom's explosion to play out).
  await white.page.waitForFunction(() => /Carriers/.test(document.getElementById('result').textContent));
  assert.match(await white.page.textContent('#result'), /Carriers: White none left; Black none left/);
  await white.page.screenshot({ path: join(SHOTS, 'online-over-white.png') });
  await black.page.screenshot({ path: join(SHOTS, 'online-over-black.png') });
  for (const { errors } of [white, black, watcher]) assert.deepEqual(errors, []);
});

test('a Stratomic game on the clock: the server\'s clocks on both devices, a draw offered with the button and accepted on the other device', async () => {
  const white = await device(server.url);
  const link = await white.page.evaluate(() =>
    window.boomchess.game.newGame({ mode: 'online', variant: 'stratomic', side: 'white', clock: '1+0' }),
  );
  const black = await device(link);
  await waitFor(white.page, 'play', async () => (await online(white.page))?.stage === 'playing');
  // The time from a move's clicks to the opponent's board showing it, over ten moves.
  const delays = [];
  const line = [['e3', 'e5'], ['e8', 'e6'], ['d3', 'd5'], ['d8', 'd6'], ['c3', 'c4'], ['c8', 'c7'],
    ['f3', 'f4'], ['f8', 'f7'], ['g3', 'g4'], ['g8', 'g6']];
  for (const [i, [from, to]] of line.entries()) {
    const [player, other] = i % 2 === 0 ? [white.page, black.page] : [black.page, white.page];
    // The player's board takes the move once the opponent's last one is on it.
    await waitFor(player, `${from}${to} to be playable`, () =>
      player.evaluate((m) => window.boomchess.game.legalMoves().includes(m), `${from}${to}`),
    );
    const n = (await moves(other)).length;
    const start = Date.now();
    await clickSquare(player, from);
    await clickSquare(player, to);
    await waitFor(other, `${from}${to} on the opponent's board (${JSON.stringify(await online(player))})`, () =>
      other.evaluate((k) => window.boomchess.game.moves().length > k, n),
    );
    delays.push(Date.now() - start);
  }
  delays.sort((a, b) => a - b);
  console.log(`a move's clicks to the opponent's board (10 moves, loopback): median ${delays[5]} ms, max ${delays[9]} ms`);
  // Both clocks started after both first moves; White's runs now, shown on both devices.
  for (const page of [white.page, black.page]) {
    await page.waitForSelector('#clock-white[data-running]');
    const text = await page.textContent('#clock-white');
    assert.match(text, /0:5\d|1:00/, text);
    assert.equal(await page.isVisible('#clock-black'), true);
  }
  // A reload resumes the game, the creator's too: the address names the game, the seat's token
  // is kept in the browser.
  assert.match(white.page.url(), /\?online=[0-9a-f]{32}$/);
  for (const [page, seat] of [[black.page, 'black'], [white.page, 'white']]) {
    await page.reload();
    await page.evaluate(() => window.boomchess.ready);
    await waitFor(page, 'the seat after a reload', async () => (await online(page))?.seat === seat);
    assert.equal((await moves(page)).length, 10);
  }
  await white.page.click('#draw');
  await black.page.waitForFunction(() => document.getElementById('draw').textContent === 'Accept the draw');
  assert.match(await black.page.textContent('#online-status'), /White offers a draw/);
  assert.equal(await black.page.isVisible('#draw-decline'), true);
  assert.equal(await white.page.textContent('#draw'), 'Draw offered');
  await black.page.screenshot({ path: join(SHOTS, 'online-draw-offered.png') });
  await black.page.click('#draw');
  await black.page.click('#end-yes');
  for (const page of [white.page, black.page]) {
    await waitFor(page, 'the draw', async () => (await page.evaluate(() => window.boomchess.game.status())).phase === 'over');
    const status = await page.evaluate(() => window.boomchess.game.status());
    assert.deepEqual([status.result, status.reason], ['1/2-1/2', 'agreement']);
  }
  for (const { errors } of [white, black]) assert.deepEqual(errors, []);
});

test('a page served without the game server offers no online play', async () => {
  const { startServer } = await import('../../scripts/static-server.mjs');
  const statik = await startServer(DIST, 0);
  try {
    const { page, errors } = await device(`http://127.0.0.1:${statik.port}/`);
    await page.click('#new-game');
    await page.waitForTimeout(300);
    assert.equal(await page.isHidden('#mode-online'), true);
    const refused = await page.evaluate(() =>
      window.boomchess.game.newGame({ mode: 'online', variant: 'stratomic' }).then(
        () => 'created',
        (e) => e.message,
      ),
    );
    assert.match(refused, /server/);
    assert.deepEqual(errors, []);
  } finally {
    await statik.close();
  }
});
