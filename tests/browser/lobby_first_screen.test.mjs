// Issue 35, point 2: "Play against bots now" sank below the room list (14 rooms: 2.3 screens down on a desktop,
// 3.2 on a phone; on a phone below the fold even with one room). The way to start a game is on the first screen,
// whatever the game chosen and however many rooms there are, and finished rooms fold away under their count.
// The relay fills the lobby with 14 rooms (10 of them finished), as a busy evening would.
//
//   cd tests/browser && npm test -- lobby_first_screen.test.mjs

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

const GAMES = ['santa-cruz', 'costa-ruana', 'capa-doro', 'santa-maria'];

/** 14 rooms: 10 finished (over or abandoned), 2 running, 2 waiting, with ids above any the server has. */
function busyEvening() {
  const seats = (names) => names.map((name) => ({ name, connected: true }));
  return Array.from({ length: 14 }, (_, i) => ({
    id: 900 + i,
    game: GAMES[i % 4],
    status: i < 8 ? 'over' : i < 10 ? 'abandoned' : i < 12 ? 'playing' : 'waiting',
    host: `Host${i}`,
    seats: i < 12 ? seats([`Host${i}`, `Guest${i}`]) : [...seats([`Host${i}`]), { name: null }],
    options: {},
  }));
}

for (const screen of [
  { name: 'phone', viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true, finished: '10 parties terminées' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, locale: 'en-US', finished: '10 finished games' },
]) {
  test(`${screen.name}: the way to start a game is on the first screen with 14 rooms; finished rooms fold away`, async () => {
    const { name, finished, ...options } = screen;
    const A = await openPage(env, options);
    await A.context().routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((m) => upstream.send(m));
      upstream.onMessage((m) => {
        const msg = JSON.parse(m);
        if (msg.type !== 'rooms') return ws.send(m);
        ws.send(JSON.stringify({ ...msg, rooms: [...(msg.rooms || []), ...busyEvening()] }));
      });
    });
    await signIn(env, A, `Ines${name}`);
    await A.getByTestId('finished-rooms-count').filter({ hasText: finished }).waitFor();

    for (const game of GAMES) {
      await A.getByTestId('create-game').selectOption(game);
      await A.evaluate(() => window.scrollTo(0, 0));
      for (const id of ['quick-button', 'create-button']) {
        const box = await A.getByTestId(id).boundingBox();
        assert.ok(box && box.y + box.height <= options.viewport.height,
          `${name}, ${game}: ${id} ends at ${box && box.y + box.height} px, below the first screen (${options.viewport.height} px)`);
      }
    }
    await A.screenshot({ path: path.join(artifacts, `lobby-first-screen-${name}.png`) });

    // Running and waiting rooms are listed; the 10 finished ones wait under their count until it is opened.
    assert.equal(await A.getByTestId('room-list').getByTestId('room-item').count(), 4);
    const folded = A.getByTestId('finished-room-list').getByTestId('room-item');
    assert.equal(await folded.count(), 10);
    assert.equal(await folded.first().isVisible(), false, 'finished rooms are folded away');
    await A.getByTestId('finished-rooms-count').click();
    await folded.first().waitFor();
    assert.deepEqual(new Set(await folded.evaluateAll((cards) => cards.map((c) => c.dataset.status))), new Set(['over', 'abandoned']));
    await A.screenshot({ path: path.join(artifacts, `lobby-finished-open-${name}.png`), fullPage: true });
    await A.close();
  });
}
