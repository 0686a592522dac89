// Renderers found by convention (web-client/renderers.js): a game's board is games/<game-id>/renderer.js, and a
// game without one is played from its JSON view and text moves. Two players in a Santa Cruz room, each page
// with the board taken away: A's page gets a 404 for the renderer (the game "has none": no error shown), B's a
// renderer that throws while loading (a bug: said in the chat). Both must show the JSON view and the text
// moves unfolded, no board, the shared seat markers in the seat list, and play moves by the text buttons.
// Also: the six seat markers of web-client/markers.js differ in colour and in shape.
//
//   cd tests/browser && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, sameVersion, lastError, createJoinStart, artifacts } from './harness.mjs';

const RENDERER = '**/games/santa-cruz/renderer.js';
const MOVES = 6;

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

test('a game without a renderer is played from its JSON view and text moves', async (t) => {
  const A = await openPage(env, { viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 900, height: 860 }, locale: 'fr-FR' });
  const asked = { A: 0, B: 0 };
  await A.context().route(RENDERER, (route) => {
    asked.A++;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'no board' });
  });
  await B.context().route(RENDERER, (route) => {
    asked.B++;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: "export function render() {}\nthrow new Error('broken board');\n" });
  });

  await signIn(env, A, 'Ana');
  await signIn(env, B, 'Ben');
  assert.equal(asked.A + asked.B, 0, 'no renderer is loaded before a room of its game is shown');
  const roomId = await createJoinStart(A, B, 'santa-cruz');
  await sameVersion([A, B]);

  for (const [name, page] of [['A', A], ['B', B]]) {
    await page.getByTestId('state-view').waitFor();
    assert.equal(asked[name], 1, `${name}'s page asked for the renderer once`);
    assert.equal(await page.getByTestId('board').isHidden(), true, `${name}: no board`);
    assert.equal(await page.getByTestId('board-custom').count(), 0);
    assert.equal(await page.getByTestId('moves').evaluate((d) => d.open), true, `${name}: the text moves are unfolded`);
    assert.equal(await page.getByTestId('raw').evaluate((d) => d.open), true, `${name}: the JSON view is unfolded`);
    const view = JSON.parse(await page.getByTestId('state-view').textContent());
    assert.ok(Array.isArray(view.to_act), `${name}: the JSON view is the game's view`);
    assert.equal(view.map, undefined, `${name}: static data is not merged into the view`);
    // The seat list marks each player with the shared markers, renderer or not.
    const markers = await page.locator('[data-testid=seat] svg.seat-marker').evaluateAll((ms) => ms.map((m) => m.dataset.seat));
    assert.deepEqual(markers, ['0', '1'], `${name}: a marker for each seated player`);
  }
  assert.equal(await A.locator('#chat-log .line-error').count(), 0, 'a game without a renderer is no error');
  await B.locator('#chat-log .line-error', { hasText: 'broken board' }).waitFor();

  // Play by the text buttons, whoever must act.
  let moves = 0;
  while (moves < MOVES && !(await A.getByTestId('over').isVisible())) {
    const version = await sameVersion([A, B]);
    let page = null;
    for (let tries = 0; !page && tries < 120; tries++) {
      for (const p of [A, B]) if (!page && (await p.locator('[data-testid=legal-move]:enabled').count()) > 0) page = p;
      if (!page) await new Promise((r) => setTimeout(r, 25));
    }
    assert.ok(page, `someone can move at version ${version}`);
    await page.locator('[data-testid=legal-move]:enabled').first().click();
    try {
      await page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
    } catch {
      assert.fail(`move ${moves + 1} got no new view; last error: ${await lastError(page)}`);
    }
    moves++;
  }
  assert.equal((await roomData(A)).roomId, roomId);
  t.diagnostic(`${moves} moves played without a board`);
  await A.screenshot({ path: path.join(artifacts, 'no-renderer.png') });

  // A's only console error is the browser's own line about the 404; B's are about its broken renderer.
  const otherA = A.errors.filter((e) => !/404|Failed to load resource/.test(e));
  assert.deepEqual(otherA, [], 'no console errors on page A but the missing file');
  assert.ok(B.errors.every((e) => /broken board|board renderer/.test(e)), B.errors.join('\n'));
});

test('six seat markers, each its own colour and shape', async () => {
  const page = await openPage(env);
  await page.goto(env.base + '/');
  const markers = await page.evaluate(async () => {
    const { seatMarker, SEAT_STYLES } = await import('/markers.js');
    return {
      styles: SEAT_STYLES.map((s) => `${s.color} ${s.shape}`),
      drawn: Array.from({ length: 6 }, (_, i) => {
        const shape = seatMarker(i).firstElementChild;
        return `${shape.tagName} ${shape.getAttribute('points') || ''} ${shape.getAttribute('fill')}`;
      }),
      wraps: seatMarker(6).outerHTML === seatMarker(0).outerHTML.replace('data-seat="0"', 'data-seat="6"'),
    };
  });
  assert.equal(new Set(markers.styles.map((s) => s.split(' ')[0])).size, 6, 'six colours');
  assert.equal(new Set(markers.styles.map((s) => s.split(' ')[1])).size, 6, 'six shapes');
  assert.equal(new Set(markers.drawn).size, 6, `six different drawings: ${markers.drawn.join(' | ')}`);
  assert.equal(markers.wraps, true, 'a seventh seat takes the first marker again');
  assert.deepEqual(page.errors, []);
});
