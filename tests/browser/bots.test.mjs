// A lone player practises against a bot from the browser: the host's "Add a bot" control (strategies from the
// server's `games` message, named in the page's language), a game started with the bot in the other seat, and
// played to the end by clicking the player's text moves while the bot answers by itself. The final ranking
// names the bot; no console errors.
//
//   cd tests/browser && npm install && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { startAll, stopAll, openPage, signIn, roomData, lastError, artifacts, sleep } from './harness.mjs';

let env;

before(async () => {
  env = await startAll(['--bot-delay', '20']); // bots answer at once: the test waits on the player only
});

after(async () => {
  await stopAll(env);
});

/** Opens the folded text moves (a board game shows them folded under the board). */
async function unfoldMoves(page) {
  const open = await page.getByTestId('moves').evaluate((d) => d.open || d.hidden);
  if (!open) await page.getByTestId('moves-toggle').click();
}

test('a lone player adds a bot from the room and plays a game against it to the end', { timeout: 180_000 }, async (t) => {
  const A = await openPage(env, { viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  await signIn(env, A, 'Solo');
  await A.locator('[data-testid=create-game] option[value="santa-cruz"]').waitFor({ state: 'attached' });
  await A.getByTestId('create-game').selectOption('santa-cruz');
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();

  // The host alone sees the bot choice: the server's strategies, in the page's language.
  const choice = A.getByTestId('addbot-strategy');
  await choice.waitFor();
  const values = await choice.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(values, ['random', 'greedy', 'search', 'expert'], 'the strategies the server offers');
  // Strengths in words a player understands, weakest first.
  const words = async (at) => choice.locator('option').evaluateAll((os, i) => os.map((o) => o.textContent.split(' ')[i]), at);
  assert.deepEqual(await words(0), ['Easy', 'Normal', 'Strong', 'Expert']);
  assert.equal(await A.getByTestId('start-button').isDisabled(), true, 'one player cannot start a two-player game');
  await A.getByTestId('lang-select').selectOption('fr');
  assert.deepEqual(await words(1), ['facile', 'normal', 'fort', 'expert']);
  assert.equal(await A.getByTestId('addbot-button').textContent(), 'Ajouter un robot');
  await A.getByTestId('lang-select').selectOption('en');

  await choice.selectOption('search');
  await A.getByTestId('addbot-button').click();
  const botSeat = A.locator('[data-testid=seat][data-seat="1"]', { hasText: 'search-bot' });
  await botSeat.waitFor();
  assert.match(await botSeat.textContent(), /bot/);
  await A.screenshot({ path: path.join(artifacts, 'bot-room.png') });
  await A.getByTestId('start-button').click();
  await A.locator('#room[data-status=playing]').waitFor();
  await A.getByTestId('board-custom').waitFor();

  // Play the first text move whenever it is Solo's turn; the bot plays its own turns by itself.
  const started = Date.now();
  let moves = 0;
  while (!(await A.getByTestId('over').isVisible())) {
    assert.ok(Date.now() - started < 150_000, `the game did not end in time (${moves} moves by Solo)`);
    const button = A.locator('[data-testid=legal-move]:enabled').first();
    if ((await button.count()) === 0) {
      await sleep(25);
      continue;
    }
    await unfoldMoves(A); // now that there are moves: the panel is hidden while there are none
    const version = (await roomData(A)).version;
    const text = await button.textContent();
    await button.click();
    try {
      await A.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
    } catch {
      assert.fail(`move ${moves + 1} ("${text}") got no new view; last error: ${await lastError(A)}`);
    }
    moves++;
    if (moves === 15) await A.screenshot({ path: path.join(artifacts, 'bot-midgame.png') });
  }
  t.diagnostic(`Solo played ${moves} moves against the search bot in ${Date.now() - started} ms`);
  assert.ok(moves >= 10, 'Solo played a whole game');

  const rows = await A.locator('[data-testid=ranking-row]').allTextContents();
  assert.equal(rows.length, 2, 'the ranking lists the player and the bot');
  assert.ok(rows.some((r) => r.includes('search-bot')), `the bot is ranked: ${rows.join(' | ')}`);
  assert.ok(rows.some((r) => r.includes('Solo')), `the player is ranked: ${rows.join(' | ')}`);
  t.diagnostic(`ranking: ${rows.join(' | ')}`);
  assert.equal(await A.locator('#room[data-status=over]').count(), 1);
  assert.deepEqual(A.errors, [], 'no console errors');
});
