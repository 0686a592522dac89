// The lobby's room list follows the server's `rooms_delta` updates: a room another client creates appears in
// the list without a reload or a new request, and goes when that client leaves it (the room closes). The
// page's own messages are recorded through a relay, to show it asked for no list meanwhile.
//
//   cd tests/browser && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, artifacts } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

test('a room created by another client appears and goes without a reload', async () => {
  const A = await openPage(env, { viewport: { width: 1100, height: 860 }, locale: 'en-US' });
  const sent = [];
  await A.context().routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      sent.push(JSON.parse(m));
      upstream.send(m);
    });
    upstream.onMessage((m) => ws.send(m));
  });
  await signIn(env, A, 'Lina');
  const asked = sent.filter((m) => m.type === 'rooms').length;

  // Another player, in another browser, creates a room with the form.
  const B = await openPage(env, { viewport: { width: 1100, height: 860 }, locale: 'en-US' });
  await signIn(env, B, 'Omar');
  await B.locator('[data-testid=create-game] option[value="santa-cruz"]').waitFor({ state: 'attached' });
  await B.getByTestId('create-game').selectOption('santa-cruz');
  await B.getByTestId('create-button').click();
  await B.getByTestId('room').waitFor();
  const { roomId } = await roomData(B);
  const item = A.locator(`[data-testid=room-item][data-room-id="${roomId}"]`);
  await item.waitFor();
  assert.equal(await item.getAttribute('data-status'), 'waiting');
  assert.match(await item.textContent(), /Omar/);
  await A.screenshot({ path: path.join(artifacts, 'lobby-delta-added.png') });

  await B.getByTestId('leave-button').click(); // nobody left before the start: the room closes
  await item.waitFor({ state: 'detached' });
  assert.equal(await A.getByTestId('room-item').count(), 0);
  assert.equal(sent.filter((m) => m.type === 'rooms').length, asked, 'the page asked for no list: the updates came by themselves');
  assert.equal(await A.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'no reload');
  assert.deepEqual(A.errors, []);
  assert.deepEqual(B.errors, []);
});
