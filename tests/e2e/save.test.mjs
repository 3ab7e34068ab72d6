// End-to-end tests of the saved game: a hot-seat Beirut game survives a reload (behind the
// curtain, the same position and moves once it is lifted), and a tampered save is reported on the
// page, discarded, and replaced by a fresh game, with no error in the console.
//
// Run by scripts/test after `trunk build --release`; alone: `node --test tests/e2e/*.test.mjs`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BEIRUT_CARRIERS, openGame, useBrowser } from './harness.mjs';

useBrowser();

const KEY = 'boomchess.save';
const game = (page, fn, arg) => page.evaluate(fn, arg);

/** Reloads the page and waits until the game is usable again. */
async function reload(page) {
  await page.reload();
  await page.evaluate(() => window.boomchess.ready);
}

describe('saved games', () => {
  test('a hot-seat Beirut game survives a reload behind the curtain', async () => {
    const { page, errors } = await openGame();
    await game(page, (fen) => {
      const g = window.boomchess.game;
      g.newGame({ variant: 'beirut', fen });
      g.liftCurtain();
      g.play('e2e4');
      g.liftCurtain();
      g.play('e7e5');
    }, BEIRUT_CARRIERS);
    const moves = await game(page, () => window.boomchess.game.moves());
    assert.deepEqual(moves, ['e4', 'e5']);
    await game(page, () => window.boomchess.game.liftCurtain());
    const before = await game(page, () => window.boomchess.game.fen());
    assert.match(before, /P\*/, 'White sees its own carrier');

    const saved = await game(page, (key) => localStorage.getItem(key), KEY);
    assert.ok(saved && saved.length > 20, 'the game is saved');
    assert.ok(!saved.includes('*'), 'no carrier mark in the save');
    assert.match(saved, /^[k-z]+$/, 'the save is letters k to z only');

    await reload(page);
    const status = await game(page, () => window.boomchess.game.status());
    assert.equal(status.curtain, true, 'the curtain is down after the reload');
    assert.ok(!(await game(page, () => window.boomchess.game.fen())).includes('*'));
    assert.deepEqual(await game(page, () => window.boomchess.game.moves()), moves);
    await game(page, () => window.boomchess.game.liftCurtain());
    assert.equal(await game(page, () => window.boomchess.game.fen()), before);
    assert.equal(await page.isHidden('#notice'), true, 'no message for a good save');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a tampered save is reported, discarded and replaced by a fresh game', async () => {
    const { page, errors } = await openGame();
    await game(page, () => {
      const g = window.boomchess.game;
      g.newGame({ variant: 'stratomic' });
      g.play(g.legalMoves()[0]);
    });
    assert.equal((await game(page, () => window.boomchess.game.moves())).length, 1);
    const saved = await game(page, (key) => localStorage.getItem(key), KEY);
    assert.ok(saved, 'the game is saved');
    // Cut off the last byte: the record's JSON is broken; one letter more: not whole bytes.
    const truncated = saved.slice(0, -2);
    const odd = saved + 'k';
    for (const bad of [truncated, odd, 'not a saved game!', '']) {
      await game(page, ([key, value]) => localStorage.setItem(key, value), [KEY, bad]);
      await reload(page);
      const notice = (await page.textContent('#notice')) ?? '';
      assert.equal(await page.isVisible('#notice'), true, `a message for ${JSON.stringify(bad)}`);
      assert.match(notice, /saved game could not be restored/);
      assert.match(notice, /new game has started/);
      assert.deepEqual(await game(page, () => window.boomchess.game.moves()), [], 'a fresh game');
      const fresh = await game(page, (key) => localStorage.getItem(key), KEY);
      assert.notEqual(fresh, bad, 'the bad save is discarded');
    }
    assert.deepEqual(errors, [], 'no console errors');
    await page.close();
  });
});
