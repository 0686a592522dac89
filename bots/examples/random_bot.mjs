// A minimal Archipel bot (docs/bots.md): connects, creates or joins a room, plays one game choosing random legal
// moves, and exits 0 after the `over` message.
//   node random_bot.mjs --url ws://127.0.0.1:8080/ws --name Ada --create santa-cruz --start-when 2
//   node random_bot.mjs --url ws://127.0.0.1:8080/ws --name Bob            (joins the first open room)
import WebSocket from 'ws';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const url = args.url ?? 'ws://127.0.0.1:8080/ws';
const name = args.name ?? `js${Math.floor(Math.random() * 1000)}`;
const create = args.create;                  // a game id: create a room for it and be its host
const startWhen = Number(args['start-when'] ?? 2);

const ws = new WebSocket(url);
const send = (message) => ws.send(JSON.stringify(message));
const chat = (text) => send({ type: 'chat', text });
const log = (...parts) => console.error(`[${name}]`, ...parts);

let room = null;      // the room we sit in
let view = null;      // our view of the game, kept up to date from state and patch messages
let version = 0;
let seat = null;
let started = false;
let moveSent = false; // a move is on its way: wait for its own patch (`by` our seat) before the next one
let movedAt = -1;     // the version that move was chosen on

// RFC 6902, the subset the server sends (add, remove, replace); enough for a bot.
function applyPatch(doc, ops) {
  for (const op of ops) {
    const keys = op.path.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    let parent = doc;
    for (const k of keys) parent = parent[Array.isArray(parent) ? Number(k) : k];
    if (op.op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1); else delete parent[last];
    } else if (op.op === 'add' && Array.isArray(parent)) {
      parent.splice(last === '-' ? parent.length : Number(last), 0, op.value);
    } else if (op.op === 'add' || op.op === 'replace') {
      parent[Array.isArray(parent) ? Number(last) : last] = op.value;
    } else {
      throw new Error(`unsupported op ${op.op}`);
    }
  }
  return doc;
}

// Where several seats act at once (secret discards), another seat's patch may arrive before ours and still
// offer the move we sent: so one move at a time, until the patch `by` our seat (or a refusal) answers it.
// A short pause keeps the bot well under the server's rate limit (20 messages a second).
function maybeAct() {
  if (moveSent || !view || seat === null || !view.to_act.includes(seat) || view.legal.length === 0) return;
  moveSent = true;
  movedAt = version;
  const move = view.legal[Math.floor(Math.random() * view.legal.length)];
  setTimeout(() => send({ type: 'action', room, action: move.action }), 100);
}

ws.on('open', () => send({ type: 'hello', name }));
ws.on('message', (data) => {
  const m = JSON.parse(data.toString());
  switch (m.type) {
    case 'welcome':
      if (create) chat(`/create ${create}`); else chat('/join');
      break;
    case 'rooms':  // the lobby changed: if we are not seated yet, try to join the first open room again
      if (!create && room === null && m.rooms.some((r) => r.status === 'waiting')) chat('/join');
      break;
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
      if (room !== null && m.room !== room) break;
      room = m.room; view = m.view; version = m.version; seat = m.seat;
      if (version > movedAt) moveSent = false;  // a state at movedAt was made before our move arrived
      maybeAct();
      break;
    case 'patch':
      if (m.room !== room || view === null) break;
      if (m.from !== version) { send({ type: 'sync', room }); break; }  // a gap: ask for the full state
      try { view = applyPatch(view, m.ops); version = m.to; } catch { send({ type: 'sync', room }); break; }
      if (m.by === seat) moveSent = false;
      maybeAct();
      break;
    case 'over':
      if (m.room !== room) break;
      log('game over:', JSON.stringify(m.ranking));
      ws.close();
      break;
    case 'error':
      log('error', m.code, m.message);  // e.g. no open room yet, or a refused move: keep going
      if (view !== null) { moveSent = false; setTimeout(() => send({ type: 'sync', room }), 500); }
      break;
    default:
      break;
  }
});
ws.on('close', () => process.exit(view && view.to_act.length === 0 ? 0 : 1));
ws.on('error', (e) => { log('connection error', e.message); process.exit(1); });
