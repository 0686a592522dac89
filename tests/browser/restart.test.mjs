// An operator restarts the server during a game (SIGTERM, then the same binary on the same data folder): the
// player, reading in French, is told in the chat that the server is restarting and the game is kept, the
// connection indicator says the server is restarting (not a plain "offline"), the page reconnects by itself,
// and the player is back at the table in the same room at the same version, with the bot still in its seat.
//
//   cd tests/browser && npm install && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { startAll, stopAll, openPage, signIn, roomData, gameAgainstBots, restartServer, artifacts, BOARD_OF } from './harness.mjs';

let env;

before(async () => {
  env = await startAll(['--bot-delay', '20'], { stored: true });
});

after(async () => {
  await stopAll(env);
});

test('a restart mid-game: told in French, reconnected by itself, back at the same table', { timeout: 90_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 860 }, locale: 'fr-FR' });
  await signIn(env, A, 'Patiente');
  const room = await gameAgainstBots(A, 'santa-cruz', { bots: 1, strategy: 'random' });
  const before = await roomData(A);

  const restarting = restartServer(env, 2000);
  const notice = A.locator('#chat-log .line', { hasText: 'Le serveur redémarre' });
  await notice.waitFor({ timeout: 10_000 });
  await A.locator('[data-testid=conn-status][data-state=retrying]').waitFor({ timeout: 10_000 });
  assert.match(await A.getByTestId('conn-status').textContent(), /le serveur redémarre, retour dans \d+ s/);
  await A.screenshot({ path: path.join(artifacts, 'restart-waiting.png') });
  await restarting;

  await A.locator('[data-testid=conn-status][data-state=online]').waitFor({ timeout: 30_000 });
  await A.locator(`#room[data-room-id="${room}"]`).waitFor();
  await A.getByTestId(BOARD_OF['santa-cruz']).waitFor();
  const after = await roomData(A);
  assert.equal(after.status, 'playing');
  assert.ok(Number(after.version) >= Number(before.version), `version ${after.version} after ${before.version}`);
  await A.locator('[data-testid=seat][data-seat="1"]', { hasText: 'bot' }).waitFor();
  await A.screenshot({ path: path.join(artifacts, 'restart-back.png') });
  assert.deepEqual(A.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e)), [], 'no console errors');
});
