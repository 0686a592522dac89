// A finished game's replay (issue 12, point 5, "a replay stepping through a finished game"): a player finishes a
// game of Santa Cruz against a bot, opens Replay on the result panel and steps through it with the buttons and
// the arrow keys: the step counter follows, the step's log lines show, the board changes from step to step and a
// step shown again is drawn the same; Back to the result brings the panel back. Then at phone size (the
// controls 44 px targets, in sight with the board) and in French (the counter and the lines in French); last,
// someone in the lobby on a phone opens the same replay from the finished room's card.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- replay.test.mjs

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

const counter = (page) => page.getByTestId('replay-counter').textContent();
const board = (page) => page.getByTestId('board-custom').innerHTML();
const lines = (page) => page.locator('[data-testid=replay-line]').allTextContents();

async function waitForStep(page, pattern) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('[data-testid=replay-counter]')?.textContent || ''),
    pattern.source,
    { timeout: 5000 },
  );
}

test('a finished game stepped through on the board, desktop and phone, English and French', { timeout: 240_000 }, async () => {
  const A = await openPage(env, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await signIn(env, A, 'Rosa');
  const room = await gameAgainstBots(A, 'santa-cruz', { bots: 1 });
  await playTextMovesToTheEnd([A]);
  await A.getByTestId('over').waitFor();
  const finalBoard = await board(A);

  // Open the replay: the set-up first, the result panel away.
  await A.getByTestId('replay-button').click();
  await waitForStep(A, /^step 0 \/ \d+$/);
  const steps = Number((await counter(A)).match(/\/ (\d+)$/)[1]);
  assert.ok(steps > 10, `a whole game has many steps (${steps})`);
  assert.ok(await A.getByTestId('over').isHidden(), 'the result panel makes way for the replay');
  assert.match(await A.getByTestId('replay-log').textContent(), /set-up/);
  assert.ok(await A.getByTestId('replay-first').isDisabled(), 'nothing before the set-up');
  const setUp = await board(A);
  assert.notEqual(setUp, finalBoard, 'the set-up is not the final board');

  // Forward with the button, then with the arrow key: the counter, the mover and the lines follow.
  await A.getByTestId('replay-forward').click();
  await waitForStep(A, /^step 1 \//);
  assert.ok((await lines(A)).length > 0, 'step 1 shows its log line');
  assert.match(await A.getByTestId('replay-log').textContent(), /(Rosa|bot).* moved:/);
  const step1 = await board(A);
  const step1Lines = await lines(A);
  await A.keyboard.press('ArrowRight');
  await waitForStep(A, /^step 2 \//);
  await A.keyboard.press('ArrowRight');
  await waitForStep(A, /^step 3 \//);
  const step3 = await board(A);
  assert.ok(step1 !== setUp || step3 !== setUp, 'the first moves change the board');
  assert.notEqual(step3, step1, 'two moves later the board is not the same');
  await A.keyboard.press('ArrowLeft');
  await waitForStep(A, /^step 2 \//);
  await A.keyboard.press('ArrowLeft');
  await waitForStep(A, /^step 1 \//);
  assert.equal(await board(A), step1, 'a step shown again is drawn the same');
  assert.deepEqual(await lines(A), step1Lines);

  // The ends: End and the last button, Home and the first.
  await A.keyboard.press('End');
  await waitForStep(A, new RegExp(`^step ${steps} / ${steps}$`));
  assert.ok(await A.getByTestId('replay-forward').isDisabled(), 'nothing after the last step');
  await A.screenshot({ path: path.join(artifacts, 'replay-desktop-end.png') });
  await A.getByTestId('replay-first').click();
  await waitForStep(A, /^step 0 \//);
  assert.equal(await board(A), setUp, 'back at the set-up');
  await A.getByTestId('replay-back').isDisabled();

  // Back to the result, and the replay again at phone size.
  await A.getByTestId('replay-close').click();
  await A.getByTestId('over').waitFor();
  assert.ok(await A.getByTestId('replay').isHidden(), 'the replay bar goes away');

  await A.setViewportSize({ width: 390, height: 844 });
  // The result panel fits the phone: none of its elements (the breakdown table's cells included) is wider
  // than the viewport or reaches past its right edge, so nothing scrolls sideways (issue 12).
  const wide = await A.getByTestId('over').evaluate((panel) => [panel, ...panel.querySelectorAll('*')]
    .filter((el) => el.getClientRects().length)
    .map((el) => ({
      el: el.tagName + (el.dataset.testid ? `[${el.dataset.testid}]` : ''),
      right: el.getBoundingClientRect().right,
      // a box that scrolls sideways (a name cut with an ellipsis does not: its overflow is hidden)
      scroll: /auto|scroll/.test(getComputedStyle(el).overflowX) ? el.scrollWidth - el.clientWidth : 0,
    }))
    .filter((b) => b.right > window.innerWidth + 0.5 || b.scroll > 1));
  assert.deepEqual(wide, [], 'no element of the result panel is wider than the phone');
  await A.getByTestId('over').screenshot({ path: path.join(artifacts, 'result-phone.png') });
  await A.getByTestId('replay-button').click();
  await waitForStep(A, /^step 0 \//);
  for (const id of ['replay-first', 'replay-back', 'replay-forward', 'replay-last', 'replay-close']) {
    // Visible first: under load the bar may be drawn again between finding a button and measuring it.
    await A.getByTestId(id).waitFor({ state: 'visible' });
    const box = await A.getByTestId(id).boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `${id} is a 44 px target on the phone (${JSON.stringify(box)})`);
  }
  await A.getByTestId('replay-forward').click();
  await waitForStep(A, /^step 1 \//);
  await A.getByTestId('replay-forward').click();
  await waitForStep(A, /^step 2 \//);
  const bar = await A.getByTestId('replay').boundingBox();
  const top = await A.getByTestId('board-custom').boundingBox();
  assert.ok(bar.y >= 0 && bar.y + bar.height <= 844, 'the controls are on the screen');
  assert.ok(top.y < 844, 'the board starts within the first screen');
  // Issue 35, point 8: a replay of your own game read "You are watching this game. Waiting for Rosa", as if live.
  assert.match(await A.getByTestId('sc-prompt').textContent(), /^Replay: (Rosa|random-bot-1) to play\.$/);
  await A.screenshot({ path: path.join(artifacts, 'replay-phone-step2.png') });

  // In French: the counter and the step's lines.
  const englishLines = await lines(A);
  await A.getByTestId('lang-select').selectOption('fr');
  await waitForStep(A, /^étape 2 \/ \d+$/);
  await A.waitForFunction((before) => {
    const now = [...document.querySelectorAll('[data-testid=replay-line]')].map((l) => l.textContent);
    return now.length > 0 && JSON.stringify(now) !== before;
  }, JSON.stringify(englishLines), { timeout: 5000 });
  assert.equal(await A.getByTestId('replay-close').textContent(), 'Retour au résultat');
  assert.match(await A.getByTestId('sc-prompt').textContent(), /^Relecture : à (Rosa|random-bot-1) de jouer\.$/);
  await A.screenshot({ path: path.join(artifacts, 'replay-phone-fr.png') });

  // From the lobby, on a phone: the finished room's card has Replay, which watches it and opens its replay.
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
  await signIn(env, B, 'Bea');
  // A finished room is folded away under the count of finished games (issue 35, point 2).
  await B.getByTestId('finished-rooms-count').click();
  const card = B.getByTestId('finished-room-list').locator(`[data-testid=room-item][data-room-id="${room}"]`);
  await card.getByTestId('replay-room').click();
  await waitForStep(B, new RegExp(`^étape 0 / ${steps}$`));
  await B.getByTestId('board-custom').waitFor();
  await B.getByTestId('replay-forward').tap();
  await waitForStep(B, /^étape 1 \//);
  assert.ok((await lines(B)).length > 0, 'the step\'s lines in the lobby visitor\'s replay');
  assert.deepEqual([...A.errors, ...B.errors], [], 'no console errors');
});
