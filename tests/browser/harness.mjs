// Shared by the browser specs: the real server binary on a free port (memory storage, this repository's
// web-client/ as its web root) and Debian's Chromium driven by playwright-core.
//
//   ARCHIPEL_SERVER_BIN=/path/to/archipel-server npm test      (default: ../../build/server/archipel-server)
//   CHROMIUM=/path/to/chromium npm test                        (default: /usr/bin/chromium)

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
export const artifacts = path.join(here, 'artifacts');
const serverBin = path.resolve(here, process.env.ARCHIPEL_SERVER_BIN || '../../build/server/archipel-server');

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts the server (waiting up to 60 s for the binary, which is rebuilt now and then) and a browser.
 * `serverArgs` go to archipel-server after the harness's own flags. `stored`: a SQLite data folder in the
 * test's temporary folder instead of memory storage, so that restartServer() brings the games back.
 */
export async function startAll(serverArgs = [], { stored = false } = {}) {
  const env = { server: null, log: '', tmpDir: null, base: null, browser: null, port: 0, serverArgs, stored };
  const binDeadline = Date.now() + 60_000;
  while (!fs.existsSync(serverBin)) {
    if (Date.now() > binDeadline) throw new Error(`no server binary at ${serverBin} (build it, or set ARCHIPEL_SERVER_BIN)`);
    await sleep(500);
  }
  env.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archipel-browser-'));
  process.on('exit', () => {
    if (env.server && env.server.exitCode === null && env.server.signalCode === null) env.server.kill('SIGKILL');
  });
  await spawnServer(env);
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  fs.mkdirSync(artifacts, { recursive: true });
  return env;
}

// Starts env's server on env.port (0: a free one, then kept) and waits for its port file.
async function spawnServer(env) {
  const portFile = path.join(env.tmpDir, 'port');
  fs.rmSync(portFile, { force: true });
  const data = env.stored ? path.join(env.tmpDir, 'data') : 'memory';
  env.server = spawn(
    serverBin,
    ['--port', String(env.port), '--port-file', portFile, '--bind', '127.0.0.1', '--data', data,
      '--web-root', path.join(repo, 'web-client'), '--log-level', 'warn', ...env.serverArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  env.server.stdout.on('data', (d) => (env.log += d));
  env.server.stderr.on('data', (d) => (env.log += d));
  let exited = null;
  env.server.on('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`the server exited early (${JSON.stringify(exited)}):\n${env.log}`);
    const text = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8') : '';
    if (/^\d+\n$/.test(text)) {
      env.port = Number(text);
      env.base = `http://127.0.0.1:${env.port}`;
      return;
    }
    if (Date.now() > deadline) throw new Error(`the server wrote no port file within 10 s:\n${env.log}`);
    await sleep(50);
  }
}

// SIGTERM (SIGKILL after 4 s), and waits for the exit.
async function stopServer(env) {
  const server = env.server;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 4000);
  await gone;
  clearTimeout(timer);
}

/**
 * What an operator's restart does: SIGTERM, the process gone, `pause` ms with no server, then the same binary on
 * the same port and data folder (startAll's `stored`). Pages connected meanwhile see the server go and come back.
 */
export async function restartServer(env, pause = 0) {
  await stopServer(env);
  if (pause) await sleep(pause);
  await spawnServer(env);
}

export async function stopAll(env) {
  if (!env) return;
  await env.browser?.close().catch(() => {});
  await stopServer(env);
  if (env.tmpDir) fs.rmSync(env.tmpDir, { recursive: true, force: true });
}

/** A page that records its console errors and uncaught exceptions in page.errors. */
export async function openPage(env, options) {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  return page;
}

export async function signIn(env, page, name) {
  await page.goto(env.base + '/');
  await page.getByTestId('name-input').fill(name);
  await page.getByTestId('login-submit').click();
  await page.locator('[data-testid=conn-status][data-state=online]').waitFor();
  await page.getByTestId('lobby').waitFor();
  assert.equal(await page.getByTestId('me-name').textContent(), name);
}

export const roomData = (page) =>
  page.evaluate(() => {
    const room = document.querySelector('#room');
    return room.hidden ? null : { ...room.dataset };
  });

/** Waits until all pages show the same game version; returns it. */
export async function sameVersion(pages, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const versions = await Promise.all(pages.map((p) => roomData(p).then((d) => d?.version)));
    if (versions[0] && versions.every((v) => v === versions[0])) return versions[0];
    if (Date.now() > deadline) throw new Error(`the pages disagree on the game version: ${versions.join(' vs ')}`);
    await sleep(25);
  }
}

/** The last error line in a page's chat pane, or null. */
export const lastError = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#chat-log .line-error .text')].map((e) => e.textContent).pop() || null);

/** A: create a room of `game` from the form; B: join it from the room list; A: start. Returns the room id. */
export async function createJoinStart(A, B, game) {
  await A.locator(`[data-testid=create-game] option[value="${game}"]`).waitFor({ state: 'attached' });
  await A.getByTestId('create-game').selectOption(game);
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();
  return joinAndStart(A, B);
}

/** B joins the room A has just opened (from its card in the lobby), then A starts it. Returns the room id. */
export async function joinAndStart(A, B) {
  const { roomId } = await roomData(A);
  assert.ok(Number(roomId) > 0, 'A is in a room');
  const card = B.locator(`[data-testid=room-item][data-room-id="${roomId}"]`);
  await card.waitFor();
  await card.getByTestId('join-room').click();
  await B.locator(`#room[data-room-id="${roomId}"]`).waitFor();
  await A.locator('[data-testid=seat][data-connected=true]').nth(1).waitFor();
  await A.getByTestId('start-button').click();
  await A.locator('#room[data-status=playing]').waitFor();
  return roomId;
}

/** The main board element of each game's renderer (what "the board" means in the table tests). */
export const BOARD_OF = Object.freeze({
  'santa-cruz': 'sc-board',
  'costa-ruana': 'cr-board',
  'capa-doro': 'cd-board',
  'santa-maria': 'sm-colony-board',
});

/**
 * A lone player's game against bots, from the page's own controls: create a room of `game`, add `bots` bots
 * of `strategy`, start, and wait for the board. Returns the room id.
 */
export async function gameAgainstBots(page, game, { bots = 1, strategy = 'random' } = {}) {
  await page.locator(`[data-testid=create-game] option[value="${game}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('create-game').selectOption(game);
  await page.getByTestId('create-button').click();
  await page.getByTestId('addbot-strategy').waitFor();
  await page.getByTestId('addbot-strategy').selectOption(strategy);
  for (let k = 1; k <= bots; k++) {
    await page.getByTestId('addbot-button').click();
    await page.locator(`[data-testid=seat][data-seat="${k}"]`, { hasText: 'bot' }).waitFor();
  }
  await page.getByTestId('start-button').click();
  await page.locator('#room[data-status=playing]').waitFor();
  await page.getByTestId(BOARD_OF[game]).waitFor();
  return Number((await roomData(page)).roomId);
}

/**
 * Plays every page's game to its end with the text moves (the first enabled one each time), each page waiting
 * for its own move's update; bots, if any, play theirs meanwhile. Fails after `timeout` ms.
 */
export async function playTextMovesToTheEnd(pages, timeout = 150_000) {
  for (const p of pages) {
    if (!(await p.getByTestId('moves').evaluate((d) => d.open))) await p.getByTestId('moves-toggle').click().catch(() => {});
  }
  const deadline = Date.now() + timeout;
  while (!(await pages[0].locator('#room[data-status=over]').count())) {
    assert.ok(Date.now() < deadline, 'the game ended in time');
    let moved = false;
    for (const p of pages) {
      const button = p.locator('[data-testid=legal-move]:enabled').first();
      if ((await button.count()) === 0) continue;
      const version = (await roomData(p)).version;
      await button.evaluate((b) => b.click());
      await p.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version, { timeout: 5000 });
      moved = true;
    }
    if (!moved) await sleep(20);
  }
}
