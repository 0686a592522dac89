// Click to update (issue 35, point 10): for every game, on a desktop and a phone screen, the time from a person's
// click on a flagged board target to the board drawn anew with the move applied (the room's version changed and the
// next frame painted), beside a baseline measured the same way in the same run: a chat line sent from the page's own
// form until it shows in the chat pane (the same socket, the same server, a DOM update of the same page, no game).
// Prints each row's median and 90th percentile and the ratio of the medians. A benchmark, not a test: run it on a
// quiet machine (docs/testing.md):
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=../../build/server/archipel-server node bench_click_to_update.mjs
//   SAMPLES=40 GAMES=capa-doro SCREENS=phone node bench_click_to_update.mjs
//
// The person plays against one random bot answering at once (--bot-delay 0), so a sample is the person's own
// move. A click that sends no move by itself (it selects a card, or opens a chooser) is not a sample: the page then
// plays its first text move to get on. The click is a real one (Playwright's mouse); its time is the event's own
// timeStamp, read in the page, so the driver's overhead is not counted.

import { BOARD_OF, gameAgainstBots, openPage, signIn, sleep, startAll, stopAll } from './harness.mjs';

const SAMPLES = Number(process.env.SAMPLES || 20);
const GAMES = (process.env.GAMES || 'santa-cruz,costa-ruana,capa-doro,santa-maria').split(',');
const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const WANTED_SCREENS = (process.env.SCREENS || 'desktop,phone').split(',');
const TARGETS = '.flagged, .sm-target, [data-legal=true], [data-playable=true], [data-flag=true]';

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

// Records every click's time (event.timeStamp: when the browser made the event) for the waits below.
function installClickClock(page) {
  return page.evaluate(() => {
    if (window.__clickClock) return;
    window.__clickClock = true;
    document.addEventListener('click', (e) => { window.__lastClick = e.timeStamp; }, true);
  });
}

// In the page: waits until the room's version differs from `version` (or `timeout` ms), then for the next frame;
// returns the time since the last click in ms, or null if the version did not change.
function waitForNewVersion(page, version, timeout) {
  return page.evaluate(([v, limit]) => new Promise((resolve) => {
    const room = document.querySelector('#room');
    const done = (changed) => {
      observer.disconnect();
      clearTimeout(timer);
      if (!changed) return resolve(null);
      requestAnimationFrame(() => resolve(performance.now() - window.__lastClick));
    };
    const observer = new MutationObserver(() => { if (room.dataset.version !== v) done(true); });
    observer.observe(room, { attributes: true, attributeFilter: ['data-version'] });
    const timer = setTimeout(() => done(room.dataset.version !== v), limit);
    if (room.dataset.version !== v) done(true);
  }), [version, timeout]);
}

// The baseline: a chat line from the page's form until it is in the chat pane, then the next frame.
async function chatSample(page, k) {
  const text = `ping ${k} ${Math.random().toString(36).slice(2, 8)}`;
  await page.getByTestId('chat-input').fill(text);
  return page.evaluate((line) => new Promise((resolve) => {
    const log = document.querySelector('#chat-log');
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!log.textContent.includes(line)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    });
    observer.observe(log, { childList: true, subtree: true, characterData: true });
    document.querySelector('#chat-form').requestSubmit();
  }), text);
}

async function playFirstTextMove(page) {
  if (!(await page.getByTestId('moves').evaluate((d) => d.open))) await page.getByTestId('moves-toggle').click().catch(() => {});
  const button = page.locator('[data-testid=legal-move]:enabled').first();
  if (await button.count()) await button.evaluate((b) => b.click());
}

async function measure(env, game, screen) {
  const page = await openPage(env, SCREENS[screen]);
  await signIn(env, page, `bench-${screen}-${game.slice(0, 5)}`);
  await gameAgainstBots(page, game, { bots: 1, strategy: 'random' });
  await installClickClock(page);
  const board = page.getByTestId(BOARD_OF[game]);
  const moves = [];
  const chats = [];
  let indirect = 0;
  const deadline = Date.now() + 120_000;
  while (moves.length < SAMPLES && Date.now() < deadline) {
    if (await page.locator('#room[data-status=over]').count()) break;
    const targets = board.locator(TARGETS);
    const count = await targets.count();
    if (count === 0) {
      // Not the person's turn, or their move is not on the board (a hand card first): let the text moves go on.
      if (await page.locator('[data-testid=legal-move]:enabled').count()) await playFirstTextMove(page);
      await sleep(30);
      continue;
    }
    const version = await page.locator('#room').getAttribute('data-version');
    const target = targets.nth(Math.floor(Math.random() * count));
    try {
      await target.click({ timeout: 2000 });
    } catch {
      await playFirstTextMove(page);
      continue;
    }
    const ms = await waitForNewVersion(page, version, 1500);
    if (ms === null) {
      ++indirect;
      await playFirstTextMove(page);
      continue;
    }
    moves.push(ms);
    chats.push(await chatSample(page, moves.length));
  }
  await page.context().close();
  return { game, screen, moves, chats, indirect };
}

const env = await startAll(['--bot-delay', '0']);
const rows = [];
try {
  for (const game of GAMES)
    for (const screen of WANTED_SCREENS) rows.push(await measure(env, game, screen));
} finally {
  await stopAll(env);
}
console.log('| game | screen | moves | click to update: median, p90 (ms) | chat line: median, p90 (ms) | ratio of medians |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  const m = median(r.moves), c = median(r.chats);
  console.log(`| ${r.game} | ${r.screen} | ${r.moves.length} (${r.indirect} clicks sent no move) | ` +
    `${m.toFixed(1)}, ${quantile(r.moves, 0.9).toFixed(1)} | ${c.toFixed(1)}, ${quantile(r.chats, 0.9).toFixed(1)} | ` +
    `${(m / c).toFixed(2)} |`);
}
