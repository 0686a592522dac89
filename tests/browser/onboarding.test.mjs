// Onboarding (issue 12, point 8): no "not connected" before anyone tried; once signed in, a welcome line says
// what Archipel is (in English and French), and "Play against bots now" makes a room of the chosen game with a
// bot in each other seat it needs and starts it, with the commands a person could type (/create, /addbot,
// /start) and nothing else; the room's "The rules in short" unfolds the game's summary, in both languages.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- onboarding.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAll, stopAll, openPage, signIn, roomData, BOARD_OF } from './harness.mjs';

let env;
before(async () => {
  env = await startAll(['--bot-delay', '20']);
});
after(async () => {
  await stopAll(env);
});

test('welcome line, no early "not connected", play against bots in one click', { timeout: 60_000 }, async () => {
  const page = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
  const sent = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(f.payload))));
  await page.goto(env.base + '/');
  await page.getByTestId('login').waitFor();
  assert.equal(await page.getByTestId('conn-status').isHidden(), true, 'no connection state before anyone tried');

  await signIn(env, page, 'Newcomer');
  assert.match(await page.getByTestId('welcome').textContent(), /^Archipel is a table for island board games/);
  await page.getByTestId('lang-select').selectOption('fr');
  assert.match(await page.getByTestId('welcome').textContent(), /^Archipel est une table de jeux de plateau/);
  assert.equal((await page.getByTestId('quick-button').textContent()).trim(), 'Jouer contre des robots');
  await page.getByTestId('lang-select').selectOption('en');

  await page.locator('[data-testid=create-game] option[value="costa-ruana"]').waitFor({ state: 'attached' });
  await page.getByTestId('create-game').selectOption('costa-ruana');
  await page.getByTestId('quick-button').click();
  await page.locator('#room[data-status=playing]').waitFor();
  await page.getByTestId(BOARD_OF['costa-ruana']).waitFor();
  const seats = await page.locator('[data-testid=seat]').allTextContents();
  assert.equal(seats.length, 2, 'the game\'s two seats at least');
  assert.match(seats[0], /Newcomer/);
  assert.match(seats[1], /bot/);
  assert.equal((await roomData(page)).seat, '0');
  // The rules in short, from the room, in the page's language.
  await page.locator('[data-testid=room-rules] summary').click();
  const rules = await page.locator('[data-testid=rules-list] li').allTextContents();
  assert.ok(rules.length >= 3 && /^Five rounds/.test(rules[0]), `the rules summary: ${rules[0]}`);
  await page.getByTestId('lang-select').selectOption('fr');
  assert.match(await page.locator('[data-testid=rules-list] li').first().textContent(), /^Cinq manches/);
  await page.getByTestId('lang-select').selectOption('en');
  // The language switches above send /lang (the server's lines follow the page); the quick game itself is the
  // three commands a person could type.
  const lines = sent.filter((m) => m.type === 'chat' && !m.text.startsWith('/lang ')).map((m) => m.text);
  assert.deepEqual(lines, ['/create costa-ruana', '/addbot random', '/start'], 'only the commands a person could type');
  assert.deepEqual(sent.filter((m) => m.type === 'chat' && m.text.startsWith('/lang ')).map((m) => m.text).slice(-2),
    ['/lang fr', '/lang en'], 'each language switch tells the server');
  assert.deepEqual(page.errors, [], 'no console errors');
});
