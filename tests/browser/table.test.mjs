// The table as players expect it (issue 12), for every game, on a 1280×800 desktop and a 390×844 phone: a
// player alone against a bot, playing by the text moves (the same actions the boards send).
//
// - Board first: while playing, the top of the game's board is within the first screen, and the page never
//   scrolls sideways.
// - Last moves: when it is our turn again, the bot's move is marked on the board (the elements it changed, in
//   its colour: .last-move) and in its panel, and the "since your last turn" line names it; our own move clears
//   the marks.
// - Screenshots mid-game and at the end at both sizes (artifacts/table-<game>-<size>-<when>.png).
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- table.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, artifacts, sleep, BOARD_OF, gameAgainstBots } from './harness.mjs';

const GAMES = Object.keys(BOARD_OF);
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MIDGAME_AT = 10; // moves of ours before the mid-game checks
// Where the other players' moves show on each game's board (Santa Maria: their colonies, beside yours).
const MARKED_ON = Object.freeze({
  'santa-cruz': '[data-testid=sc-board]',
  'costa-ruana': '[data-testid=cr-board]',
  'capa-doro': '[data-testid=cd-board]',
  'santa-maria': '[data-testid=sm-colony-small]',
});

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

/**
 * Plays our seat's first text move when it is our turn (the same action as pointing on the board); resolves to
 * null when it is not our turn, else to {ms: click to the new view drawn, sameRoot: the board's root element
 * was kept}. The time is taken in the page: performance.now() at the click, and again when the room's version
 * changes (the page draws the board in the same task).
 */
async function playOne(page) {
  const button = page.locator('[data-testid=legal-move]:enabled').first();
  if ((await button.count()) === 0) return null;
  const result = await button.evaluate(
    (b) =>
      new Promise((resolve) => {
        const room = document.querySelector('#room');
        const root = document.querySelector('.board-custom > div');
        const version = room.dataset.version;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (room.dataset.version === version) return;
          observer.disconnect();
          resolve({ ms: performance.now() - t0, sameRoot: !!root && root.isConnected && document.querySelector('.board-custom > div') === root });
        });
        observer.observe(room, { attributes: true, attributeFilter: ['data-version'] });
        b.click();
        setTimeout(() => {
          observer.disconnect();
          resolve({ ms: null, sameRoot: false });
        }, 5000);
      }),
  );
  assert.ok(result.ms !== null, 'the move got a new view within 5 s');
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const game of GAMES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${game} on a ${size}: board first while playing`, { timeout: 360_000 }, async (t) => {
      const phone = size === 'phone';
      const page = await openPage(env, { viewport, locale: 'en-US', isMobile: phone, hasTouch: phone });
      // Our own record of who moved (the patches' `by`), apart from the page's: did the bot move since our move?
      const wire = { botMoved: false };
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          const msg = JSON.parse(f.payload);
          if (msg.type === 'patch' && msg.by === 0) Object.assign(wire, { botMoved: false, myVersion: String(msg.to) });
          if (msg.type === 'patch' && msg.by === 1) wire.botMoved = true;
        }),
      );
      await signIn(env, page, `${size}-${game}`.slice(0, 24));
      await gameAgainstBots(page, game);
      const board = BOARD_OF[game];

      let moves = 0;
      const timings = [];
      const marks = { turns: 0, panel: 0, board: 0, since: 0, cleared: 0 };
      const deadline = Date.now() + 60_000;
      while (moves < MIDGAME_AT && Date.now() < deadline && !(await page.locator('#room[data-status=over]').count())) {
        if (wire.botMoved && (await page.locator('[data-testid=legal-move]:enabled').count()) > 0) {
          // Our turn again after the bot's: what did it leave marked?
          const seen = await page.evaluate((on) => ({
            panel: document.querySelectorAll('.board-custom article[data-last-move="1"]').length,
            board: document.querySelectorAll(`${on} .last-move[data-last-move="1"]`).length,
            since: !!document.querySelector('[data-testid=since-entry][data-seat="1"]'),
          }), MARKED_ON[game]);
          marks.turns++;
          marks.panel += seen.panel ? 1 : 0;
          marks.board += seen.board ? 1 : 0;
          marks.since += seen.since ? 1 : 0;
        }
        const played = await playOne(page);
        if (played) {
          moves++;
          timings.push(played.ms);
          assert.ok(played.sameRoot, 'the board was updated in place (its root element kept)');
          // Right after our own move (the page holds its patch's version), nothing is marked.
          const left = await page.evaluate((v) => document.querySelector('#room').dataset.version !== v ? null
            : document.querySelectorAll('.board-custom [data-last-move], [data-testid=since-entry]').length, wire.myVersion);
          if (left !== null) {
            marks.cleared++;
            assert.equal(left, 0, 'our move cleared the marks');
          }
        } else await sleep(20);
      }
      assert.ok(moves >= 1, 'the player played');
      t.diagnostic(`${game} ${size}: of ${marks.turns} turns after the bot's, marks in its panel ${marks.panel}, on the board ${marks.board}, in the summary ${marks.since}; cleared by our move ${marks.cleared} times`);
      assert.ok(marks.turns >= 2, 'the bot moved between our moves');
      assert.equal(marks.panel, marks.turns, 'the bot\'s panel is marked each time');
      assert.equal(marks.since, marks.turns, 'the summary names the bot each time');
      assert.ok(marks.board >= 1, 'its move is marked on the board');
      await page.evaluate(() => window.scrollTo(0, 0));
      const seen = await layout(page, board);
      t.diagnostic(`${game} ${size}: board top at ${Math.round(seen.boardTop)} px of ${viewport.height}`);
      assert.ok(seen.boardTop !== null, 'the board is drawn');
      assert.ok(seen.boardTop >= 0 && seen.boardTop < viewport.height - 100, `the board starts within the first screen (${seen.boardTop})`);
      assert.equal(seen.pageWider, false, 'the page does not scroll sideways');
      await page.screenshot({ path: path.join(artifacts, `table-${game}-${size}-mid.png`) });
      t.diagnostic(`${game} ${size}: click to board update, median ${median(timings).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms over ${timings.length} moves`);

      // To the end: the result panel names the winner, and each player's points by source add up to the score.
      const endBy = Date.now() + 300_000;
      while (!(await page.locator('#room[data-status=over]').count())) {
        assert.ok(Date.now() < endBy, 'the game ended in time');
        if (!(await playOne(page))) await sleep(20);
      }
      await page.getByTestId('over').waitFor();
      const over = await page.evaluate(() => ({
        winner: document.querySelector('[data-testid=over-winner]').textContent,
        rows: [...document.querySelectorAll('[data-testid=ranking-row]')].map((r) => ({
          seat: Number(r.dataset.seat),
          score: Number(r.dataset.score),
          parts: [...r.querySelectorAll('[data-testid=breakdown-cell]')].map((c) => Number(c.dataset.points)),
        })),
        boardFinalsShown: [...document.querySelectorAll('.board-custom [data-testid$=-final]')].filter((e) => e.offsetParent !== null).length,
      }));
      assert.equal(over.rows.length, 2, 'a row per player');
      assert.match(over.winner, /wins|Shared win/, 'the winner is named');
      assert.equal(over.boardFinalsShown, 0, 'one result panel: the board\'s own final table is hidden');
      if (over.rows.every((r) => r.parts.length === 0)) {
        t.diagnostic('this server sends no over.breakdown yet: the points by source are not checked');
      } else {
        for (const r of over.rows) assert.equal(r.parts.reduce((a, b) => a + b, 0), r.score, `seat ${r.seat}: the breakdown adds up to the score`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(artifacts, `table-${game}-${size}-end.png`) });

      // Rematch: the same game and seats in a new room, started by itself (the bot's seat filled by a bot).
      const finished = (await roomData(page)).roomId;
      await page.getByTestId('rematch-button').click();
      const moved = await page
        .waitForFunction((id) => { const r = document.querySelector('#room'); return !r.hidden && r.dataset.roomId !== id; }, finished, { timeout: 5000 })
        .then(() => true, () => false);
      if (!moved) {
        t.diagnostic('this server has no /rematch yet: the rematch is not checked');
      } else {
        await page.locator('#room[data-status=playing]').waitFor();
        const seats = await page.locator('[data-testid=seat]').allTextContents();
        assert.match(seats[0], new RegExp(`${size}-${game}`.slice(0, 24)), 'the player in seat 1 again');
        assert.match(seats[1], /bot/, 'a bot in seat 2 again');
      }
      assert.deepEqual(page.errors, [], 'no console errors');
      await page.context().close();
    });
  }
}
