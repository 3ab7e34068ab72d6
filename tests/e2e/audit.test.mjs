// Hidden-information audit of the page against the computer (issue 9; docs/hidden-information-audit.md).
//
// The same game is opened twice, differing only in where the computer's bomb carrier stands.
// Everything a player can observe — the DOM, every output of window.boomchess.game, the canvas
// pixels (also with the pointer over and clicks on the computer's pieces), Chromium's
// accessibility tree (what a screen reader reads: the board's grid of squares, the keyboard
// cursor's cell, also over the computer's pieces), every announcement of the live regions, the
// console, the URL, cookies and storage — must be identical, and the messages to the computer's
// worker must carry the computer's own view only. A control run shows the canvas digest and the
// accessibility tree do see carrier marks (the human's own carrier on another square changes
// them).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { env, useBrowser } from './harness.mjs';

useBrowser();

/** Beirut's start with White's carrier on `white` and Black's on `black`. */
function startWith(white, black) {
  const rank = (pieces, carrier, row) =>
    [...pieces].map((p, i) => (`${'abcdefgh'[i]}${row}` === carrier ? `${p}*` : p)).join('');
  return [
    rank('rnbqkbnr', black, 8),
    rank('pppppppp', black, 7),
    '8/8/8/8',
    rank('PPPPPPPP', white, 2),
    rank('RNBQKBNR', white, 1),
  ].join('/') + ' w KQkq - 0 1';
}

/** A page with the game ready that records the console and every message sent to a worker. */
async function openRecorded() {
  const page = await env.browser.newPage({ viewport: { width: 900, height: 900 } });
  const console = [];
  const errors = [];
  page.on('console', (msg) => console.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.addInitScript(() => {
    // Every text written into a live region (what a screen reader announces), in order.
    window.__spoken = [];
    addEventListener('DOMContentLoaded', () => {
      const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
      new MutationObserver((records) => {
        for (const r of records) {
          const node = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
          const region = node?.closest(live);
          if (region) window.__spoken.push(`${region.id}: ${region.textContent}`);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    window.__workerMessages = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message && typeof message.fen === 'string') {
        window.__workerMessages.push({ fen: message.fen, history: [...message.history] });
      }
      return post.call(this, message, ...rest);
    };
  });
  await page.goto(env.server.url);
  await page.evaluate(() => window.boomchess.ready);
  return { page, console, errors };
}

/**
 * Chromium's accessibility tree of the page as text (CDP Accessibility.getFullAXTree): every
 * node that is not ignored, with its role, name, description, value and properties (relations
 * by id reference), nested as the tree is — what a screen reader gets.
 */
async function accessibilityTree(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const shown = (node) => {
      const kids = (node.childIds ?? []).flatMap((id) => (byId.has(id) ? shown(byId.get(id)) : []));
      if (node.ignored || node.role?.value === 'InlineTextBox') return kids;
      const props = (node.properties ?? []).map((p) =>
        p.value.relatedNodes
          ? `${p.name}=${p.value.relatedNodes.map((r) => r.idref ?? r.text ?? '').join(' ')}`
          : `${p.name}=${JSON.stringify(p.value.value)}`,
      );
      return [{
        role: node.role?.value,
        name: node.name?.value,
        description: node.description?.value,
        value: node.value?.value,
        props,
        children: kids,
      }];
    };
    return JSON.stringify(shown(nodes.find((n) => !n.parentId)), null, 1);
  } finally {
    await cdp.detach();
  }
}

/** Everything the player can read off the page, with the canvas as a SHA-256 digest. */
async function observe(page) {
  const seen = await observePage(page);
  return { ...seen, accessibility: await accessibilityTree(page) };
}

function observePage(page) {
  return page.evaluate(async () => {
    // Two frames: whatever the last input scheduled has been drawn.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const game = window.boomchess.game;
    const canvas = document.getElementById('board');
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', pixels));
    return {
      canvas: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''),
      dom: document.documentElement.outerHTML,
      url: location.href,
      title: document.title,
      cookie: document.cookie,
      session: JSON.stringify(sessionStorage),
      fen: game.fen(),
      legalMoves: game.legalMoves(),
      status: game.status(),
      moves: game.moves(),
      selected: game.selected(),
      announcements: window.__spoken.slice(),
    };
  });
}

/** Presses the arrow keys that take the keyboard cursor from `from` to `to` (White at the
 * bottom). */
async function arrowsTo(page, from, to) {
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  const dr = Number(to.slice(1)) - Number(from.slice(1));
  const keys = [
    ...Array(Math.abs(df)).fill(df > 0 ? 'ArrowRight' : 'ArrowLeft'),
    ...Array(Math.abs(dr)).fill(dr > 0 ? 'ArrowUp' : 'ArrowDown'),
  ];
  for (const key of keys) await page.keyboard.press(key);
}

async function pointAt(page, square) {
  const c = await page.evaluate((s) => window.boomchess.squareCenter(s), square);
  await page.mouse.move(c.x, c.y);
  return c;
}

/** Opens a game from `fen` — against the computer (human White, level 1) or, with `hotseat`,
 * for two players — and records what White sees: at the start (in hot-seat first the curtain,
 * then the lifted board), pointing at and clicking `probe` (a Black piece), then selecting
 * White's own piece `own`; then from the keyboard, the cursor on `probe` and Enter there (what a
 * screen reader says of it); in hot-seat, last, White's move e2–e4 announced and the curtain. */
async function audit(fen, probe, own, hotseat = false) {
  const run = await openRecorded();
  const { page } = run;
  await page.evaluate(
    ([f, h]) =>
      window.boomchess.game.newGame(
        h
          ? { variant: 'beirut', fen: f, mode: 'hotseat' }
          : { variant: 'beirut', fen: f, mode: 'ai', humanSide: 'white', level: 1 },
      ),
    [fen, hotseat],
  );
  const seen = {};
  if (hotseat) {
    seen.curtain = await observe(page);
    await page.evaluate(() => window.boomchess.game.liftCurtain());
  }
  seen.start = await observe(page);
  await pointAt(page, probe);
  seen.hover = await observe(page);
  const c = await pointAt(page, probe);
  await page.mouse.click(c.x, c.y);
  seen.clicked = await observe(page);
  const o = await pointAt(page, own);
  await page.mouse.click(o.x, o.y);
  seen.own = await observe(page);
  await page.mouse.click(o.x, o.y); // deselect
  await page.mouse.move(1, 1);
  // The keyboard: the first arrow shows the cursor on White's king (e1).
  await page.focus('#board');
  await page.keyboard.press('ArrowUp');
  await arrowsTo(page, 'e1', probe);
  seen.cursor = await observe(page);
  await page.keyboard.press('Enter');
  seen.cursorEnter = await observe(page);
  await page.keyboard.press('Escape');
  if (hotseat) {
    await page.mouse.click((await pointAt(page, 'e2')).x, (await pointAt(page, 'e2')).y);
    await page.mouse.click((await pointAt(page, 'e4')).x, (await pointAt(page, 'e4')).y);
    seen.moved = await observe(page);
  }
  return { ...run, seen };
}

/** Asserts that the accessibility tree and the announcements of every moment name no carrier
 * of Black (the hidden side) and that the keyboard cursor's cell was told. */
function assertNoBlackCarrier(run) {
  for (const [moment, seen] of Object.entries(run.seen)) {
    for (const text of [seen.accessibility, ...seen.announcements]) {
      assert.doesNotMatch(text, /black [a-z ]+, bomb carrier/, `${moment}: a black carrier is told`);
    }
  }
  assert.match(run.seen.cursor.accessibility, /"activedescendant=board-d7"/, 'the cursor on d7 is the active cell');
  assert.match(run.seen.cursor.accessibility, /"name": "d7, black pawn"/);
}

/** Asserts two audits saw the same at every moment. */
function assertSame(first, second, where) {
  for (const moment of Object.keys(first.seen)) {
    for (const key of Object.keys(first.seen[moment])) {
      assert.deepEqual(
        first.seen[moment][key],
        second.seen[moment][key],
        `${moment}: ${key} differs with the hidden carrier on ${where}`,
      );
    }
  }
}

describe('hidden information in hot-seat Beirut', () => {
  test("the curtain and White's turn look the same wherever Black's carrier stands", async () => {
    const first = await audit(startWith('f2', 'd7'), 'd7', 'f2', true);
    const second = await audit(startWith('f2', 'g8'), 'd7', 'f2', true);
    assertSame(first, second, 'd7 or g8');
    assertNoBlackCarrier(first);
    assert.match(first.seen.moved.announcements.at(-1), /^announcer: White pawn to e4\. Black to move/, 'the move was told');
    assert.equal(first.seen.curtain.status.curtain, true, 'the game opened behind the curtain');
    assert.deepEqual(first.seen.curtain.legalMoves, [], 'no moves behind the curtain');
    assert.equal(first.seen.start.status.curtain, false);
    assert.deepEqual(first.console, second.console);
    // Behind the curtain not even White's own carrier is drawn.
    const control = await audit(startWith('c2', 'd7'), 'd7', 'f2', true);
    assert.equal(control.seen.curtain.canvas, first.seen.curtain.canvas, 'the curtain hides both carriers');
    assert.notEqual(control.seen.start.canvas, first.seen.start.canvas, "White's own carrier is drawn");
    // The same for the accessibility tree: behind the curtain no carrier is told, after it
    // White's own (the tree does see carriers).
    assert.equal(control.seen.curtain.accessibility, first.seen.curtain.accessibility, 'the curtain tells no carrier');
    assert.notEqual(control.seen.start.accessibility, first.seen.start.accessibility, "White's own carrier is told");
    assert.match(first.seen.start.accessibility, /"name": "f2, white pawn, bomb carrier"/);
    for (const run of [first, second, control]) await run.page.close();
  });
});

describe('hidden information against the computer (Beirut)', () => {
  test('nothing on the page depends on where the computer carrier stands', async () => {
    const first = await audit(startWith('f2', 'd7'), 'd7', 'f2');
    const second = await audit(startWith('f2', 'b8'), 'd7', 'f2');
    assertSame(first, second, 'd7 or b8');
    assertNoBlackCarrier(first);
    assert.equal(first.seen.clicked.selected, null, "the computer's piece cannot be selected");
    assert.deepEqual(first.seen.clicked.legalMoves, first.seen.start.legalMoves);
    assert.equal(first.seen.own.selected, 'f2', 'the own carrier is selected (its blast is previewed)');
    assert.doesNotMatch(first.seen.start.fen, /[pnbrqk]\*/, 'no computer carrier in fen()');
    assert.deepEqual(first.console, second.console, 'the console says the same');
    assert.deepEqual(first.errors, []);

    // Control: the digest sees carrier marks — the human's own carrier elsewhere changes it.
    const control = await audit(startWith('c2', 'd7'), 'd7', 'f2');
    assert.notEqual(control.seen.start.canvas, first.seen.start.canvas, "the human's own carrier is drawn");
    assert.notEqual(control.seen.start.accessibility, first.seen.start.accessibility, "the human's own carrier is told");
    for (const run of [first, second, control]) await run.page.close();
  });

  test("the computer's worker gets its own view only; storage and console never show a carrier", async () => {
    const run = await openRecorded();
    const { page } = run;
    await page.evaluate(
      (f) => window.boomchess.game.newGame({ variant: 'beirut', fen: f, mode: 'ai', humanSide: 'white', level: 1 }),
      startWith('d2', 'e7'),
    );
    await page.evaluate(() => window.boomchess.game.play('e2e4'));
    await page.evaluate(() => window.boomchess.game.play('g1f3'));
    const messages = await page.evaluate(() => window.__workerMessages);
    assert.ok(messages.length >= 2, `the computer was asked twice (${messages.length})`);
    for (const m of messages) {
      assert.match(m.fen, /[pnbrqk]\*/, 'the computer knows its own carrier');
      for (const fen of [m.fen, ...m.history]) {
        assert.doesNotMatch(fen, /[PNBRQK]\*/, `the worker was sent the human's carrier: ${fen}`);
      }
    }
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]),
    );
    const save = stored.find(([k]) => k === 'boomchess.save');
    assert.ok(save, 'the game is saved');
    assert.match(save[1], /^[k-z]+$/, 'the save is armoured text');
    for (const [key, value] of stored) {
      assert.doesNotMatch(value, /\*|e7|fen/i, `localStorage ${key} holds plain game text`);
    }
    for (const line of run.console) {
      assert.doesNotMatch(line, /\*|e7/, `the console mentions a carrier: ${line}`);
    }
    assert.doesNotMatch(await page.evaluate(() => window.boomchess.game.fen()), /[pnbrqk]\*/);
    // A share link would carry the carriers: refused while the game is on.
    const share = await page.evaluate(() => {
      try {
        return { link: window.boomchess.shareLink() };
      } catch (err) {
        return { error: err.message };
      }
    });
    assert.equal(share.link, undefined, 'no share link of a Beirut game in progress');
    assert.doesNotMatch(share.error, /e7|\*/, 'the refusal names no carrier');
    assert.deepEqual(run.errors, []);
    await page.close();
  });

  test('once the game is over every carrier is public', async () => {
    const run = await openRecorded();
    const { page } = run;
    // Scholar's mate is on the board: 4.Qxf7#. Carriers: White d2, Black d7.
    const fen = 'r1bqkb1r/pppp*1ppp/2n2n2/4p2Q/2B1P3/8/PPPP*1PPP/RNB1K1NR w KQkq - 4 4';
    await page.evaluate(
      (f) => window.boomchess.game.newGame({ variant: 'beirut', fen: f, mode: 'ai', humanSide: 'white', level: 1 }),
      fen,
    );
    assert.doesNotMatch(await page.evaluate(() => window.boomchess.game.fen()), /p\*/);
    await page.evaluate(() => window.boomchess.game.play('h5f7'));
    const status = await page.evaluate(() => window.boomchess.game.status());
    assert.equal(status.phase, 'over');
    assert.equal(status.result, '1-0');
    const after = await page.evaluate(() => window.boomchess.game.fen());
    assert.match(after, /p\*/, "the computer's carrier is shown after the game");
    assert.match(after, /P\*/);
    assert.match(await page.textContent('#result'), /Carriers: White pawn d2; Black pawn d7/, 'the result names the carriers');
    assert.match(await page.evaluate(() => window.boomchess.shareLink()), /\?game=/, 'a finished game can be shared');
    assert.deepEqual(run.errors, []);
    await page.close();
  });
});
