// A minimal Archipel bot (docs/bots.md): connects, creates or joins a room, plays one game choosing random legal
// moves, and exits 0 after the `over` message. If the connection drops before that (a server restart closes it
// with 1012), it connects again every second for a minute and says hello with its token: its seat comes back.
//   node random_bot.mjs --url ws://127.0.0.1:8080/ws --name Ada --create santa-cruz --start-when 2
//   node random_bot.mjs --url ws://127.0.0.1:8080/ws --name Bob            (joins the first open room)
import WebSocket from 'ws';
import { ViewTracker, Update } from '../../web-client/view_tracker.js';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const url = args.url ?? 'ws://127.0.0.1:8080/ws';
const name = args.name ?? `js${Math.floor(Math.random() * 1000)}`;
const create = args.create;                  // a game id: create a room for it and be its host
const startWhen = Number(args['start-when'] ?? 2);
const moveDelay = Number(args['move-delay'] ?? 100);  // ms before each move: well under the server's rate limit

let ws = null;
let token = null;     // from `welcome`: the seat back after a reconnection
let over = false;
let welcomed = false;
let reconnectUntil = 0;
const send = (message) => ws?.readyState === WebSocket.OPEN && ws.send(JSON.stringify(message));
const chat = (text) => send({ type: 'chat', text });
const log = (...parts) => console.error(`[${name}]`, ...parts);

let room = null;      // the room we sit in
let started = false;
// The view, its version and the one-move-at-a-time rule: the web client's own module (docs/protocol.md).
const tracker = new ViewTracker();

// One move at a time, until the patch `by` our seat (or a refusal) answers it: where several seats act at once
// (secret discards), another seat's patch may arrive before ours and still offer the move we sent.
// A short pause keeps the bot well under the server's rate limit (20 messages a second).
function maybeAct() {
  if (!tracker.mayAct()) return;
  const legal = tracker.view.legal;
  const move = legal[Math.floor(Math.random() * legal.length)];
  tracker.acted();
  setTimeout(() => send({ type: 'action', room, action: move.action }), moveDelay);
}

function onMessage(data) {
  const m = JSON.parse(data.toString());
  switch (m.type) {
    case 'welcome':
      token = m.token;
      if (welcomed) break;  // back after a drop: the room sends its state
      welcomed = true;
      if (create) chat(`/create ${create}`); else chat('/join');
      break;
    case 'rooms':        // a page of the room list (after the welcome)
    case 'rooms_delta': { // rooms added or changed since (docs/protocol.md)
      // Not seated yet: a room with a free seat is there now, try to join the first open room again.
      const rooms = m.type === 'rooms' ? m.rooms : [...m.added, ...m.changed];
      if (!create && room === null && rooms.some((r) => r.status === 'waiting' && r.seats.some((s) => s.name === null))) chat('/join');
      break;
    }
    case 'room': {
      const mine = m.seats.some((s) => s.name === name);
      if (mine && room === null) room = m.id;
      const taken = m.seats.filter((s) => s.name !== null).length;
      if (create && mine && !started && m.status === 'waiting' && m.host === name && taken >= startWhen) {
        started = true;
        chat('/start');
      }
      break;
    }
    case 'state':
    case 'patch': {
      if (room !== null && m.room !== room) break;  // a late answer about a room we are not in
      const update = tracker.onMessage(m);
      if (update === Update.needSync) send({ type: 'sync', room: tracker.room });  // a gap: ask for the full state
      else if (update === Update.updated) { room = tracker.room; maybeAct(); }
      break;
    }
    case 'over':
      if (m.room !== room) break;
      log('game over:', JSON.stringify(m.ranking));
      over = true;
      ws.close();
      break;
    case 'error':
      log('error', m.code, m.message);  // e.g. no open room yet, or a refused move: keep going
      if (tracker.view !== null) { tracker.forgetAction(); setTimeout(() => send({ type: 'sync', room }), 500); }
      break;
    default:
      break;
  }
}

function connect() {
  ws = new WebSocket(url);
  ws.on('open', () => {
    reconnectUntil = 0;
    if (token) { log('connected again; resuming with the token'); tracker.reset(); }
    send(token ? { type: 'hello', token } : { type: 'hello', name });
  });
  ws.on('message', onMessage);
  ws.on('error', (e) => log('connection error', e.message));  // followed by 'close'
  ws.on('close', (code) => {
    if (over) process.exit(0);
    if (!token) process.exit(1);  // never welcomed: nothing to come back to
    reconnectUntil ||= Date.now() + 60_000;
    if (Date.now() > reconnectUntil) { log('gave up reconnecting'); process.exit(1); }
    log(`connection closed (${code}); connecting again`);
    setTimeout(connect, 1000);
  });
}
connect();
