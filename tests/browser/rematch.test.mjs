// Rematch from the result panel (issue 12, point 5): two people finish a game of Santa Cruz (text moves), A
// clicks Rematch and lands in a new room at the same seat; B's finished room then offers "Join the rematch";
// B's click seats B at the old seat, and the new game starts by itself with the same seats. The result panel
// names the winner and, when the server sends over.breakdown, each player's points by source add up to the
// score. A server without /rematch or breakdown yet: those parts are reported, not checked.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- rematch.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAll, stopAll, openPage, signIn, roomData, createJoinStart, playTextMovesToTheEnd } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

test('the result panel, then a rematch with the same seats', { timeout: 240_000 }, async (t) => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Ana');
  await signIn(env, B, 'Ben');
  const first = await createJoinStart(A, B, 'santa-cruz');
  await playTextMovesToTheEnd([A, B]);
  for (const p of [A, B]) await p.locator('#room[data-status=over]').waitFor();
  await A.getByTestId('over').waitFor();

  const panel = await A.evaluate(() => ({
    winner: document.querySelector('[data-testid=over-winner]').textContent,
    rows: [...document.querySelectorAll('[data-testid=ranking-row]')].map((r) => ({
      score: Number(r.dataset.score),
      parts: [...r.querySelectorAll('[data-testid=breakdown-cell]')].map((c) => Number(c.dataset.points)),
    })),
  }));
  assert.match(panel.winner, /Ana|Ben/, 'the winner is named');
  if (panel.rows.every((r) => r.parts.length === 0)) t.diagnostic('no over.breakdown from this server yet');
  else for (const r of panel.rows) assert.equal(r.parts.reduce((a, b) => a + b, 0), r.score, 'the breakdown adds up to the score');
  assert.match(await B.getByTestId('rematch-button').textContent(), /^Revanche$/, 'in French on B');

  const seatsBefore = await A.locator('[data-testid=seat] .seat-label').allTextContents();
  await A.getByTestId('rematch-button').click();
  const moved = await A.waitForFunction((id) => document.querySelector('#room').dataset.roomId !== id, String(first), { timeout: 5000 })
    .then(() => true, () => false);
  if (!moved) {
    t.diagnostic('this server has no /rematch yet: the rematch is not checked');
    return;
  }
  const second = (await roomData(A)).roomId;
  await B.getByTestId('rematch-button').filter({ hasText: `${second}` }).waitFor();
  await B.getByTestId('rematch-button').click();
  for (const p of [A, B]) await p.locator(`#room[data-room-id="${second}"][data-status=playing]`).waitFor();
  assert.equal((await roomData(A)).seat, '0');
  assert.equal((await roomData(B)).seat, '1');
  const seatsAfter = await A.locator('[data-testid=seat] .seat-label').allTextContents();
  assert.deepEqual(seatsAfter, seatsBefore, 'the same people in the same seats');
  assert.deepEqual(seatsAfter, ['Ana', 'Ben']);
  assert.deepEqual([...A.errors, ...B.errors], [], 'no console errors');
});
