// Two nodes on one Redis (docs/cluster.md), played from the page as a person would: Ann's page is connected to
// node alpha, Ben's to node beta. Ann opens a Santa Cruz room on alpha; Ben sees it in his lobby (the list is
// every node's), joins it from its card, and plays: beta carries his connection to alpha with nothing asked of
// the page. He reloads: the page comes back with its token to beta, which carries it to alpha, and he is back at
// his seat. The page needs no address but the one it was served from.
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... node --test cluster.test.mjs
// (needs redis-server on the PATH: scripts/test.sh installs it.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, createJoinStart, sameVersion, artifacts, sleep } from './harness.mjs';

const haveRedis = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let redis, redisDir, alpha, beta;
before(async () => {
  if (!haveRedis) return;
  redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archipel-redis-'));
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--dir', redisDir], { stdio: 'ignore' });
  // Ready once it accepts a connection.
  for (let i = 0; ; ++i) {
    const up = await new Promise((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error('redis-server did not start');
    await sleep(50);
  }
  const node = (id) => ['--cluster', `redis://127.0.0.1:${port}/0`, '--node-id', id, '--cluster-lease', '2s',
    '--cluster-heartbeat', '200ms', '--lobby-flush', '50'];
  alpha = await startAll(node('alpha'));
  beta = await startAll(node('beta'));
});
after(async () => {
  await stopAll(beta);
  await stopAll(alpha);
  redis?.kill('SIGKILL');
  if (redisDir) fs.rmSync(redisDir, { recursive: true, force: true });
});

test('a player of one node joins, plays and reloads into a room of another node from the page', { skip: !haveRedis && 'no redis-server' }, async () => {
  const A = await openPage(alpha, { viewport: { width: 1280, height: 800 } });
  const B = await openPage(beta, { viewport: { width: 1280, height: 800 } });
  await signIn(alpha, A, 'Ann');
  await signIn(beta, B, 'Ben');
  // Ann's room is on alpha; Ben joins it from beta's list, and Ann starts it.
  const roomId = await createJoinStart(A, B, 'santa-cruz');
  await B.locator('#room[data-status=playing]').waitFor();
  const version = await sameVersion([A, B]);
  assert.ok(Number(version) >= 1);
  // Ben's page speaks to beta only: the WebSocket it opened is beta's.
  assert.equal(new URL(B.url()).port, String(beta.port));

  // A move from the page whose turn it is (Ann's on alpha or Ben's through beta), by its text list, seen by both.
  let moved = false;
  for (let i = 0; i < 100 && !moved; ++i) {
    for (const p of [A, B]) {
      if (!(await p.getByTestId('moves').evaluate((d) => d.open))) await p.getByTestId('moves-toggle').click().catch(() => {});
      const button = p.locator('[data-testid=legal-move]:enabled').first();
      if ((await button.count()) === 0) continue;
      await button.evaluate((b) => b.click());
      moved = true;
      break;
    }
    if (!moved) await sleep(50);
  }
  assert.ok(moved, 'one of the pages had a move to make');
  await A.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, version);
  const after = await sameVersion([A, B]);
  assert.ok(Number(after) > Number(version), `the move reached both pages (${version} -> ${after})`);

  // Ben reloads: back through beta, carried to alpha by his token, at his seat.
  await B.reload();
  await B.locator(`#room[data-room-id="${roomId}"][data-status=playing]`).waitFor();
  assert.equal(await sameVersion([A, B]), after);
  await B.screenshot({ path: path.join(artifacts, 'cluster-ben-back.png') });
  assert.deepEqual(A.errors, []);
  assert.deepEqual(B.errors, []);
});
