// Issue 35, point 5: an absent player stalled the table with little said (for 60 s the others saw "Waiting for X"
// and an away tag). Now a line says who left and when, the seat's chip counts down to when it may be handed to a
// bot, and a line says when they are back. Ana (English, desktop) and Ben (French, phone) play Santa Cruz with
// --handover-after 30s; Ben's page goes away, then a new tab of his comes back.
//
//   cd tests/browser && npm test -- absent.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, createJoinStart, artifacts, sleep } from './harness.mjs';

let env;
before(async () => {
  env = await startAll(['--handover-after', '30s']);
});
after(async () => {
  await stopAll(env);
});

const countdown = (page, seat) => page.locator(`[data-testid=seat][data-seat="${seat}"] [data-testid=away-countdown]`);
const seconds = (text) => {
  const [, m, s] = text.match(/(\d+):(\d\d)$/);
  return Number(m) * 60 + Number(s);
};

test('who left and when, a countdown to the hand-over, and who is back', { timeout: 60_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  let B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Ana');
  await signIn(env, B, 'Ben');
  await createJoinStart(A, B, 'santa-cruz');
  const benContext = B.context();
  await B.close();

  const left = A.locator('#chat-log .line-info .text', { hasText: /^Ben left the table/ });
  await left.waitFor();
  assert.match(await left.textContent(), /^Ben left the table; the others may hand the seat to a bot in (29|30) s\.$/);
  assert.match(await left.locator('xpath=..').locator('.time').textContent(), /^\d\d:\d\d$/, 'the line has its time');
  const first = seconds(await countdown(A, 1).textContent());
  assert.ok(first > 25 && first <= 30, `the countdown starts near 30 s (${first})`);
  assert.match(await countdown(A, 1).textContent(), /^away · a bot may play in 0:\d\d$/);
  await sleep(2200);
  const later = seconds(await countdown(A, 1).textContent());
  assert.ok(later <= first - 1 && later >= first - 3, `it counts down (${first} then ${later})`);
  await A.screenshot({ path: path.join(artifacts, 'absent-countdown-desktop.png') });

  // Ben is back (a new tab resumes with his token): a line says so and the countdown is gone.
  B = await benContext.newPage();
  await B.goto(env.base + '/');
  await A.locator('#chat-log .line-info .text', { hasText: /^Ben is back\.$/ }).waitFor();
  await countdown(A, 1).waitFor({ state: 'detached' });
  assert.equal(await A.locator('[data-testid=seat][data-seat="1"]').getAttribute('data-connected'), 'true');

  // And in French, from Ben's side when Ana goes.
  await B.locator('[data-testid=seat][data-seat="0"][data-connected=true]').waitFor();
  await A.close();
  const gone = B.locator('#chat-log .line-info .text', { hasText: /^Ana a quitté la table/ });
  await gone.waitFor();
  assert.match(await gone.textContent(), /^Ana a quitté la table ; les autres pourront confier sa place à un robot dans (29|30) s\.$/);
  assert.match(await countdown(B, 0).textContent(), /^absent · un robot pourra jouer dans 0:\d\d$/);
  await B.screenshot({ path: path.join(artifacts, 'absent-countdown-phone-fr.png') });
});
