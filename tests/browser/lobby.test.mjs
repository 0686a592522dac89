// End-to-end test of the web client's generic parts: the real server binary, Debian's Chromium driven by
// playwright-core. Two players (two browser contexts, one desktop-sized, one phone-sized) pick names; A creates a
// santa-cruz room with the create form, B joins it from the room list, A starts; both play by clicking the first
// text-move button (the fallback folded under the board) on whichever page has one; B reloads mid-game and must
// come back to its seat (resume token); a faked version gap makes B ask for a sync; /nick renames through a new
// welcome; the raw JSON view equals the state sent after a reload; no console errors on either page.
// santa_cruz.test.mjs plays a whole game on the board itself.
//
//   cd tests/browser && npm install && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, sameVersion, lastError, artifacts, sleep } from './harness.mjs';
import { HAND_MADE_MAP } from './hand_made_map.mjs';

// The geometry B's Santa Cruz views get in place of the server's `map`: a hand-made one, mirrored left to right.
const MIRRORED_MAP = { ...HAND_MADE_MAP, sites: HAND_MADE_MAP.sites.map((x) => ({ ...x, x: HAND_MADE_MAP.width - x.x })) };

const GAME = 'santa-cruz';
const MIN_MOVES = 24; // at least this many moves unless the game ends first
const RELOAD_AT = 12; // B reloads after this many moves
const PLAY_BUDGET_MS = 12_000; // keep playing (past MIN_MOVES, towards the end) while time remains

let env;
let base;

before(async () => {
  env = await startAll();
  base = env.base;
});

after(async () => {
  await stopAll(env);
});

/** Opens the folded text moves and raw view (a board game shows them folded). */
async function unfold(page) {
  for (const id of ['moves', 'raw']) {
    const open = await page.getByTestId(id).evaluate((d) => d.open || d.hidden);
    if (!open) await page.getByTestId(`${id}-toggle`).click();
  }
}

/** The page that has enabled legal-move buttons, or null if none does within `timeout`. */
async function pageToMove(pages, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const p of pages) {
      await unfold(p);
      if ((await p.locator('[data-testid=legal-move]:enabled').count()) > 0) return p;
    }
    if (Date.now() > deadline) return null;
    await sleep(25);
  }
}

const isOver = (page) => page.getByTestId('over').isVisible();

test('healthz answers JSON', async () => {
  const res = await fetch(base + '/healthz');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /application\/json/);
  const body = await res.json();
  assert.equal(body.status, 'ok');
  for (const key of ['connections', 'rooms', 'games_running']) assert.equal(typeof body[key], 'number', key);
});

test('two players create, join, play, reload and finish a game in the browser', async (t) => {
  const A = await openPage(env, { viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-GB' });
  // B's WebSocket goes through a relay that can fake a version gap (a patch whose `from` is not the version
  // B holds), and counts B's `sync` requests: the client must ask for the full state instead of patching.
  // It also replaces the `map` in the static data of B's Santa Cruz states by a hand-made one: B's board must
  // follow what the server sends.
  const relay = { fakeGap: false, gapsSent: 0, syncs: 0, map: null, serverMap: false };
  await B.context().routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      if (JSON.parse(m).type === 'sync') relay.syncs++;
      upstream.send(m);
    });
    upstream.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.type === 'state' && msg.view?.game === 'santa-cruz') {
        relay.serverMap ||= !!msg.static?.map;
        msg.static = { ...msg.static, map: MIRRORED_MAP };
        relay.map = msg.static.map;
        return ws.send(JSON.stringify(msg));
      }
      if (relay.fakeGap && msg.type === 'patch') {
        relay.fakeGap = false;
        relay.gapsSent++;
        msg.from -= 1000;
        msg.ops = [{ op: 'replace', path: '/to_act', value: 'garbage' }];
        return ws.send(JSON.stringify(msg));
      }
      ws.send(m);
    });
  });

  // What a first load of the page costs: every response served for '/' and what it imports.
  const bodies = [];
  const countBytes = (res) => {
    if (res.url().startsWith(base))
      bodies.push(res.request().sizes().then((s) => [res.url().slice(base.length), s.responseBodySize + s.responseHeadersSize, s.responseBodySize]));
  };
  A.on('response', countBytes);
  await signIn(env, A, 'Anna');
  A.off('response', countBytes);
  const files = await Promise.all(bodies);
  const firstLoadBytes = files.reduce((sum, [, n]) => sum + n, 0);
  const bodyBytes = files.reduce((sum, [, , n]) => sum + n, 0);
  t.diagnostic(`first load of / transferred ${firstLoadBytes} bytes (${bodyBytes} of bodies) in ${files.length} files: ${files.map(([u, n]) => `${u} ${n}`).join(', ')}`);
  // 138 kB: the table's header, result panel, last-move line and tap-for-details (issue 12) took the page past 100,
  // the game log and the server's language past 120, the replay button and the seat handover past 125 (the replay
  // itself loads on first use), the words for a server restart (issue 34) past 130, the lobby's folds and the
  // options' words, the away countdown and the result cards (issue 35) past 132, the sign-in form and its words
  // (account.js, issue 36) and the room's history (issue 35) past 148, a player's games and the shared replay
  // link (issue 36: My games, its words, the link's handling; game_history.js itself loads when My games is first
  // opened) past 152. The files go uncompressed; compressing them would cut this by about 3 (not done yet: the
  // server serves them as they are).
  assert.ok(files.length >= 6 && firstLoadBytes < 158_000, 'the page loads its own few files, nothing else');
  await signIn(env, B, 'Bob');

  // A creates the room through the form built from the `games` message.
  await A.locator(`[data-testid=create-game] option[value="${GAME}"]`).waitFor({ state: 'attached' });
  await A.getByTestId('create-game').selectOption(GAME);
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();
  const { roomId } = await roomData(A);
  assert.ok(Number(roomId) > 0, 'A is in a room');
  assert.equal(await A.getByTestId('start-button').isVisible(), true, 'the host sees Start');

  // B sees it in the room list and joins by clicking.
  const card = B.locator(`[data-testid=room-item][data-room-id="${roomId}"]`);
  await card.waitFor();
  await B.screenshot({ path: path.join(artifacts, 'phone-lobby.png') });
  await card.getByTestId('join-room').click();
  await B.locator(`#room[data-room-id="${roomId}"]`).waitFor();
  assert.equal((await roomData(B)).seat, '1', 'B sits at the second seat');
  assert.equal(await B.getByTestId('start-button').isVisible(), false, 'only the host sees Start');

  // Chat reaches the other page as text, never as markup.
  await A.locator('[data-testid=seat][data-connected=true]').nth(1).waitFor();
  await A.getByTestId('chat-input').fill('<img src=x onerror=alert(1)> hi Bob');
  await A.getByTestId('chat-input').press('Enter');
  await B.locator('#chat-log .line-chat .text', { hasText: 'hi Bob' }).waitFor();
  assert.equal(await B.locator('#chat-log img').count(), 0);
  // A multi-line info reply, and the history on the up arrow.
  await A.getByTestId('chat-input').fill('/help');
  await A.getByTestId('chat-input').press('Enter');
  await A.locator('#chat-log .line-info .more', { hasText: '/create' }).waitFor();
  await A.getByTestId('chat-input').press('ArrowUp');
  assert.equal(await A.getByTestId('chat-input').inputValue(), '/help');
  await A.getByTestId('chat-input').fill('');

  // /nick renames through a second welcome on the same socket: the header follows, the room stays.
  await B.getByTestId('chat-input').fill('/nick Bobby');
  await B.getByTestId('chat-input').press('Enter');
  await B.locator('[data-testid=me-name]', { hasText: 'Bobby' }).waitFor();
  await B.locator(`#room[data-room-id="${roomId}"]`).waitFor();
  await A.locator('[data-testid=seat][data-seat="1"]', { hasText: 'Bobby' }).waitFor();
  assert.equal(await B.evaluate(() => JSON.parse(localStorage.getItem('archipel.identity')).name), 'Bobby');
  await B.getByTestId('chat-input').fill('/nick Bob');
  await B.getByTestId('chat-input').press('Enter');
  await B.locator('[data-testid=me-name]', { hasText: /^Bob$/ }).waitFor();

  // A starts; both see their seat's board, with the text moves and the raw view folded under it.
  await A.getByTestId('start-button').click();
  await A.getByTestId('board-custom').waitFor();
  await B.getByTestId('board-custom').waitFor();
  await A.locator('#room[data-status=playing]').waitFor();
  await unfold(A);
  await unfold(B);
  // B's board is drawn from the map it was sent (the relay's hand-made one).
  assert.ok(relay.map, 'B got a Santa Cruz state');
  for (const site of relay.map.sites.filter((x) => ['C04', 'L13', 'V09'].includes(x.id)))
    assert.match(await B.locator(`[data-testid=sc-site][data-site=${site.id}]`).getAttribute('transform'), new RegExp(`^translate\\(${site.x} ${site.y}\\)`), `${site.id} where the map puts it`);
  assert.ok(relay.serverMap, 'the server sends the board geometry with Santa Cruz states');
  assert.equal(await A.getByTestId('sc-board').count(), 1, 'A draws the server\'s map');
  const view = JSON.parse(await A.getByTestId('state-view').textContent());
  assert.ok(Array.isArray(view.to_act), 'the view has to_act');
  assert.equal(view.legal, undefined, 'the JSON view leaves out legal');

  // Play: the first legal-move button on whichever page has buttons.
  const pages = [A, B];
  const started = Date.now();
  let moves = 0;
  let reloaded = false;
  let stuck = false;

  const reloadB = async () => {
    const before = await roomData(B);
    const viewBefore = await B.getByTestId('state-view').textContent();
    const token = await B.evaluate(() => JSON.parse(localStorage.getItem('archipel.identity')).token);
    assert.match(token, /^[0-9a-f]{32}$/, 'the resume token is kept in localStorage');
    await B.reload();
    await B.locator('[data-testid=conn-status][data-state=online]').waitFor();
    await B.locator(`#room[data-room-id="${before.roomId}"][data-version="${before.version}"]`).waitFor();
    await B.getByTestId('board-custom').waitFor();
    await unfold(B);
    const afterData = await roomData(B);
    assert.equal(afterData.seat, before.seat, 'B is back at its seat');
    assert.equal(await B.getByTestId('me-name').textContent(), 'Bob');
    // The view rebuilt from patches before the reload equals the full state sent after it.
    if (afterData.version === before.version)
      assert.deepEqual(JSON.parse(await B.getByTestId('state-view').textContent()), JSON.parse(viewBefore),
        'the view patched up before the reload equals the full state sent after it');
    await A.locator('[data-testid=seat][data-seat="1"][data-connected=true]').waitFor();
    reloaded = true;
  };

  while (!(await isOver(A))) {
    if (moves >= MIN_MOVES && Date.now() - started > PLAY_BUDGET_MS) break;
    const version = await sameVersion(pages);
    const page = await pageToMove(pages, 3000);
    if (!page) {
      if (await isOver(A)) break;
      stuck = true;
      break;
    }
    const text = await page.locator('[data-testid=legal-move]:enabled').first().textContent();
    await page.locator('[data-testid=legal-move]:enabled').first().click();
    try {
      await page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
    } catch {
      assert.fail(`move ${moves + 1} ("${text}") got no new view; last error: ${await lastError(page)}`);
    }
    moves++;
    if (moves === RELOAD_AT) await reloadB();
    if (moves === RELOAD_AT + 8) relay.fakeGap = true;
    if (moves === RELOAD_AT + 5) {
      await sameVersion(pages);
      await A.screenshot({ path: path.join(artifacts, 'desktop-midgame.png') });
      await B.screenshot({ path: path.join(artifacts, 'phone-midgame.png') });
    }
  }
  if (!reloaded) await reloadB();
  t.diagnostic(`${moves} moves played in ${Date.now() - started} ms${stuck ? ' (then no legal move on either page: game stuck?)' : ''}`);
  assert.ok(moves >= 1, 'at least one move was played');

  if (await isOver(A)) {
    for (const p of pages) {
      await p.getByTestId('over').waitFor();
      const rows = await p.locator('[data-testid=ranking-row]').allTextContents();
      assert.equal(rows.length, 2, 'the ranking lists both players');
      for (const row of rows) assert.match(row, /^\d(Anna|Bob)[-–0-9]+$/, `ranking row "${row}"`); // place, name, [points by source,] score
      assert.equal(await p.locator('#room[data-status=over]').count(), 1);
      assert.equal(await p.getByTestId('legal-move').count(), 0);
    }
    t.diagnostic('the game ended: final scores shown on both pages');
  } else if (!stuck) {
    assert.ok(moves >= MIN_MOVES, `at least ${MIN_MOVES} moves (played ${moves})`);
  }

  if (relay.gapsSent) {
    assert.equal(relay.syncs, relay.gapsSent, 'a version gap makes the client send one sync');
    await sameVersion(pages);
  }
  t.diagnostic(`version gaps faked: ${relay.gapsSent}, syncs sent by B: ${relay.syncs}`);


  // No patch ever failed to apply (a failure is reported in the chat and answered with a full sync).
  for (const p of pages)
    assert.equal(await p.locator('#chat-log .line-error', { hasText: 'could not apply' }).count(), 0);

  await A.screenshot({ path: path.join(artifacts, 'desktop-end.png') });
  assert.equal(await B.getByTestId('conn-status').getAttribute('data-state'), 'online');
  await B.screenshot({ path: path.join(artifacts, 'phone-end.png') });

  // The same player opening the page elsewhere: the server says `session_replaced` to B, which stops
  // reconnecting and offers a reconnect button instead of taking the seat back and forth.
  const identity = await B.evaluate(() => localStorage.getItem('archipel.identity'));
  const C = await openPage(env, { viewport: { width: 800, height: 700 } });
  await C.addInitScript((id) => localStorage.setItem('archipel.identity', id), identity);
  await C.goto(base + '/');
  await C.locator('[data-testid=conn-status][data-state=online]').waitFor();
  await B.locator('[data-testid=conn-status][data-state=replaced]').waitFor();
  assert.equal(await B.getByTestId('reconnect').isVisible(), true);
  await sleep(1200);
  assert.equal(await B.getByTestId('conn-status').getAttribute('data-state'), 'replaced', 'no automatic reconnection');
  await C.context().close();

  assert.deepEqual(A.errors, [], 'no console errors on page A');
  assert.deepEqual(B.errors, [], 'no console errors on page B');
});
