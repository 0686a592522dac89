// A player's games (issue 36, "Every game's history"): a player finishes a game of Santa Cruz against a bot, goes
// back to the lobby and opens My games: the game is there with its players and a Replay link to /#replay/<room>.
// A fresh browser (no name, no token, in French) follows the link: it asks for a name, then shows the replay at
// step 0 on the board and steps forward with the button and the arrow key; Back to the lobby closes it and the
// link. Last, the player follows the link in their own page.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- game_history.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, gameAgainstBots, playTextMovesToTheEnd, artifacts } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

const board = (page) => page.getByTestId('board-custom').innerHTML();
const lines = (page) => page.locator('[data-testid=replay-line]').allTextContents();

async function waitForStep(page, pattern) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('[data-testid=replay-counter]')?.textContent || ''),
    pattern.source,
    { timeout: 10_000 },
  );
}

test('My games lists a finished game whose Replay link opens in a fresh browser', { timeout: 300_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await signIn(env, A, 'Hana');
  const room = await gameAgainstBots(A, 'santa-cruz', { bots: 1 });
  await playTextMovesToTheEnd([A]);
  await A.getByTestId('over').waitFor();
  await A.getByTestId('lobby-button').click();
  await A.getByTestId('lobby').waitFor();

  // My games: the newest first, with its players by place and its Replay link.
  await A.getByTestId('game-history-title').click();
  const item = A.locator(`[data-testid=history-game][data-room-id="${room}"]`);
  await item.waitFor();
  assert.equal(await A.locator('[data-testid=history-game]').first().getAttribute('data-room-id'), String(room));
  const players = await item.getByTestId('history-players').textContent();
  assert.match(players, /^1\. \S+ \d+ · 2\. \S+ \d+$/, players);
  assert.match(players, /Hana/);
  assert.match(players, /random-bot-1/);
  assert.match(await item.textContent(), /Santa Cruz/);
  const href = await item.getByTestId('history-replay').getAttribute('href');
  assert.equal(href, `#replay/${room}`);
  await A.getByTestId('game-history').screenshot({ path: path.join(artifacts, 'game-history.png') });

  // A fresh browser follows the link: a name first, then the replay at its set-up.
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await B.goto(`${env.base}/${href}`);
  await B.getByTestId('login-replay').waitFor();
  assert.match(await B.getByTestId('login-replay').textContent(), new RegExp(`salle ${room}`));
  await B.getByTestId('name-input').fill('Iris');
  await B.getByTestId('login-submit').click();
  await waitForStep(B, /^étape 0 \/ \d+$/);
  await B.getByTestId('board-custom').waitFor();
  assert.equal(await B.locator('#room').getAttribute('data-room-id'), String(room));
  assert.match(await B.getByTestId('seats').textContent(), /Hana/);
  assert.match(await B.getByTestId('replay-log').textContent(), /mise en place/);
  assert.ok(await B.getByTestId('replay-first').isDisabled(), 'nothing before the set-up');
  const setUp = await board(B);

  // Forward with the button, then with the arrow key.
  await B.getByTestId('replay-forward').tap();
  await waitForStep(B, /^étape 1 \//);
  assert.ok((await lines(B)).length > 0, 'step 1 shows its log line');
  await B.keyboard.press('ArrowRight');
  await waitForStep(B, /^étape 2 \//);
  await B.keyboard.press('ArrowRight');
  await waitForStep(B, /^étape 3 \//);
  assert.notEqual(await board(B), setUp, 'three moves later the board is not the set-up');
  await B.screenshot({ path: path.join(artifacts, 'game-history-replay-link.png') });

  // Back to the lobby: the replay and the link go.
  assert.equal(await B.getByTestId('replay-close').textContent(), 'Retour au hall');
  await B.getByTestId('replay-close').tap();
  await B.getByTestId('lobby').waitFor();
  assert.equal(new URL(B.url()).hash, '', 'the link is closed with the replay');

  // The player follows the link in their own page.
  await item.getByTestId('history-replay').click();
  await waitForStep(A, /^step 0 \/ \d+$/);
  await A.getByTestId('replay-forward').click();
  await waitForStep(A, /^step 1 \//);
  assert.deepEqual([...A.errors, ...B.errors], [], 'no console errors');
});
