// Issue 35, point 7: a name taken says so plainly. Kim sits in a waiting room and closes the tab: the seat keeps
// the name, so a second device asking for "Kim" is refused with the reason in the form, and the header no longer
// says "signing in…" beside it; another name then signs in from the same form. (That a finished game frees the
// name once the grace has passed is tests/server/robustness_test.cpp's
// AFinishedGameFreesTheNameOfAPlayerWhoLeftAndARunningOneKeepsIt.)
//
//   cd tests/browser && npm test -- names.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, artifacts } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

test('a name held by a seat is refused plainly, and another name signs in from the same form', async () => {
  const A = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Kim');
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();
  await A.context().close();

  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await B.goto(env.base + '/');
  await B.getByTestId('name-input').fill('Kim');
  await B.getByTestId('login-submit').click();
  await B.getByTestId('login-error').waitFor();
  assert.match(await B.getByTestId('login-error').textContent(), /Kim est pris/);
  assert.equal(await B.getByTestId('conn-status').isVisible(), false, 'no "signing in…" beside the refusal');
  await B.screenshot({ path: path.join(artifacts, 'name-taken-phone.png') });

  await B.getByTestId('name-input').fill('Kim2');
  await B.getByTestId('login-submit').click();
  await B.locator('[data-testid=conn-status][data-state=online]').waitFor();
  assert.equal(await B.getByTestId('me-name').textContent(), 'Kim2');
  assert.equal(await B.getByTestId('conn-status').isVisible(), true, 'the header shows the connection again');
});
