// Takes headless-Chromium screenshots of the built game (dist/) for looking at it:
// one per variant at desktop size, at phone size, with a piece selected, and hot-seat Beirut's
// carrier choice, curtain, boom preview, a frame of the explosion, the board after it, game over;
// for each variant a start position, a frame in the middle of its explosion (boom, launch, bomber
// strike) and the game-over box; the rules help, the move list browsed back, the sound switch on.
//
//   node scripts/screenshots.mjs [out-dir]     (default target/screenshots; PNGs are not committed)
//   BOOMCHESS_DIST=/tmp/dist node scripts/screenshots.mjs     (another build than dist/)

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from './static-server.mjs';

const out = process.argv[2] || 'target/screenshots';
mkdirSync(out, { recursive: true });
const server = await startServer(process.env.BOOMCHESS_DIST || 'dist', 0);
const browser = await launchChromium();

async function shoot(name, query, viewport, deviceScaleFactor, act) {
  const page = await browser.newPage({ viewport, deviceScaleFactor });
  await page.goto(server.url + query);
  await page.evaluate(() => window.boomchess.ready);
  if (act) await act(page);
  const file = join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await page.close();
}

// Scrolls the board into view first, as a player would: on a short window the welcome panel
// above it pushes its lower ranks below the fold, where a click at the square's centre misses.
async function click(page, square) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  const c = await page.evaluate((s) => window.boomchess.squareCenter(s), square);
  await page.mouse.click(c.x, c.y);
}

try {
  for (const variant of ['beirut', 'stratomic', 'flying-bombers']) {
    await shoot(variant, `?variant=${variant}`, { width: 820, height: 900 }, 1);
  }
  // Hot-seat Beirut: White marks its carrier (g1), the curtain before Black's choice, a carrier
  // selected with its blast previewed, the board after the boom, and a game over.
  await shoot('beirut-setup', '', { width: 1100, height: 900 }, 1, async (page) => {
    await click(page, 'g1');
  });
  await shoot('beirut-curtain', '', { width: 1100, height: 900 }, 1, async (page) => {
    await click(page, 'g1');
    await page.click('#confirm');
  });
  const toBoom = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5c6', 'd7c6', 'f3e5', 'd8d4'];
  const beforeBoom = async (page) => {
    const g = (f, a) => page.evaluate(f, a);
    await g(() => window.boomchess.game.chooseCarriers(['g1']));
    await g(() => window.boomchess.game.liftCurtain());
    await g(() => window.boomchess.game.chooseCarriers(['h7']));
    await g(() => window.boomchess.game.liftCurtain());
    for (const m of toBoom) {
      await g((mv) => window.boomchess.game.play(mv), m);
      await g(() => window.boomchess.game.liftCurtain());
    }
    await click(page, 'e5');
  };
  await shoot('beirut-boom-preview', '', { width: 1100, height: 900 }, 1, beforeBoom);
  await shoot('beirut-explosion', '', { width: 1100, height: 900 }, 1, async (page) => {
    await beforeBoom(page);
    await click(page, 'e5');
    await page.waitForTimeout(200); // a frame in the middle of the explosion
  });
  await shoot('beirut-after-boom', '', { width: 1100, height: 900 }, 1, async (page) => {
    await beforeBoom(page);
    await click(page, 'e5');
    await click(page, 'a1');
  });
  await shoot('beirut-over', '', { width: 1100, height: 900 }, 1, async (page) => {
    await page.evaluate(() => {
      window.boomchess.game.newGame({
        variant: 'beirut',
        fen: 'rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/P*PPPP2P/RNBQKBNR b KQkq - 0 2',
      });
      window.boomchess.game.liftCurtain();
    });
    await click(page, 'd8');
    await click(page, 'h4');
  });
  await shoot('beirut-selected', '', { width: 820, height: 900 }, 1, async (page) => {
    await page.evaluate(() => {
      window.boomchess.game.newGame({
        variant: 'beirut',
        fen: 'rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1',
      });
      window.boomchess.game.liftCurtain();
    });
    await click(page, 'e2');
    await click(page, 'e4');
    await click(page, 'a1');
    await click(page, 'd7');
    await click(page, 'd5');
    await click(page, 'a1');
    await click(page, 'e4');
  });
  // Each variant: its start, a frame in the middle of its explosion, and the game over.
  const wide = { width: 1100, height: 900 };
  const clicks = async (page, pairs) => {
    for (const [from, to] of pairs) {
      await click(page, from);
      await click(page, to);
    }
  };
  const boom = async (page) => {
    await beforeBoom(page);
    await click(page, 'e5');
    await page.waitForTimeout(120);
  };
  const launch = async (page) => {
    await clicks(page, [['h2', 'g4'], ['e8', 'e7'], ['g4', 'f6'], ['e7', 'f6'], ['a2', 'f7']]);
    await page.waitForTimeout(120);
  };
  const strike = async (page) => {
    await clicks(page, [['a2', 'a5'], ['b9', 'b6'], ['a5', 'b6'], ['h9', 'h8'], ['a1', 'a8'], ['h8', 'h7'], ['a8', 'a10']]);
    await page.waitForTimeout(230);
  };
  // Mate in one: Qb2-b9 (10x10) or Qb1-b7 (8x8), the king on c8 / c6 guarding the queen.
  const mate10 = 'k9/10/2K7/10/10/10/10/10/1Q8/10 w - - 0 1';
  const over = (variant, fen, from, to, carriers) => async (page) => {
    await page.evaluate(
      ([v, f]) => {
        window.boomchess.game.newGame({ variant: v, fen: f });
        window.boomchess.game.liftCurtain();
      },
      [variant, fen],
    );
    if (carriers) await page.evaluate(() => window.boomchess.game.liftCurtain());
    await clicks(page, [[from, to]]);
  };
  const games = {
    beirut: { mid: boom, over: over('beirut', 'k7/1p*6/2K5/8/8/8/8/1Q4N*1 w - - 0 1', 'b1', 'b7') },
    stratomic: { mid: launch, over: over('stratomic', `${mate10} -`, 'b2', 'b9') },
    'flying-bombers': { mid: strike, over: over('flying-bombers', mate10, 'b2', 'b9') },
  };
  for (const [variant, g] of Object.entries(games)) {
    const q = variant === 'beirut' ? '' : `?variant=${variant}`;
    await shoot(`${variant}-start`, `?variant=${variant}`, wide, 1, async (page) => {
      if (variant === 'beirut') {
        await page.evaluate(() => {
          window.boomchess.game.newGame({ variant: 'beirut', fen: 'rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1' });
          window.boomchess.game.liftCurtain();
        });
      }
    });
    await shoot(`${variant}-mid-explosion`, q, wide, 1, g.mid);
    await shoot(`${variant}-game-over`, q, wide, 1, g.over);
  }
  await shoot('rules-flying-bombers', '?variant=flying-bombers', wide, 1, async (page) => {
    await page.click('#rules');
  });
  await shoot('rules-beirut-phone', '', { width: 360, height: 740 }, 2, async (page) => {
    await page.click('#rules');
  });
  await shoot('browsing', '?variant=stratomic', wide, 1, async (page) => {
    await clicks(page, [['e3', 'e5'], ['d8', 'd6'], ['h2', 'g4'], ['c9', 'd7'], ['g4', 'f6']]);
    await page.click('#moves span[data-ply="3"]');
    await page.click('#sound');
  });
  await shoot('stratomic-phone-hidpi', '?variant=stratomic', { width: 360, height: 700 }, 3);
  await shoot('flying-bombers-phone', '?variant=flying-bombers', { width: 360, height: 640 }, 2,
    async (page) => {
      await click(page, 'a1');
    });
} finally {
  await browser.close();
  await server.close();
}
