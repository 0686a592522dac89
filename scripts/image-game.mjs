// A WebSocket player for scripts/image-test.sh: proves a game outlives its container.
//   node scripts/image-game.mjs create ws://127.0.0.1:PORT/ws FILE   plays: creates a Santa Cruz room, seats a
//        bot, starts, makes one move, and writes {token, room, seat, version} to FILE once the server has answered
//        that move (so the move is stored)
//   node scripts/image-game.mjs resume ws://127.0.0.1:PORT/ws FILE   comes back with FILE's token and checks the
//        server gives back the same seat in the same room, at the saved version or later
// Exits 0 on success; otherwise prints what went wrong and exits 1. Gives up after 20 s. Uses the `ws` package of
// bots/examples (npm ci there).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const WebSocket = createRequire(join(here, '..', 'bots', 'examples', 'package.json'))('ws');

const [mode, url, file] = process.argv.slice(2);
if (!['create', 'resume'].includes(mode) || !url || !file) {
  console.error('usage: node scripts/image-game.mjs create|resume WS_URL FILE');
  process.exit(2);
}

const fail = (what) => { console.error(`image-game.mjs ${mode}: ${what}`); process.exit(1); };
setTimeout(() => fail('no answer within 20 s'), 20000).unref();

const ws = new WebSocket(url);
const send = (message) => ws.send(JSON.stringify(message));
const saved = mode === 'resume' ? JSON.parse(readFileSync(file, 'utf8')) : null;
let token = null;
let room = null;
let seat = null;
let version = -1;
let started = false;
let moved = false;

ws.on('error', (e) => fail(`connection error: ${e.message}`));
ws.on('close', () => fail('the server closed the connection'));
ws.on('open', () => send(saved ? { type: 'hello', token: saved.token } : { type: 'hello', name: `imagetest${process.pid}` }));
ws.on('message', (data) => {
  const m = JSON.parse(data.toString());
  if (m.type === 'error') fail(`server error ${m.code}: ${m.message}`);
  if (mode === 'create') onCreate(m); else onResume(m);
});

function done() {
  ws.removeAllListeners('close');
  ws.close();
  process.exit(0);
}

function onCreate(m) {
  switch (m.type) {
    case 'welcome':
      token = m.token;
      send({ type: 'chat', text: '/create santa-cruz' });
      break;
    case 'room':
      if (room === null && m.status === 'waiting') {
        room = m.id;
        send({ type: 'chat', text: '/addbot random' });
      } else if (m.id === room && !started && m.status === 'waiting' && m.seats.filter((s) => s.name !== null).length >= 2) {
        started = true;
        send({ type: 'chat', text: '/start' });
      }
      break;
    case 'state':
      if (m.room !== room) break;
      seat = m.seat;
      version = m.version;
      if (!moved && m.view.to_act.includes(seat) && m.view.legal.length > 0) {
        moved = true;
        send({ type: 'action', room, action: m.view.legal[0].action });
      }
      break;
    case 'patch':
      if (m.room !== room) break;
      version = m.to;
      if (m.by === seat) {  // our move is applied, so stored: hand over
        writeFileSync(file, JSON.stringify({ token, room, seat, version }));
        done();
      }
      // Not our turn yet: the bot moves first; a full state tells us when we may act.
      if (!moved) send({ type: 'sync', room });
      break;
    default:
      break;
  }
}

function onResume(m) {
  if (m.type !== 'state' || m.room !== saved.room) return;
  if (m.seat !== saved.seat) fail(`room ${m.room} came back with seat ${m.seat}, expected ${saved.seat}`);
  if (m.version < saved.version) fail(`room ${m.room} came back at version ${m.version}, before the saved ${saved.version}`);
  done();
}
