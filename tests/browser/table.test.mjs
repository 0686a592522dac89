// The table as players expect it (issue 12), for every game, on a 1280×800 desktop and a 390×844 phone: a
// player alone against a bot, playing by the text moves (the same actions the boards send).
//
// - Board first: while playing, the top of the game's board is within the first screen, and the page never
//   scrolls sideways.
// - Screenshots mid-game and at the end at both sizes (artifacts/table-<game>-<size>-<when>.png).
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- table.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, artifacts, sleep, BOARD_OF, gameAgainstBots } from './harness.mjs';

const GAMES = Object.keys(BOARD_OF);
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MIDGAME_AT = 6; // moves of ours before the mid-game checks

let env;
before(async () => {
  env = await startAll(['--bot-delay', '20']);
});
after(async () => {
  await stopAll(env);
});

/** The board's top edge relative to the viewport, and whether the page is wider than the screen. */
const layout = (page, testid) =>
  page.evaluate((id) => {
    const board = document.querySelector(`[data-testid=${id}]`);
    return {
      boardTop: board ? board.getBoundingClientRect().top + 0 : null,
      pageWider: document.documentElement.scrollWidth > window.innerWidth,
      scrollY: window.scrollY,
    };
  }, testid);

/** Plays our seat's first text move when it is our turn; resolves to true when one was played. */
async function playOne(page) {
  const button = page.locator('[data-testid=legal-move]:enabled').first();
  if ((await button.count()) === 0) return false;
  const version = (await roomData(page)).version;
  await button.evaluate((b) => b.click()); // the folded text moves: the same action as pointing on the board
  await page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
  return true;
}

for (const game of GAMES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${game} on a ${size}: board first while playing`, { timeout: 120_000 }, async (t) => {
      const phone = size === 'phone';
      const page = await openPage(env, { viewport, locale: 'en-US', isMobile: phone, hasTouch: phone });
      await signIn(env, page, `${size}-${game}`.slice(0, 24));
      await gameAgainstBots(page, game);
      const board = BOARD_OF[game];

      let moves = 0;
      const deadline = Date.now() + 60_000;
      while (moves < MIDGAME_AT && Date.now() < deadline && !(await page.locator('#room[data-status=over]').count())) {
        if (await playOne(page)) moves++;
        else await sleep(20);
      }
      assert.ok(moves >= 1, 'the player played');
      await page.evaluate(() => window.scrollTo(0, 0));
      const seen = await layout(page, board);
      t.diagnostic(`${game} ${size}: board top at ${Math.round(seen.boardTop)} px of ${viewport.height}`);
      assert.ok(seen.boardTop !== null, 'the board is drawn');
      assert.ok(seen.boardTop >= 0 && seen.boardTop < viewport.height - 100, `the board starts within the first screen (${seen.boardTop})`);
      assert.equal(seen.pageWider, false, 'the page does not scroll sideways');
      await page.screenshot({ path: path.join(artifacts, `table-${game}-${size}-mid.png`) });
      assert.deepEqual(page.errors, [], 'no console errors');
      await page.context().close();
    });
  }
}
