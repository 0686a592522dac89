// An absent player does not block the table (issue 12, point 7): Ana and Ben start a game of Santa Cruz; Ben's
// page goes away; once the server's --handover-after has passed (1 s here), Ana's seat chip for Ben offers
// "Hand to a bot"; one click (Ana is the only other person present, so her vote is enough) has a bot play Ben's
// seat, and its moves come; Ben comes back, sees "Take my seat back", clicks it and plays his seat again.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- handover.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, createJoinStart, joinAndStart, artifacts } from './harness.mjs';

let env;
before(async () => {
  env = await startAll(['--handover-after', '1s']);
});
after(async () => {
  await stopAll(env);
});

// Plays Ana's legal moves (the page's move buttons) until the game moves on while Ana has no move to make: a move
// of Ben's seat, which only the bot can make now. Returns whether it came within `timeout`.
async function playUntilBenMoves(page, timeout = 30_000) {
  if (!(await page.getByTestId('moves').evaluate((d) => d.open))) await page.getByTestId('moves-toggle').click();
  const changed = (v) =>
    page.waitForFunction((x) => document.querySelector('#room').dataset.version !== x, v, { timeout: 5000 }).then(() => true, () => false);
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const version = (await roomData(page)).version;
    const button = page.locator('[data-testid=legal-move]:enabled').first();
    if (await button.count()) {
      await button.evaluate((b) => b.click());
      assert.ok(await changed(version), 'Ana\'s move went through');
    } else if (await changed(version)) {
      return true;
    }
  }
  return false;
}

test('a vote hands an absent seat to a bot; /join takes it back', { timeout: 90_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  let B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Ana');
  await signIn(env, B, 'Ben');
  const room = await createJoinStart(A, B, 'santa-cruz');
  const benContext = B.context();
  await B.close();  // Ben's page goes away; his token stays in the browser's storage

  const benChip = A.locator('[data-testid=seat][data-seat="1"]');
  await benChip.getByTestId('handover').waitFor({ timeout: 15_000 });
  assert.equal(await benChip.getByTestId('handover').textContent(), 'Hand to a bot');
  await benChip.getByTestId('handover').click();
  await benChip.getByTestId('stand-in').waitFor();
  assert.equal(await benChip.locator('.seat-label').textContent(), 'Ben', 'the seat stays Ben’s');

  // The bot plays Ben's seat: the game moves on while it is not Ana's turn.
  assert.ok(await playUntilBenMoves(A), 'a move of Ben\'s seat came (the bot)');

  // Ben comes back (a new tab resumes with his token), finds the bot on his seat and takes it back.
  B = await benContext.newPage();
  B.errors = [];
  B.on('pageerror', (e) => B.errors.push(`pageerror: ${e.message}`));
  await B.goto(env.base + '/');
  await B.locator(`#room[data-room-id="${room}"]`).waitFor({ timeout: 15_000 });
  const take = B.locator('[data-testid=seat][data-seat="1"] [data-testid=take-back]');
  await take.waitFor();
  assert.equal(await take.textContent(), 'Reprendre ma place');
  await take.click();
  await A.locator('[data-testid=seat][data-seat="1"] [data-testid=stand-in]').waitFor({ state: 'detached' });
  await B.locator('[data-testid=seat][data-seat="1"] [data-testid=stand-in]').waitFor({ state: 'detached' });
  assert.equal((await roomData(B)).seat, '1', 'Ben is on his seat again');
  assert.deepEqual([...A.errors, ...B.errors], [], 'no console errors');
});

// The turn clock (issue 12, point 7: "a clock running out and a vote giving the seat to a bot, then /join taking
// it back"): the create form offers the clock; Ana opens a room with 8 s each (`/create santa-cruz clock=8s`,
// shorter than the form's choices), Ben joins, the game starts. Each seat shows its bank; the one to act counts
// down. Nobody moves: that seat runs out of time while its player is there; the other one's "Hand to a bot" puts
// a bot on it, and its player's "Take my seat back" (/join) ends that.
test('a seat out of time on the turn clock is handed to a bot; /join takes it back', { timeout: 90_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, A, 'Cleo');
  await signIn(env, B, 'Dario');
  await A.locator('[data-testid=create-game] option[value="santa-cruz"]').waitFor({ state: 'attached' });
  await A.getByTestId('create-game').selectOption('santa-cruz');
  const choices = await A.locator('[data-testid=create-option-clock] option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(choices, ['off', '5m', '10m', '20m', '30m'], 'the create form offers the turn clock');

  await A.getByTestId('chat-input').fill('/create santa-cruz clock=8s');
  await A.getByTestId('chat-input').press('Enter');
  await A.getByTestId('room').waitFor();
  assert.match(await A.getByTestId('room-options').textContent(), /clock/, 'the room shows its clock');
  await joinAndStart(A, B);

  // Both banks show; the seat to act counts down on both pages.
  const clocks = A.locator('[data-testid=seat-clock]');
  await clocks.nth(1).waitFor();
  const running = A.locator('[data-testid=seat-clock].running');
  await running.first().waitFor();
  const seat = Number(await running.first().getAttribute('data-seat'));
  const first = await running.first().textContent();
  await A.waitForTimeout(1500);
  const later = await running.first().textContent();
  assert.match(first, /^0:0\d$/);
  assert.ok(later < first, `the bank of the seat to act counts down (${first}, then ${later})`);
  await B.locator(`[data-testid=seat-clock][data-seat="${seat}"].running`).waitFor();
  await A.getByTestId('room').screenshot({ path: path.join(artifacts, 'clock-desktop.png') });

  // Nobody moves: out of time, though its player is here. The other player hands it to a bot.
  const [slow, other] = seat === Number((await roomData(A)).seat) ? [A, B] : [B, A];
  const chip = other.locator(`[data-testid=seat][data-seat="${seat}"]`);
  await chip.locator('[data-testid=seat-clock][data-out=true]').waitFor({ timeout: 15_000 });
  await slow.locator(`[data-testid=seat][data-seat="${seat}"] [data-testid=seat-clock][data-out=true]`).waitFor();
  await other.getByTestId('room').screenshot({ path: path.join(artifacts, 'clock-out-of-time.png') });
  await chip.getByTestId('handover').click();
  await chip.getByTestId('stand-in').waitFor();
  // The bot plays: the game moves on by itself while that seat is to act.
  const version = (await roomData(other)).version;
  await other.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 15_000 });

  // Its player takes it back.
  const take = slow.locator(`[data-testid=seat][data-seat="${seat}"] [data-testid=take-back]`);
  await take.waitFor();
  await take.click();
  await chip.getByTestId('stand-in').waitFor({ state: 'detached' });
  assert.deepEqual([...A.errors, ...B.errors], [], 'no console errors');
});
