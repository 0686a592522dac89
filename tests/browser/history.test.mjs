// Issue 35, point 4: a chat line seen by a player was gone after that player reloaded, the lines before the start
// (who sat down, the start) were dropped, and the restored game lines carried the reload's time. Now the room's
// talk and notices come back after a reload with the times they were said, and so do the game log's lines.
//
//   cd tests/browser && npm test -- history.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, createJoinStart, roomData, artifacts, sleep } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

const say = async (page, text) => {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
};
const lines = (page, kind, text) => page.locator(`#chat-log .line-${kind}`, { has: page.locator('.text', { hasText: text }) });
const at = async (line) => Number(await line.getAttribute('data-at'));

/** Whoever of `pages` may move plays the first text move (the folded list of legal moves), so the log has lines. */
async function playOneMove(pages) {
  for (let tries = 0; tries < 200; ++tries) {
    for (const p of pages) {
      if (!(await p.getByTestId('moves').evaluate((d) => d.open))) await p.getByTestId('moves-toggle').click().catch(() => {});
      const button = p.locator('[data-testid=legal-move]:enabled').first();
      if ((await button.count()) === 0) continue;
      const version = (await roomData(p)).version;
      await button.evaluate((b) => b.click());
      await p.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
      return;
    }
    await sleep(50);
  }
  assert.fail('nobody could move');
}

test('the room\'s talk, its notices and the game log come back after a reload, with their own times', { timeout: 60_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Ana');
  await signIn(env, B, 'Ben');
  await createJoinStart(A, B, 'santa-cruz');
  await say(A, 'hello from Ana');
  await lines(B, 'chat', 'hello from Ana').waitFor({ state: 'attached' });
  const said = await at(lines(B, 'chat', 'hello from Ana'));
  await playOneMove([A, B]);
  await B.locator('#chat-log .line-log').first().waitFor({ state: 'attached' });

  await sleep(1500); // the reload's moment is later than anything said
  const reloadedAt = Date.now();
  await B.reload();
  await B.locator('#room[data-status=playing]').waitFor();
  const chatLine = lines(B, 'chat', 'hello from Ana');
  await chatLine.waitFor({ state: 'attached' });
  assert.equal(await chatLine.count(), 1, 'the line comes back once');
  // With the server's time of it (the live line had the page's, a few milliseconds later), not the reload's.
  const restored = await at(chatLine);
  assert.ok(restored <= said && said - restored < 2000, `said at ${restored}, seen at ${said}`);
  assert.ok(restored < reloadedAt - 1000, `before the reload (${restored} < ${reloadedAt})`);
  assert.match(await chatLine.locator('.time').textContent(), /^\d\d:\d\d$/);

  // The notices from before the start, in Ben's French.
  await lines(B, 'info', /^Ben s'assoit à la place 2/).waitFor({ state: 'attached' });
  const start = lines(B, 'info', /^La partie de Santa Cruz commence/);
  await start.waitFor({ state: 'attached' });
  assert.ok((await at(start)) < reloadedAt);

  // The game log's lines, each with the time it was written.
  const logLines = B.locator('#chat-log .line-log');
  await logLines.first().waitFor({ state: 'attached' });
  for (const line of await logLines.all()) {
    const when = await at(line);
    assert.ok(when > 0 && when < reloadedAt, `a game line from before the reload (${when} < ${reloadedAt})`);
  }
  // In time order: every line's time is at least the one before it.
  const times = await B.locator('#chat-log li').evaluateAll((els) => els.map((e) => Number(e.dataset.at)));
  assert.deepEqual(times, [...times].sort((x, y) => x - y));
  await B.screenshot({ path: path.join(artifacts, 'history-after-reload-phone-fr.png') });
});
