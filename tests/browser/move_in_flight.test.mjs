// The web client's seat waits for the patch of its own move: a full state at the version the move was chosen on
// (made before the move arrived, e.g. the answer to an earlier sync) must not enable the move buttons again, or
// a second click would send the move twice. A relay keeps the page's view (with the shared view tracker), and
// when the page sends a move it first hands the page that same view again as a full `state`, and holds the move
// back until the test has looked: meanwhile the buttons must stay disabled. Then the move goes on, and its patch
// frees the seat.
//
//   cd tests/browser && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAll, stopAll, openPage, signIn, roomData, sleep } from './harness.mjs';
import { ViewTracker } from '../../web-client/view_tracker.js';

let env;
before(async () => {
  env = await startAll(['--bot-delay', '20']);
});
after(async () => {
  await stopAll(env);
});

test('a full state at the version a move was chosen on does not free the seat', async () => {
  const A = await openPage(env, { viewport: { width: 1100, height: 860 }, locale: 'en-US' });
  const seen = new ViewTracker();
  const relay = { replayed: 0, release: null };
  await A.context().routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    upstream.onMessage((m) => {
      seen.onMessage(JSON.parse(m));
      ws.send(m);
    });
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.type !== 'action' || relay.replayed > 0) return upstream.send(m);
      relay.replayed++;
      ws.send(JSON.stringify({ type: 'state', room: seen.room, version: seen.version, seat: seen.seat, view: seen.view, static: seen.staticData }));
      relay.release = () => upstream.send(m);
    });
  });

  await signIn(env, A, 'Ida');
  await A.locator('[data-testid=create-game] option[value="santa-cruz"]').waitFor({ state: 'attached' });
  await A.getByTestId('create-game').selectOption('santa-cruz');
  await A.getByTestId('create-button').click();
  await A.getByTestId('addbot-strategy').waitFor();
  await A.getByTestId('addbot-button').click();
  await A.locator('[data-testid=seat][data-seat="1"]', { hasText: 'bot' }).waitFor();
  await A.getByTestId('start-button').click();
  await A.locator('#room[data-status=playing]').waitFor();

  const moves = A.locator('[data-testid=legal-move]');
  await moves.first().waitFor({ state: 'attached', timeout: 10_000 }); // our turn (the bot may go first)
  if (!(await A.getByTestId('moves').evaluate((d) => d.open))) await A.getByTestId('moves-toggle').click();
  await A.locator('[data-testid=legal-move]:enabled').first().waitFor();
  const version = (await roomData(A)).version;
  await moves.first().click();

  for (let i = 0; i < 200 && !relay.release; i++) await sleep(10);
  assert.equal(relay.replayed, 1, 'the relay replayed the state');
  await sleep(300); // the page has taken the replayed state in; the move is held back until release()
  assert.equal((await roomData(A)).version, version, 'the page holds the replayed state, at the same version');
  assert.ok((await moves.count()) > 0, 'the replayed view still offers the moves');
  assert.equal(await A.locator('[data-testid=legal-move]:enabled').count(), 0, 'but the move on its way keeps them disabled');

  // The move goes on: its patch (`by` our seat) gives a new version, and the game carries on.
  relay.release();
  await A.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
  await A.locator('[data-testid=legal-move]:enabled').first().waitFor({ timeout: 10_000 });
  assert.deepEqual(A.errors, [], 'no console errors (the move was sent once, never refused)');
  assert.equal(await A.locator('#chat-log .line-error').count(), 0, 'no error line');
});
