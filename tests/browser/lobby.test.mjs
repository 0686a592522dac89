// End-to-end test of the web client: the real server binary, Debian's Chromium driven by playwright-core.
// Two players (two browser contexts, one desktop-sized, one phone-sized) pick names; A creates a santa-cruz
// room with the create form, B joins it from the room list, A starts; both play by clicking the first
// legal-move button on whichever page has one; B reloads mid-game and must come back to its seat (resume
// token); at the end, the final ranking if the game ended, and no console errors on either page.
//
//   cd tests/browser && npm install && npm test
//   ARCHIPEL_SERVER_BIN=/path/to/archipel-server npm test      (default: ../../build/server/archipel-server)
//   CHROMIUM=/path/to/chromium npm test                        (default: /usr/bin/chromium)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const serverBin = path.resolve(here, process.env.ARCHIPEL_SERVER_BIN || '../../build/server/archipel-server');
const artifacts = path.join(here, 'artifacts');
const GAME = 'santa-cruz';
const MIN_MOVES = 30; // at least this many moves unless the game ends first
const RELOAD_AT = 15; // B reloads after this many moves
const PLAY_BUDGET_MS = 30_000; // keep playing (past MIN_MOVES, towards the end) while time remains

let server;
let serverLog = '';
let tmpDir;
let base;
let browser;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function startServer() {
  if (!fs.existsSync(serverBin)) throw new Error(`no server binary at ${serverBin} (build it, or set ARCHIPEL_SERVER_BIN)`);
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archipel-browser-'));
  const portFile = path.join(tmpDir, 'port');
  server = spawn(
    serverBin,
    ['--port', '0', '--port-file', portFile, '--bind', '127.0.0.1', '--data', 'memory',
      '--web-root', path.join(repo, 'web-client'), '--log-level', 'warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  let exited = null;
  server.on('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited early (${JSON.stringify(exited)}):\n${serverLog}`);
    const text = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8') : '';
    if (/^\d+\n$/.test(text)) return `http://127.0.0.1:${Number(text)}`;
    await sleep(50);
  }
  throw new Error(`the server wrote no port file within 10 s:\n${serverLog}`);
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 4000);
  await gone;
  clearTimeout(timer);
}

// Last resort if the runner dies between before() and after().
process.on('exit', () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

before(async () => {
  base = await startServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close().catch(() => {});
  await stopServer();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** A page that records its console errors and uncaught exceptions. */
async function openPage(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  return page;
}

async function signIn(page, name) {
  await page.goto(base + '/');
  await page.getByTestId('name-input').fill(name);
  await page.getByTestId('login-submit').click();
  await page.locator('[data-testid=conn-status][data-state=online]').waitFor();
  await page.getByTestId('lobby').waitFor();
  assert.equal(await page.getByTestId('me-name').textContent(), name);
}

const roomData = (page) =>
  page.evaluate(() => {
    const room = document.querySelector('#room');
    return room.hidden ? null : { ...room.dataset };
  });

/** Waits until both pages show the same game version; returns it. */
async function sameVersion(pages, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const versions = await Promise.all(pages.map((p) => roomData(p).then((d) => d?.version)));
    if (versions[0] && versions.every((v) => v === versions[0])) return versions[0];
    if (Date.now() > deadline) throw new Error(`the pages disagree on the game version: ${versions.join(' vs ')}`);
    await sleep(25);
  }
}

/** The page that has enabled legal-move buttons, or null if none does within `timeout`. */
async function pageToMove(pages, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const p of pages) if ((await p.locator('[data-testid=legal-move]:enabled').count()) > 0) return p;
    if (Date.now() > deadline) return null;
    await sleep(25);
  }
}

const isOver = (page) => page.getByTestId('over').isVisible();
const lastError = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#chat-log .line-error .text')].map((e) => e.textContent).pop() || null);

test('healthz answers JSON', async () => {
  const res = await fetch(base + '/healthz');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /application\/json/);
  const body = await res.json();
  assert.equal(body.status, 'ok');
  for (const key of ['connections', 'rooms', 'games_running']) assert.equal(typeof body[key], 'number', key);
});

test('two players create, join, play, reload and finish a game in the browser', async (t) => {
  const A = await openPage({ viewport: { width: 1280, height: 860 } });
  const B = await openPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  // B's WebSocket goes through a relay that can fake a version gap (a patch whose `from` is not the version
  // B holds), and counts B's `sync` requests: the client must ask for the full state instead of patching.
  const relay = { fakeGap: false, gapsSent: 0, syncs: 0 };
  await B.context().routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      if (JSON.parse(m).type === 'sync') relay.syncs++;
      upstream.send(m);
    });
    upstream.onMessage((m) => {
      const msg = JSON.parse(m);
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
  fs.mkdirSync(artifacts, { recursive: true });

  // What a first load of the page costs: every response served for '/' and what it imports.
  const bodies = [];
  const countBytes = (res) => {
    if (res.url().startsWith(base)) bodies.push(res.body().then((b) => [res.url().slice(base.length), b.length]));
  };
  A.on('response', countBytes);
  await signIn(A, 'Anna');
  A.off('response', countBytes);
  const files = await Promise.all(bodies);
  const firstLoadBytes = files.reduce((sum, [, n]) => sum + n, 0);
  t.diagnostic(`first load of / transferred ${firstLoadBytes} bytes in ${files.length} files: ${files.map(([u, n]) => `${u} ${n}`).join(', ')}`);
  assert.ok(files.length >= 6 && firstLoadBytes < 100_000, 'the page loads its own few files, nothing else');
  await signIn(B, 'Bob');

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

  // A starts; both see their seat's view.
  await A.getByTestId('start-button').click();
  await A.getByTestId('state-view').waitFor();
  await B.getByTestId('state-view').waitFor();
  await A.locator('#room[data-status=playing]').waitFor();
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
    await B.getByTestId('state-view').waitFor();
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
      for (const row of rows) assert.match(row, /^\d(Anna|Bob)-?\d+$/, `ranking row "${row}"`);
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
  await B.screenshot({ path: path.join(artifacts, 'phone-end.png') });

  assert.deepEqual(A.errors, [], 'no console errors on page A');
  assert.deepEqual(B.errors, [], 'no console errors on page B');
});
