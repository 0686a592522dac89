// The board where you must act is on screen at your turn (issue 35, point 1), for every game on a 390×844 phone
// and a 1280×800 desktop: a player alone against a bot, playing by the text moves (the same actions the boards
// send, clicked without scrolling the page). At each of the player's first turns whose board flags targets,
// once the page has settled and without the test scrolling anything, the flagged targets drawn on the board
// (its SVG: sites, islands, spaces, cells) are measured:
//
// - at least one is seen: the element at its centre (document.elementFromPoint) is the target itself, so it
//   is inside the screen and not under the hand drawer, the sticky prompt or the edge of a zoomed board's frame;
// - the bounding box of the turn's targets (each cut to its zoomed board's frame) lies in the free band of the
//   screen, below the sticky prompt and above the hand drawer: all of it, or half a screen of it when taller;
// - when that box fits in half the screen, every target is seen.
//
// The share of targets seen, where their box was and the board's top are printed for each turn, and a
// screenshot of each is kept (artifacts/on-screen-<game>-<size>-<turn>.png).
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... node --test board_on_screen.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, artifacts, sleep, BOARD_OF, gameAgainstBots } from './harness.mjs';

const GAMES = Object.keys(BOARD_OF);
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const TURNS = 4; // turns with flagged board targets measured per game and screen
const MAX_MOVES = 60; // moves of ours to find them (a Santa Maria turn is several moves)
const SETTLE_MS = 400; // the page's own scroll and the board's zoom happen right after a draw

let env;
before(async () => {
  env = await startAll(['--bot-delay', '20']);
});
after(async () => {
  await stopAll(env);
});

/**
 * The flagged targets drawn on the boards (inside an SVG of the board, not the hand or the buttons), each with
 * whether the element at its centre is itself (seen); their bounding box; the screen's size; the board's top.
 */
const measure = (page, boardId) =>
  page.evaluate((id) => {
    const targets = [...document.querySelectorAll('.board-custom svg :is(.flagged, .sm-target, [data-flag=true])')]
      .filter((el) => !el.matches('[data-flag=false]'))
      .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el))) // the outermost only
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const seen = targets.filter(({ el, r }) => {
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el.contains(hit));
    });
    const box = targets.length ? {
      top: Math.min(...targets.map(({ r }) => r.top)),
      bottom: Math.max(...targets.map(({ r }) => r.bottom)),
      left: Math.min(...targets.map(({ r }) => r.left)),
      right: Math.max(...targets.map(({ r }) => r.right)),
    } : null;
    const drawer = document.querySelector('.hand-drawer');
    const d = drawer?.getBoundingClientRect();
    // The free band of the screen: below the board's prompt when it sticks to the top, above the hand drawer
    // when it sticks to the bottom (folded or not). The targets' box, each target cut to its pannable frame.
    const prompt = document.querySelector('.board-custom .my-turn')?.getBoundingClientRect();
    const bandTop = prompt && prompt.top <= 1 ? prompt.bottom : 0;
    const stuck = d && d.height > 0 && d.top < innerHeight && getComputedStyle(drawer).position === 'sticky';
    const bandBottom = stuck ? d.top : innerHeight;
    const cut = targets.map(({ el, r }) => {
      const f = el.closest('.board-pan.zoomed-in')?.getBoundingClientRect();
      return f ? { top: Math.max(r.top, f.top), bottom: Math.min(r.bottom, f.bottom) } : r;
    }).filter((r) => r.bottom > r.top);
    const cutTop = Math.min(...cut.map((r) => r.top));
    const cutBottom = Math.max(...cut.map((r) => r.bottom));
    const board = document.querySelector(`[data-testid=${id}]`)?.getBoundingClientRect();
    const boardShown = board ? Math.max(0, Math.min(board.bottom, innerHeight) - Math.max(board.top, 0)) / board.height : 0;
    return {
      count: targets.length,
      seen: seen.length,
      box,
      drawer: d && d.height > 0 && !drawer.classList.contains('folded') ? Math.round(d.top) : null,
      boardTop: board ? Math.round(board.top) : null,
      boardShown,
      boxHeight: cut.length ? cutBottom - cutTop : 0,
      boxShown: cut.length ? Math.max(0, Math.min(cutBottom, bandBottom) - Math.max(cutTop, bandTop)) : 0,
      scrollY: Math.round(scrollY),
      width: innerWidth,
      height: innerHeight,
    };
  }, boardId);

const round = (box) => box && `${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`;

for (const game of GAMES) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${game} on a ${size}: the board's targets are on screen at our turn`, { timeout: 180_000 }, async (t) => {
      const phone = size === 'phone';
      const page = await openPage(env, { viewport, locale: 'en-US', isMobile: phone, hasTouch: phone });
      await signIn(env, page, `os-${size}-${game}`.slice(0, 24));
      await gameAgainstBots(page, game);
      const moves = page.locator('[data-testid=legal-move]:enabled');
      const measured = [];
      for (let played = 0; played < MAX_MOVES && measured.length < TURNS; played++) {
        const deadline = Date.now() + 20_000;
        while ((await moves.count()) === 0) {
          if (await page.locator('#room[data-status=over]').count()) break;
          assert.ok(Date.now() < deadline, 'our turn came');
          await sleep(25);
        }
        if (await page.locator('#room[data-status=over]').count()) break;
        await sleep(SETTLE_MS);
        const seen = await measure(page, BOARD_OF[game]);
        if (seen.count > 0) {
          measured.push(seen);
          t.diagnostic(`${game} ${size} turn ${measured.length}: ${seen.seen} of ${seen.count} targets seen ` +
            `(${Math.round((100 * seen.seen) / seen.count)}%), their box ${round(seen.box)} in ${seen.width}x${seen.height} ` +
            `(${Math.round(seen.boxShown)} of its ${Math.round(seen.boxHeight)} px tall in the free band), ` +
            `board top ${seen.boardTop} (${Math.round(100 * seen.boardShown)}% of it on screen), drawer top ${seen.drawer ?? 'folded/none'}, scrollY ${seen.scrollY}`);
          await page.screenshot({ path: path.join(artifacts, `on-screen-${game}-${size}-${measured.length}.png`) });
        }
        const version = (await roomData(page)).version;
        await moves.first().evaluate((b) => b.click()); // a click that does not scroll the page
        await page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
      }
      assert.ok(measured.length >= 1, 'a turn of ours flagged targets on the board');
      measured.forEach((seen, k) => {
        const where = `${seen.seen} of ${seen.count} seen, box ${round(seen.box)}`;
        assert.ok(seen.seen >= 1, `turn ${k + 1}: a flagged target is on screen and not covered (${where})`);
        // Half a screen: a Capa d'Oro board's targets can be taller than the screen; a tenth spared for rounding.
        const wanted = 0.9 * Math.min(seen.boxHeight, seen.height / 2);
        assert.ok(seen.boxShown >= wanted, `turn ${k + 1}: the targets' box is in the free band, as far as half a ` +
          `screen (${Math.round(seen.boxShown)} px of ${Math.round(seen.boxHeight)}; ${where})`);
        const fits = seen.box.bottom - seen.box.top <= seen.height / 2 && seen.box.right - seen.box.left <= seen.width;
        if (fits) assert.equal(seen.seen, seen.count, `turn ${k + 1}: every flagged target is seen when they fit in half a screen (${where})`);
      });
      assert.deepEqual(page.errors, [], 'no console errors');
      await page.context().close();
    });
  }
}

// The page does not move under the person: typing in the chat when the turn comes holds it still. A phone, Capa
// d'Oro (whose flagged seed spaces start below the first screen): the person types a line in the chat, not sent,
// and starts the game at once; the board's targets are not brought up under the caret.
test('capa-doro on a phone: typing in the chat when the turn comes holds the page still', { timeout: 60_000 }, async () => {
  const page = await openPage(env, { viewport: SIZES.phone, locale: 'en-US', isMobile: true, hasTouch: true });
  await signIn(env, page, 'os-typing');
  await page.locator('[data-testid=create-game] option[value="capa-doro"]').waitFor({ state: 'attached' });
  await page.getByTestId('create-game').selectOption('capa-doro');
  await page.getByTestId('create-button').click();
  await page.getByTestId('addbot-button').click();
  await page.locator('[data-testid=seat][data-seat="1"]', { hasText: 'bot' }).waitFor();
  await page.getByTestId('chat-input').click();
  await page.keyboard.type('good luck');
  // Whether the page itself scrolls (targets_in_view.js calls window.scrollBy): counted from here. (Not scrollY:
  // when the table grows at the start, the browser's own scroll anchoring may move it a little.)
  await page.evaluate(() => {
    window.scrollsByPage = 0;
    const scrollBy = window.scrollBy.bind(window);
    window.scrollBy = (...args) => {
      window.scrollsByPage += 1;
      return scrollBy(...args);
    };
  });
  await page.getByTestId('start-button').evaluate((b) => b.click()); // a click that does not scroll the page
  await page.locator('[data-testid=cd-board] .flagged').first().waitFor({ state: 'attached' });
  await sleep(SETTLE_MS);
  assert.equal(await page.evaluate(() => window.scrollsByPage), 0, 'the page did not scroll to the targets while a line was being typed');
  assert.equal(await page.getByTestId('chat-input').inputValue(), 'good luck', 'the line typed is still there');
  assert.deepEqual(page.errors, [], 'no console errors');
  await page.context().close();
});
