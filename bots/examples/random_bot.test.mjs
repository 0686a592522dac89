// Keeps the example working: starts the server (ARCHIPEL_SERVER_BIN), runs two example bots in one room (one
// creates and starts when two seats are taken, one joins), and checks both exit 0 after an `over`.
//   cd bots/examples && npm ci && ARCHIPEL_SERVER_BIN=../../build/server/archipel-server node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

async function waitForPort(port, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, 'random_bot.mjs'), ...args], { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => resolve({ code, err }));
  });
}

test('two example bots play a santa-cruz game to the end', { timeout: 120000 }, async () => {
  const bin = process.env.ARCHIPEL_SERVER_BIN;
  assert.ok(bin, 'set ARCHIPEL_SERVER_BIN to the archipel-server binary');
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'archipel-js-bot-'));
  const server = spawn(bin, ['--port', String(port), '--data', data], { stdio: 'ignore' });
  try {
    await waitForPort(port, 10000);
    const url = `ws://127.0.0.1:${port}/ws`;
    const host = run(['--url', url, '--name', 'JsHost', '--create', 'santa-cruz', '--start-when', '2']);
    await new Promise((r) => setTimeout(r, 300));
    const guest = run(['--url', url, '--name', 'JsGuest']);
    const [a, b] = await Promise.all([host, guest]);
    assert.equal(a.code, 0, a.err);
    assert.equal(b.code, 0, b.err);
    assert.match(a.err, /game over/);
    assert.match(b.err, /game over/);
    // No move of theirs was refused (the guest may hear "no open room" before the host's room exists).
    for (const { err } of [a, b]) assert.doesNotMatch(err, /error (?!no_such_room)/, err);
  } finally {
    server.kill('SIGTERM');
  }
});

test('the example bots come back after a server restart and finish the game', { timeout: 180000 }, async () => {
  const bin = process.env.ARCHIPEL_SERVER_BIN;
  assert.ok(bin, 'set ARCHIPEL_SERVER_BIN to the archipel-server binary');
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'archipel-js-bot-restart-'));
  const start = () => spawn(bin, ['--port', String(port), '--data', data], { stdio: 'ignore' });
  let server = start();
  try {
    await waitForPort(port, 10000);
    const url = `ws://127.0.0.1:${port}/ws`;
    // Slow moves, so that the game is still on when the server stops.
    const host = run(['--url', url, '--name', 'JsBackHost', '--create', 'santa-cruz', '--start-when', '2', '--move-delay', '300']);
    await new Promise((r) => setTimeout(r, 300));
    const guest = run(['--url', url, '--name', 'JsBackGuest', '--move-delay', '300']);
    await new Promise((r) => setTimeout(r, 2500));
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await gone;
    server = start();
    const [a, b] = await Promise.all([host, guest]);
    for (const { code, err } of [a, b]) {
      assert.equal(code, 0, err);
      assert.match(err, /connection closed \(1012\)/, err);
      assert.match(err, /resuming with the token/, err);
      assert.match(err, /game over/, err);
    }
  } finally {
    server.kill('SIGTERM');
  }
});
