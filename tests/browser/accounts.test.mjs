// Issue 36, accounts: Mira plays as a guest, sits in a room, then registers her name from the header's sign-in
// area (a /register typed in the chat opens that form and sends nothing). A second browser context (another
// device) logs in to "mira" with the password: it gets the name and the seat back, and the first is told it was
// replaced. "Log out everywhere" then brings the second device back to the first screen, and the password never
// appears in either page's chat.
//
//   cd tests/browser && npm test -- accounts.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, artifacts } from './harness.mjs';

const PASSWORD = 'tide-and-lanterns-42';

let env;
before(async () => {
  env = await startAll(['--password-cost', 'minimum']);
});
after(async () => {
  await stopAll(env);
});

test('register in one browser, log in from another and find the seat; log out everywhere', async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 } });
  await signIn(env, A, 'Mira');
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();

  // A password typed after /register in the chat goes nowhere: the sign-in form opens instead.
  await A.getByTestId('chat-input').fill(`/register ${PASSWORD}`);
  await A.getByTestId('chat-send').click();
  await A.getByTestId('account-password').waitFor();
  assert.equal(await A.getByTestId('chat-input').inputValue(), '');
  await A.getByTestId('account-password').fill(PASSWORD);
  await A.getByTestId('account-register').click();
  await A.locator('[data-testid=account-summary]', { hasText: '✓ Mira' }).waitFor();
  await A.screenshot({ path: path.join(artifacts, 'account-registered.png') });

  const B = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  await B.goto(env.base + '/');
  await B.getByTestId('login').waitFor(); // the first screen: no name on this device
  await B.getByTestId('account-summary').click();
  await B.getByTestId('account-name').fill('mira');
  await B.getByTestId('account-password').fill('not-her-password');
  await B.getByTestId('account-login').click();
  await B.getByTestId('account-error').waitFor();
  assert.match(await B.getByTestId('account-error').textContent(), /pseudo ou mot de passe erroné/);

  await B.getByTestId('account-password').fill(PASSWORD);
  await B.getByTestId('account-login').click();
  await B.locator('[data-testid=conn-status][data-state=online]').waitFor();
  await B.getByTestId('room').waitFor(); // the seat came back with the login
  assert.equal(await B.getByTestId('me-name').textContent(), 'Mira');
  await B.locator('[data-testid=account-summary]', { hasText: '✓ Mira' }).waitFor();
  await A.locator('[data-testid=conn-status][data-state=replaced]').waitFor();
  await B.screenshot({ path: path.join(artifacts, 'account-logged-in-fr.png') });

  await B.getByTestId('account-summary').click();
  await B.getByTestId('account-logout-all').click();
  await B.getByTestId('login').waitFor();
  await B.locator('[data-testid=account-summary]', { hasText: 'Connexion' }).waitFor();

  for (const page of [A, B]) {
    assert.ok(!(await page.getByTestId('chat-log').textContent()).includes(PASSWORD), 'no password in the chat');
    assert.deepEqual(page.errors, []);
  }
});
