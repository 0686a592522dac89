// Archipel's browser client: wires the connection, the lobby, the chat pane and the room area together.
// All state lives in `state` and `tracker` below; every server message updates them and the affected part is
// drawn again.

import { Connection, loadIdentity, saveIdentity } from './connection.js';
import { ViewTracker, Update } from './view_tracker.js';
import { loadRenderer, loadedRenderer } from './renderers.js';
import { seatMarker } from './markers.js';
import { Lobby, optionExistsFor } from './lobby.js';
import { ChatPane } from './chat.js';
import { AccountPanel } from './account.js';
import { h, fill, $ } from './dom.js';
import { t, getLang, setLang, onLangChange, applyStatic } from './i18n.js';

// ---- state ------------------------------------------------------------------------------------------------
const state = {
  identity: loadIdentity(), // {name, token}
  welcomed: false, // this socket said hello and was welcomed
  serverLang: false, // the server's welcome named a language: it takes /lang
  everWelcomed: false, // some socket was: the lobby has something to show
  room: null, // the last `room` message of the room we sit in or watch
  over: null, // the `over` message of the current room
  bots: [], // the bot strategies the server offers for /addbot (from the `games` message)
  conn: { s: 'idle', detail: {} }, // the connection indicator's last state
  connTried: false, // a connection was tried since the page opened
  shownGame: null, // the room and game id whose text-move and raw-view panels were last laid out
  gameLog: { room: null, shown: 0 }, // the game log lines of that room already in the chat pane (state/patch `log`)
  myTurn: false, // it was this seat's turn at the last draw (the turn alert sounds when it becomes so)
  quick: null, // "play against bots now" under way: {game, seats, asked} (see advanceQuick)
  foldedRoom: null, // the room whose details were folded away when its game started (unfolded again by hand)
  replayOnArrival: null, // a finished room asked for from the lobby's Replay: its replay opens when it is shown
  clock: null, // the room's turn clock from its last `clock` message (turn_clock.js), if it has one
  replayLink: null, // a shared replay link's room (#replay/<room>) to open once welcomed
};

const els = {
  conn: $('#conn'),
  connText: $('#conn-text'),
  reconnect: $('#reconnect'),
  me: $('#me'),
  meName: $('#me-name'),
  signout: $('#signout'),
  login: $('#login'),
  loginForm: $('#login-form'),
  nameInput: $('#name-input'),
  loginError: $('#login-error'),
  loginReplay: $('#login-replay'),
  lobby: $('#lobby'),
  room: $('#room'),
  roomId: $('#room-id'),
  roomTitle: $('#room-title'),
  roomStatus: $('#room-status'),
  roomOptions: $('#room-options'),
  seats: $('#seats'),
  spectators: $('#spectators'),
  startButton: $('#start-button'),
  sitButton: $('#sit-button'),
  addBot: $('#addbot'),
  addBotStrategy: $('#addbot-strategy'),
  addBotButton: $('#addbot-button'),
  leaveButton: $('#leave-button'),
  roomHint: $('#room-hint'),
  roomSince: $('#room-since'),
  boardTip: $('#board-tip'),
  leaveConfirm: $('#leave-confirm'),
  roomMore: $('#room-more'),
  roomButtons: $('#room-buttons'),
  over: $('#over'),
  ranking: $('#ranking'),
  rankingHead: $('#ranking-head'),
  rankingTable: $('#ranking-table'),
  rankingBox: $('#ranking-box'),
  overWinner: $('#over-winner'),
  rematchButton: $('#rematch-button'),
  replayButton: $('#replay-button'),
  replayBar: $('#replay'),
  lobbyButton: $('#lobby-button'),
  moves: $('#moves'),
  movesTitle: $('#moves-title'),
  legalMoves: $('#legal-moves'),
  board: $('#board'),
  raw: $('#raw'),
  viewTitle: $('#view-title'),
  stateView: $('#state-view'),
  langSelect: $('#lang-select'),
  quickButton: $('#quick-button'),
  turnAlert: $('#turn-alert'),
  roomRules: $('#room-rules'),
  rulesList: $('#rules-list'),
};

// The game view of that room, its version, our seat, and whether a move of ours is on its way (view_tracker.js).
const tracker = new ViewTracker();

const connection = new Connection({
  onMessage: (msg) => handle(msg),
  onState: (s, detail) => showConnection(s, detail),
  hello: () => {
    // A login asked for before any socket was open goes first, instead of a hello.
    const login = account.takeLogin();
    if (login) return login;
    const { name, token } = state.identity;
    // The page's language goes with the hello: the server writes this person's lines in it (docs/protocol.md).
    if (token) return { type: 'hello', token, lang: getLang() };
    if (name) return { type: 'hello', name, lang: getLang() };
    return null;
  },
});

// A finished game's replay, step by step (replay.js, loaded with the first Replay click, not with the lobby):
// while it is on, the board shows its step.
let replay = null;
function openReplay(room) {
  import('./replay.js').then(async ({ Replay, ready }) => {
    await ready;
    replay ??= newReplay(Replay);
    if (state.room && state.room.id === room.id) replay.open(room, gameOf(room)?.staticData);
  });
}
const newReplay = (Replay) =>
  new Replay(els.replayBar, {
    send: (message) => connection.send(message),
    changed: () => {
      adoptStoredGame();
      renderRoom();
    },
  });

// A shared replay link, /#replay/<room> (the history's Replay, game_history.js): the replay of any finished game
// the server has stored, even one no room holds any more. The page shows it as a finished room of its own that
// the server does not know it looks at (no /watch: there may be no room to watch); the first answer names the game
// and its players. It needs a hello like everything else, so a fresh browser picks a name first.
const replayLinkRoom = () => {
  const m = /^#replay\/(\d{1,10})$/.exec(location.hash);
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
};
state.replayLink = replayLinkRoom();

function openStoredReplay(id) {
  const room = state.room;
  if (room && !room.stored) {
    if (room.id === id && room.status === 'over') return openReplay(room); // the room is here: its own replay
    if (room.status === 'playing' && mySeatIndex(room) >= 0) {
      chat.error(t('history.busy'));
      return;
    }
    command('/leave'); // watching, or a finished game's seat: the replay takes the room's place
  }
  leaveRoomState();
  state.room = { id, stored: true, game: '', title: '', seats: [], spectators: [], status: 'over', options: {}, host: null };
  import('./replay.js').then(async ({ Replay, ready }) => {
    await ready;
    replay ??= newReplay(Replay);
    if (state.room?.stored && state.room.id === id) replay.openStored(id);
  });
  render();
}

// The first answer of a shared link's replay: the game and its players become the room's.
function adoptStoredGame() {
  const room = state.room;
  if (!room?.stored || !replay || replay.room !== room.id || !replay.game || room.game) return;
  room.game = replay.game;
  room.title = lobby.games.find((g) => g.id === replay.game)?.title || replay.game;
  room.seats = replay.names.map((name) => ({ name, connected: true }));
  requestRenderer(room.game);
}

function closeStoredReplay() {
  replay?.close();
  state.room = null;
  if (replayLinkRoom() !== null) history.replaceState(null, '', location.pathname + location.search);
  render();
}

window.addEventListener('hashchange', () => {
  const id = replayLinkRoom();
  if (id === null) {
    if (state.room?.stored) closeStoredReplay();
    return;
  }
  if (state.welcomed) openStoredReplay(id);
  else state.replayLink = id;
});
const replaying = (room) => !!replay && replay.active(room.id);

// The sign-in area in the header (account.js): the password goes in its own messages, never in the chat.
const account = new AccountPanel(
  {
    details: $('#account'),
    summary: $('#account-summary'),
    form: $('#account-form'),
    state: $('#account-state'),
    nameField: $('#account-name-field'),
    name: $('#account-name'),
    passwordField: $('#account-password-field'),
    password: $('#account-password'),
    loginButton: $('#account-login'),
    register: $('#account-register'),
    logout: $('#account-logout'),
    logoutAll: $('#account-logout-all'),
    error: $('#account-error'),
  },
  { send: (message) => connection.send(message), connect: () => connection.start(), t, lang: getLang },
);

const chat = new ChatPane($('#chat-log'), $('#chat-form'), (text) =>
  account.intercept(text) ? 'handled' : connection.send({ type: 'chat', text }),
);

// My games (game_history.js, loaded when the fold is first opened, not with the lobby).
let gameHistory = null;
const historyEls = { details: $('#game-history'), list: $('#game-history-list'), empty: $('#game-history-empty'), more: $('#game-history-more') };
historyEls.details.addEventListener('toggle', () => {
  if (!historyEls.details.open || gameHistory) return;
  import('./game_history.js').then(({ HistoryPanel }) => {
    if (gameHistory) return;
    gameHistory = new HistoryPanel(historyEls, (message) => connection.send(message));
    gameHistory.ask(null); // the panel asks on its own at each later opening
  });
});

const lobby = new Lobby(
  {
    list: $('#room-list'),
    empty: $('#room-list-empty'),
    finished: $('#finished-rooms'),
    finishedCount: $('#finished-rooms-count'),
    finishedList: $('#finished-room-list'),
    form: $('#create-form'),
    gameSelect: $('#create-game'),
    options: $('#create-options'),
    createButton: $('#create-button'),
  },
  (line) => command(line),
  () => state.identity.name,
  (message) => connection.send(message),
  // A finished room's Replay in the list: watch it, then its replay opens with its room (onRoom).
  (id) => {
    state.replayOnArrival = id;
    command(`/watch ${id}`);
  },
);

function command(line) {
  if (!connection.send({ type: 'chat', text: line })) {
    chat.error(t('err.notConnected'));
    return false;
  }
  chat.local(line);
  return true;
}

// ---- messages ---------------------------------------------------------------------------------------------
function handle(msg) {
  switch (msg.type) {
    case 'welcome':
      return onWelcome(msg);
    case 'rooms':
      return lobby.onRooms(msg);
    case 'rooms_delta':
      return lobby.onRoomsDelta(msg);
    case 'games':
      state.bots = Array.isArray(msg.bots) ? msg.bots : [];
      renderBotChoice();
      lobby.setGames(msg.games);
      els.quickButton.disabled = !lobby.games.length || !state.bots.length;
      if (state.room) renderRoom(); // the room's options line reads the options' words
      return;
    case 'room':
      return onRoom(msg);
    case 'left':
      if (state.room && state.room.id === msg.room) {
        leaveRoomState();
        connection.send({ type: 'rooms' }); // back in the lobby: the list as it is now
      }
      return render();
    case 'state':
    case 'patch':
      return onGameMessage(msg);
    case 'over':
      if (!state.room || state.room.id === msg.room) state.over = msg;
      return render();
    case 'replay':
      return replay?.onMessage(msg);
    case 'clock':
      return onClock(msg);
    case 'account':
      return onAccount(msg);
    case 'chat':
      chat.chat(msg.from, msg.text, msg.room);
      return;
    case 'history':
      return onHistory(msg);
    case 'game_history': // the history panel's pages, or /history typed in the chat
      if (!gameHistory?.onMessage(msg)) chat.info(String(msg.text ?? ''));
      return;
    case 'leaderboard': // /top and /profile: the server writes their text in our language
    case 'profile':
      chat.info(String(msg.text ?? ''));
      return;
    case 'info':
      return onInfo(msg);
    case 'error':
      return onError(msg);
    default:
      return; // a newer server's message: ignore it
  }
}

function onWelcome(msg) {
  state.serverLang = typeof msg.lang === 'string'; // a server that speaks both languages says which it uses
  account.update({ welcomed: true, name: msg.name, registered: !!msg.registered });
  if (state.welcomed) {
    // Sent again on this socket after /nick: the same player under a new name.
    state.identity = { name: msg.name, token: msg.token || state.identity.token };
    saveIdentity(state.identity);
    lobby.renderRooms();
    render();
    return;
  }
  const resumed = !!state.identity.token && msg.token === state.identity.token;
  const seated = !!state.room && mySeatIndex(state.room) >= 0;
  const link = state.replayLink;
  state.replayLink = null;
  const rewatch = link ? null : state.room && !seated ? state.room.id : sessionWatching();
  state.identity = { name: msg.name, token: msg.token };
  saveIdentity(state.identity);
  state.welcomed = true;
  state.everWelcomed = true;
  connection.welcomed();
  // A seat in a started game waits for us: the server sends its room and full state again right after the
  // welcome, so the room stays on screen meanwhile. Before the start a dropped player loses the seat, and a
  // spectator is dropped: back to the lobby, and a spectator asks to watch again.
  // A move sent on the old socket may be lost: the full state that comes next decides.
  if (resumed && seated && state.room.status !== 'waiting') tracker.reconnected();
  else leaveRoomState();
  connection.send({ type: 'games' }); // the create form and the bot choice (the room list comes by itself)
  if (rewatch) connection.send({ type: 'chat', text: `/watch ${rewatch}` });
  render();
  if (link) openStoredReplay(link);
}

// After register, login or logout (docs/protocol.md, "Accounts").
function onAccount(msg) {
  account.done();
  if (msg.registered) {
    account.update({ registered: true, name: msg.name });
    return;
  }
  // Logged out: the connection is no one's now. The name is the account's, so this device forgets it, and the
  // first screen asks for a guest name (or a login) again.
  account.update({ welcomed: false, registered: false, name: '' });
  state.identity = { name: '', token: '' };
  saveIdentity(state.identity);
  leaveRoomState();
  els.nameInput.value = '';
  render();
  showLogin();
}

function onRoom(msg) {
  if (state.room?.stored) closeStoredReplay(); // a room of ours takes the place of a shared link's replay
  if (state.clock && state.clock.room !== msg.id) state.clock = null;
  if (!state.room || state.room.id !== msg.id) {
    if (tracker.room !== null && tracker.room !== msg.id) tracker.reset();
    state.over = state.over && state.over.room === msg.id ? state.over : null;
  }
  tellPresence(state.room, msg);
  state.room = msg;
  watchTargets();
  if (state.replayOnArrival === msg.id) {
    state.replayOnArrival = null;
    openReplay(msg);
  }
  advanceQuick(msg);
  requestRenderer(msg.game);
  setSessionWatching(mySeatIndex(msg) < 0 ? msg.id : null);
  render();
}

// The turn clock (turn_clock.js, loaded with the first clock message): kept with its time of arrival, drawn in
// the seat list, counted down twice a second.
let clockTicker = null;
let clocks = null;
function onClock(msg) {
  if (state.room && state.room.id !== msg.room) return;
  const arrived = Date.now();
  import('./turn_clock.js').then(async (module) => {
    await module.ready;
    clocks = module;
    state.clock = clocks.clockFromMessage(msg, arrived);
    clockTicker ??= setInterval(() => {
      if (state.clock?.running.length && state.room?.status === 'playing') clocks.tickClocks(els.seats, state.clock);
    }, 500);
    render();
  });
}

function leaveRoomState() {
  replay?.close();
  state.clock = null;
  state.room = null;
  state.over = null;
  tracker.reset();
  setSessionWatching(null);
}

function onGameMessage(msg) {
  if (state.room && state.room.id !== msg.room) return; // a room we already left
  const update = tracker.onMessage(msg);
  if (update === Update.updated) showGameLog(msg);
  if (tracker.patchError) chat.error(t('err.patch', { msg: tracker.patchError }));
  if (update === Update.needSync) connection.send({ type: 'sync', room: tracker.room });
  if (update !== Update.ignored) render();
}

// The game log travels with the game (docs/protocol.md): a `state` carries the whole log, a move's `patch` the
// lines it caused. The chat pane shows each line once: a state after a reload shows them all, a state after a
// sync or a second /join only those not shown yet. (Servers older than this send each line as an `info`.)
function showGameLog(msg) {
  if (!Array.isArray(msg.log)) return;
  const lines = msg.log.filter((l) => typeof l === 'string');
  const seen = state.gameLog;
  if (seen.room !== msg.room) {
    seen.room = msg.room;
    seen.shown = 0;
  }
  if (msg.type === 'state') {
    if (lines.length < seen.shown) seen.shown = 0; // another game in this room: its log from the start
    const at = Array.isArray(msg.log_at) && msg.log_at.length === lines.length ? msg.log_at : [];
    for (let i = seen.shown; i < lines.length; ++i) chat.logLine(lines[i], msg.room, at[i]);
    seen.shown = lines.length;
  } else {
    for (const line of lines) chat.logLine(line, msg.room);
    seen.shown += lines.length;
  }
}

// A room's history comes when one arrives in a room or comes back to it (a reload, a reconnect), before the
// game's `state`: it replaces that room's lines, so the game log is shown again from the state that follows.
function onHistory(msg) {
  if (!Array.isArray(msg.lines)) return;
  chat.restoreRoom(msg.room, msg.lines);
  if (state.gameLog.room === msg.room) state.gameLog.shown = 0;
}

function onInfo(msg) {
  const text = String(msg.text ?? '');
  if (msg.code === 'session_replaced') connection.replaced();
  if (msg.code === 'server_restarting') connection.restarting();
  chat.info(text, msg.room);
}

function onError(msg) {
  if (account.takeError(msg)) return;
  if (!state.welcomed) {
    if (msg.code === 'bad_token') {
      // The server forgot us (a restart, or we were in no room when the page went away): sign in by name.
      state.identity.token = '';
      saveIdentity(state.identity);
      if (state.identity.name) connection.send({ type: 'hello', name: state.identity.name, lang: getLang() });
      else showLogin();
      return;
    }
    if (msg.code === 'bad_name' || msg.code === 'name_taken' || msg.code === 'name_registered') {
      showLogin(msg.message);
      return;
    }
  }
  tracker.forgetAction(); // the move on its way, if any, was refused (or it never mattered)
  const storedUnread = state.room?.stored && replay?.view === null;
  replay?.onError();
  state.quick = null; // a quick game that met an error stops where it is: the room's own buttons carry on
  chat.error(msg.message || msg.code, msg.code);
  if (storedUnread) closeStoredReplay(); // no such game, or not over: back to the lobby, the chat says why
  renderRoom();
}

// ---- login ------------------------------------------------------------------------------------------------
function validName(name) {
  return /^[A-Za-z0-9_.-]{1,24}$/.test(name) && !/^[0-9]+$/.test(name);
}

/** The login form; `error` is a server message, or {key} for one of ours (translated again on a language change). */
function showLogin(error) {
  state.welcomed = false;
  state.everWelcomed = false;
  els.login.hidden = false;
  els.lobby.hidden = true;
  els.room.hidden = true;
  els.loginError.hidden = !error;
  // The form says what went wrong: the header does not go on saying "signing in…" beside it (issue 35, 7).
  if (error) els.conn.hidden = true;
  els.loginError.textContent = (error && error.key ? t(error.key) : error) || '';
  if (error && error.key) els.loginError.dataset.key = error.key;
  else delete els.loginError.dataset.key;
  if (!els.nameInput.value) els.nameInput.value = state.identity.name || '';
  els.loginReplay.hidden = !state.replayLink;
  els.loginReplay.textContent = state.replayLink ? t('history.replayLoginHint', { id: state.replayLink }) : '';
  els.nameInput.focus();
}

els.loginForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = els.nameInput.value.trim();
  if (!validName(name)) {
    showLogin({ key: 'login.invalid' });
    return;
  }
  state.identity = { name, token: '' };
  saveIdentity(state.identity);
  els.loginError.hidden = true;
  if (connection.isOpen && !state.welcomed) connection.send({ type: 'hello', name, lang: getLang() });
  else connection.start();
});

els.signout.addEventListener('click', () => {
  connection.stop();
  state.identity = { name: '', token: '' };
  saveIdentity(state.identity);
  state.welcomed = false;
  leaveRoomState();
  els.nameInput.value = '';
  render();
  showLogin();
});

els.reconnect.addEventListener('click', () => {
  connection.stop();
  connection.start();
});

// ---- connection indicator -------------------------------------------------------------------------------
let countdown = null;
function showConnection(s, detail) {
  clearInterval(countdown);
  state.conn = { s, detail };
  els.conn.dataset.state = s;
  // "not connected" means something only once a connection was tried (the login form comes first).
  if (s !== 'idle') state.connTried = true;
  els.conn.hidden = s === 'idle' && !state.connTried;
  els.reconnect.hidden = s !== 'replaced' && s !== 'retrying';
  if (s === 'retrying') {
    const tick = () => {
      const left = Math.max(0, Math.ceil((detail.retryAt - Date.now()) / 1000));
      els.connText.textContent = t(detail.restarting ? 'conn.restarting' : 'conn.retrying', { s: left });
    };
    tick();
    countdown = setInterval(tick, 1000);
  } else {
    els.connText.textContent = ['idle', 'connecting', 'open', 'online', 'replaced'].includes(s) ? t(`conn.${s}`) : s;
  }
  if (s !== 'online') state.welcomed = false; // a new socket needs a new hello
  renderHeader();
}

// ---- language ---------------------------------------------------------------------------------------------
els.langSelect.value = getLang();
els.langSelect.addEventListener('change', () => setLang(els.langSelect.value));
onLangChange(() => {
  els.langSelect.value = getLang();
  // The server's lines follow (/lang), where the server has languages (its welcome said which); an older one
  // would answer "unknown command", and the next hello carries the language anyway.
  if (state.welcomed && state.serverLang) {
    connection.send({ type: 'chat', text: `/lang ${getLang()}` });
    connection.send({ type: 'games' }); // the options' labels and help come in the server's new language
  }
  const { s, detail } = state.conn;
  const welcomed = state.welcomed;
  showConnection(s, detail);
  state.welcomed = welcomed;
  lobby.refresh();
  renderBotChoice();
  replay?.refresh();
  gameHistory?.render();
  if (!els.loginError.hidden && els.loginError.dataset.key) els.loginError.textContent = t(els.loginError.dataset.key);
  render();
});
applyStatic();

// ---- drawing ----------------------------------------------------------------------------------------------
function render() {
  renderHeader();
  // Until the first welcome there is nothing to show but the login form (or the indicator); after it, the
  // lobby or the room stays on screen through reconnections, as it was.
  if (!state.everWelcomed) {
    els.lobby.hidden = true;
    els.room.hidden = true;
    return;
  }
  els.login.hidden = true;
  els.lobby.hidden = !!state.room;
  els.room.hidden = !state.room;
  renderRoom();
}

function renderHeader() {
  account.render(); // its words follow the language
  els.me.hidden = !state.identity.name || !state.everWelcomed;
  els.meName.textContent = state.identity.name;
}

const sameName = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The view we hold of this room (the tracker itself), or null. */
const gameOf = (room) => (tracker.room === room.id && tracker.view !== null ? tracker : null);

function mySeatIndex(room) {
  const game = gameOf(room);
  if (game && game.seat !== null) return game.seat;
  return (room.seats || []).findIndex((s) => sameName(s.name, state.identity.name));
}

// An away person's tag; until the others may hand the seat to a bot, it counts down to that moment (the room's
// `hand_over_at`, issue 35 point 5), redrawn each second by the ticker below.
function awayTag(seat) {
  if (!seat.hand_over_at) return h('span', { class: 'tag tag-away' }, t('seat.away'));
  return h('span', { class: 'tag tag-away', dataset: { testid: 'away-countdown', handOverAt: seat.hand_over_at } }, awayCountdown(seat.hand_over_at));
}
function awayCountdown(at) {
  const s = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return t('seat.awayCountdown', { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` });
}
setInterval(() => {
  for (const el of document.querySelectorAll('[data-hand-over-at]')) el.textContent = awayCountdown(Number(el.dataset.handOverAt));
}, 1000);

/** Says in the chat who left the table and who came back, from two room messages in a row (not about oneself). */
function tellPresence(before, room) {
  if (!before || before.id !== room.id || (room.status !== 'playing' && room.status !== 'waiting')) return;
  const mine = mySeatIndex(room);
  (room.seats || []).forEach((seat, i) => {
    const was = before.seats?.[i];
    if (i === mine || !seat.name || seat.bot || !was || was.name !== seat.name || was.connected === seat.connected) return;
    if (seat.connected) return chat.info(t('room.playerBack', { name: seat.name }), room.id);
    const s = seat.hand_over_at ? Math.max(0, Math.round((seat.hand_over_at - Date.now()) / 1000)) : 0;
    chat.info(t('room.playerLeft', { name: seat.name, s: room.status === 'playing' ? s : 0 }), room.id);
  });
}

// An absent player's seat handed to a bot (/handover, docs/commands.md): once the server says the seat may be
// handed over (its person away long enough), each other seated player gets a button; it shows the votes so far.
function handoverButton(room, seat, index, mySeat) {
  if (room.status !== 'playing') return null;
  if (index === mySeat && seat.stand_in) {  // back while a bot plays for us: /join gives the seat back
    const take = () => command(`/join ${room.id}`);
    return h('button', { type: 'button', class: 'handover', dataset: { testid: 'take-back' }, onclick: take }, t('seat.takeBack'));
  }
  if (!seat.may_hand_over || seat.stand_in || mySeat < 0 || index === mySeat) return null;
  const votes = seat.handover_votes || [];
  const voted = votes.some((name) => sameName(name, state.identity.name));
  return h(
    'button',
    {
      type: 'button',
      class: 'handover',
      disabled: voted,
      title: t('seat.handoverHelp'),
      dataset: { testid: 'handover', votes: votes.length },
      onclick: () => command(`/handover ${index + 1}`),
    },
    voted ? t('seat.handoverVoted', { n: votes.length }) : t('seat.handover'),
  );
}

function renderRoom() {
  const room = state.room;
  if (!room) return;
  const game = gameOf(room);
  const view = game?.view ?? null;
  const seats = room.seats || [];
  const mySeat = mySeatIndex(room);
  const toAct = Array.isArray(view?.to_act) ? view.to_act : [];
  const legal = Array.isArray(view?.legal) ? view.legal : [];
  const amHost = sameName(room.host, state.identity.name);
  const seated = seats.filter((s) => s.name).length;
  const started = room.status !== 'waiting';

  els.room.dataset.roomId = room.id;
  els.room.dataset.status = room.status;
  els.room.dataset.seat = mySeat >= 0 ? mySeat : '';
  els.room.dataset.version = game ? game.version : '';
  // Board first: once the game is on, the room shrinks to a header (seat chips, status line, Leave) and its
  // options fold away, once, so that a player who unfolds them again keeps them open.
  els.room.classList.toggle('in-game', started);
  if (started && state.foldedRoom !== room.id) {
    state.foldedRoom = room.id;
    els.roomMore.open = false;
  } else if (!started) {
    state.foldedRoom = null;
    els.roomMore.open = true;
  }
  els.roomId.textContent = `#${room.id}`;
  els.roomTitle.textContent = room.title || room.game;
  els.roomStatus.textContent = t(`status.${room.status}`);
  els.roomStatus.className = `badge status-${room.status}`;
  els.roomOptions.textContent = optionsLine(room, seated);

  fill(
    els.seats,
    seats.map((s, i) =>
      h(
        'li',
        {
          class: ['seat', s.name ? '' : 'free', i === mySeat ? 'mine' : '', toAct.includes(i) ? 'to-act' : '', s.name && !s.connected ? 'away' : '']
            .filter(Boolean)
            .join(' '),
          dataset: { testid: 'seat', seat: i, connected: !!s.connected },
        },
        h('span', { class: 'dot', title: s.name ? (s.connected ? t('seat.connected') : t('seat.away')) : t('seat.free'), 'aria-hidden': 'true' }),
        started && s.name ? seatMarker(i) : null,
        h('span', { class: 'seat-label' }, s.name || t('seat.freeSeat')),
        i === mySeat ? h('span', { class: 'tag tag-you' }, t('seat.you')) : null,
        s.name && sameName(s.name, room.host) ? h('span', { class: 'tag tag-host' }, t('seat.host')) : null,
        s.bot ? h('span', { class: 'tag' }, t('seat.bot')) : null,
        s.name && !s.connected ? awayTag(s) : null,
        s.stand_in ? h('span', { class: 'tag tag-stand-in', dataset: { testid: 'stand-in' } }, t('seat.standIn')) : null,
        toAct.includes(i) ? h('span', { class: 'tag tag-act', dataset: { testid: 'to-act' } }, t('seat.toAct')) : null,
        room.status === 'playing' && state.clock?.room === room.id ? clocks.clockTag(state.clock, i, h, t) : null,
        handoverButton(room, s, i, mySeat),
      ),
    ),
  );
  const spectators = room.spectators || [];
  els.spectators.textContent = spectators.length ? t('room.watching', { list: spectators.join(', ') }) : '';

  const waiting = room.status === 'waiting';
  els.startButton.hidden = !(waiting && amHost);
  els.startButton.disabled = seated < room.min_players || seated > room.max_players;
  els.sitButton.hidden = !(waiting && mySeat < 0 && seated < seats.length);
  els.addBot.hidden = !(waiting && amHost && seated < seats.length && state.bots.length > 0);
  els.roomButtons.hidden = els.startButton.hidden && els.sitButton.hidden && els.addBot.hidden;
  els.leaveButton.textContent = mySeat < 0 ? t('room.stopWatching') : room.status === 'over' ? t('room.backToLobby') : t('room.leave');
  if (room.stored) els.leaveButton.textContent = t('history.backToLobby');

  const nameOf = (i) => seats[i]?.name || t('room.seatN', { n: i + 1 });
  let hint = '';
  if (waiting) {
    const range = room.min_players === room.max_players ? `${room.min_players}` : `${room.min_players}–${room.max_players}`;
    hint = t('room.seated', { n: seated, game: room.title || room.game, range });
    hint += amHost ? t('room.startWhenReady') : t('room.waitHost', { host: room.host || t('room.theHost') });
  } else if (room.status === 'playing' && view) {
    if (mySeat >= 0 && toAct.includes(mySeat)) hint = t('room.yourTurn');
    else if (toAct.length) hint = t('room.waitingFor', { list: toAct.map(nameOf).join(', ') });
    if (mySeat < 0) hint = `${t('room.youWatch')} ${hint}`;
  }
  els.roomHint.textContent = hint;
  renderSince(room, game, mySeat, nameOf);
  if (room.game) renderRules(room.game);
  if (!game || els.boardTip.dataset.version !== String(game.version)) els.boardTip.hidden = true; // a new view: the tip is old
  const myTurn = mySeat >= 0 && toAct.includes(mySeat) && room.status === 'playing';
  document.title = myTurn ? t('title.yourTurn') : 'Archipel';
  if (myTurn && !state.myTurn) turnAlert().then((a) => a.turnAlertOn() && a.alertTurn(t('room.yourTurn')));
  state.myTurn = myTurn;

  renderOver(room);
  // In replay mode the board shows the replayed step as a spectator saw it (replay.js).
  if (room.stored) replay?.render(closeStoredReplay, t('history.backToLobby'));
  else replay?.render(renderRoom);
  if (replaying(room) && replay.view !== null) {
    renderBoard(room, replay, replay.boardContext(seats));
    els.moves.hidden = true;
    return;
  }
  const hasBoard = renderBoard(room, game, {
    seat: game?.seat ?? null,
    names: seats.map((s) => s.name),
    toAct,
    legal,
    busy: tracker.moveInFlight,
    changedSince: game ? game.changedSince() : [],
    status: room.status,
    over: state.over && state.over.room === room.id ? state.over : null,
  });
  // A board's prompt says who is waited for: a spectator read it twice, above the board and on it (issue 35, 8).
  if (hasBoard && mySeat < 0) els.roomHint.textContent = '';
  // The text moves and the raw view: open by default for a game without a board, folded away under one.
  const shown = game ? `${room.id}:${room.game}:${hasBoard}` : null;
  if (shown !== state.shownGame) {
    state.shownGame = shown;
    els.moves.open = !hasBoard;
    els.raw.open = !hasBoard;
  }
  els.board.classList.toggle('busy', tracker.moveInFlight);
  els.room.classList.toggle('board-final', !!els.board.querySelector(".board-custom [data-testid$='-final'] table"));
  renderMoves(room, game, legal);
  renderRaw(game);
}

/**
 * "Since your last turn": who moved and what the log says they did (the last lines of each), beside the marks
 * the board draws from the same trail (view_tracker.js, last_moves.js). A spectator reads each seat's last turn.
 */
function renderSince(room, game, mySeat, nameOf) {
  const trail = room.status === 'playing' && game ? game.changedSince() : [];
  if (!trail.length) {
    els.roomSince.replaceChildren();
    return;
  }
  const MAX_LINES = 2;
  fill(
    els.roomSince,
    t(mySeat >= 0 ? 'since.yourTurn' : 'since.lastMoves'),
    ' ',
    trail.map((e, i) => {
      const lines = e.log.slice(-MAX_LINES);
      return h(
        'span',
        { class: 'since-entry', dataset: { testid: 'since-entry', seat: e.seat }, title: e.log.join('\n') || null },
        i ? ' · ' : null,
        seatMarker(e.seat, 12),
        ' ',
        h('span', { class: 'since-seat' }, nameOf(e.seat)),
        ': ',
        lines.length ? (e.log.length > lines.length ? '… ' : '') + lines.join('; ') : t('since.moves', { n: e.moves }),
      );
    }),
  );
}

const rulesOf = new Map(); // game id -> its {en, fr} summary once loaded (null: none)

/** "The rules in short" (games/<id>/rules.js, rules.js), folded under the room's header, in the page's language. */
function renderRules(gameId) {
  if (!rulesOf.has(gameId)) {
    rulesOf.set(gameId, null);
    turnAlert().then((a) => (els.turnAlert.checked = a.turnAlertOn()));
    import('./rules.js').then((r) => r.loadRules(gameId)).then((rules) => {
      rulesOf.set(gameId, rules);
      if (rules && state.room && state.room.game === gameId) renderRoom();
    });
  }
  const rules = rulesOf.get(gameId);
  const lines = rules && Array.isArray(rules[getLang()]) ? rules[getLang()] : null;
  els.roomRules.hidden = !lines;
  if (lines) fill(els.rulesList, lines.map((line) => h('li', {}, line)));
}

/** The room's options; before the start, one that does not exist for the players seated says so. */
function optionsLine(room, seated) {
  const list = Object.entries(room.options || {}).map(([key, value]) => {
    const spec = lobby.optionSpec(room.game, key);
    // In the reader's words ("Pendule : 5 min chacun"); a value the form does not offer (/create clock=7m) as is.
    const label = spec?.choice_labels?.[spec.choices.indexOf(value)] ?? value;
    const option = spec?.label ? t('room.option', { name: spec.label, value: label }) : `${key}=${value}`;
    const unused = room.status === 'waiting' && !!spec && !optionExistsFor(spec, seated);
    return unused ? t('room.optionUnused', { option, n: seated }) : option;
  });
  return list.length ? t('room.options', { list: list.join(' · ') }) : '';
}

/**
 * The result panel at the end (one result table: see style.css, .game-over): the winner named
 * (or the shared win, or a solo game won or lost), each player's points by source from `over.breakdown` (a
 * column per source, labelled in the page's language from the board's words, else the server's label, else the
 * source key), then Rematch (or "join the rematch" once someone asked for it) and Back to the lobby.
 */
// The result as a table where it fits its box, else one card per player (issue 35, point 3: Santa Maria's ten
// sources overflowed a 1366 px screen, and a phone broke the headings one letter per line and cut the names). The
// table's own width decides, measured as a table; the box's width changes with the screen and the panel opening.
function fitRanking() {
  els.rankingTable.classList.remove('cards');
  els.rankingTable.classList.toggle('cards', els.rankingTable.scrollWidth > els.rankingBox.clientWidth + 1);
}
new ResizeObserver(fitRanking).observe(els.rankingBox);

function renderOver(room) {
  const over = state.over && state.over.room === room.id ? state.over : null;
  els.over.hidden = !over || replaying(room);
  els.room.classList.toggle('game-over', !!over);
  els.leaveButton.hidden = false;
  if (!over) return;
  const ranking = Array.isArray(over.ranking) ? over.ranking : [];
  const nameOf = (r) => r.name || room.seats?.[r.seat]?.name || t('room.seatN', { n: r.seat + 1 });
  const winners = ranking.filter((r, i) => (r.place ?? i + 1) === 1).map(nameOf);
  let winner;
  if (over.solo === 'won' || over.solo === 'lost') winner = t(`over.solo.${over.solo}`, { name: winners[0] || nameOf(ranking[0] || { seat: 0 }) });
  else if (winners.length > 1) winner = t('over.sharedWin', { names: winners.join(t('over.and')) });
  else if (winners.length === 1) winner = t('over.winner', { name: winners[0] });
  els.overWinner.textContent = winner || '';

  // The sources, in the order the server lists them; a source met several times (Santa Cruz's score cards) is
  // one column, its cell the sum, its title the details.
  const breakdown = Array.isArray(over.breakdown) ? over.breakdown : [];
  els.room.classList.toggle('has-breakdown', breakdown.length > 0);
  const sources = [];
  const labels = new Map();
  for (const parts of breakdown) {
    for (const part of Array.isArray(parts) ? parts : []) {
      if (!part || typeof part.source !== 'string') continue;
      if (!labels.has(part.source)) {
        sources.push(part.source);
        labels.set(part.source, sourceLabel(room.game, part));
      }
    }
  }
  fill(
    els.rankingHead,
    h('tr', {}, h('th', {}, t('over.place')), h('th', {}, t('over.player')),
      sources.map((src) => h('th', { class: 'num', dataset: { source: src } }, labels.get(src))),
      h('th', { class: 'num' }, t('over.score'))),
  );
  const mine = gameOf(room)?.seat;
  fill(
    els.ranking,
    ranking.map((r, i) => {
      const parts = (Array.isArray(breakdown[r.seat]) ? breakdown[r.seat] : []).filter((p) => p && typeof p.source === 'string');
      return h(
        'tr',
        { dataset: { testid: 'ranking-row', seat: r.seat, place: r.place ?? i + 1, score: r.score }, class: r.seat === mine ? 'mine' : '' },
        h('td', {}, String(r.place ?? i + 1)),
        h('td', {}, seatMarker(r.seat), nameOf(r)),
        sources.map((src) => {
          const here = parts.filter((p) => p.source === src);
          const points = here.reduce((sum, p) => sum + (Number(p.points) || 0), 0);
          const details = here.filter((p) => p.detail !== undefined).map((p) => `${p.detail}: ${p.points}`);
          return h('td', { class: 'num', dataset: { testid: 'breakdown-cell', source: src, points, label: labels.get(src) }, title: details.join(', ') || null }, here.length ? String(points) : '–');
        }),
        h('td', { class: 'num total' }, String(r.score)),
      );
    }),
  );

  fitRanking();

  // Rematch: for the players of the game (a spectator has no seat to keep).
  const seated = mySeatIndex(room) >= 0;
  els.rematchButton.hidden = !seated || room.status !== 'over';
  els.rematchButton.textContent = Number.isInteger(room.rematch) ? t('over.joinRematch', { id: room.rematch }) : t('over.rematch');
  els.rematchButton.dataset.rematch = Number.isInteger(room.rematch) ? room.rematch : '';
  els.replayButton.hidden = room.status !== 'over';
  els.leaveButton.hidden = true; // the panel's own Back to the lobby
}

/** A score source's label: the board's words (`source.<game>.<key>`), else the server's label, else the key. */
function sourceLabel(gameId, part) {
  const key = `source.${gameId}.${part.source}`;
  const ours = t(key);
  if (ours !== key) return ours;
  return typeof part.label === 'string' && part.label ? part.label : part.source;
}

function renderMoves(room, game, legal) {
  const show = !!game && legal.length > 0 && room.status === 'playing';
  els.moves.hidden = !show;
  if (!show) {
    els.legalMoves.replaceChildren();
    return;
  }
  els.movesTitle.textContent = t('moves.title', { n: legal.length });
  fill(
    els.legalMoves,
    legal.map((move, i) =>
      h(
        'button',
        {
          type: 'button',
          class: 'move',
          disabled: tracker.moveInFlight,
          dataset: { testid: 'legal-move', index: i },
          onclick: () => act(room.id, move.action),
        },
        move.text ?? JSON.stringify(move.action),
      ),
    ),
  );
}

function act(roomId, action) {
  if (tracker.moveInFlight) return; // one move at a time: the patch of this one (`by` our seat) comes first
  if (!connection.send({ type: 'action', room: roomId, action })) {
    chat.error(t('err.moveNotSent'));
    return;
  }
  tracker.acted();
  showBusy();
}

// A move on its way (issue 12, point 8): no redraw, only the switches that stop a second move; the patch that
// answers draws the new view. The board gets `busy` (style.css: no pointer events, a progress cursor).
function showBusy() {
  els.board.classList.add('busy');
  for (const button of els.legalMoves.querySelectorAll('button')) button.disabled = true;
}

const requestedRenderers = new Set(); // game ids whose renderer was asked for

/** Starts loading a game's board (once; games/<id>/renderer.js by convention); the room is drawn again when it
 *  is there. */
function requestRenderer(gameId) {
  if (requestedRenderers.has(gameId)) return;
  requestedRenderers.add(gameId);
  loadRenderer(gameId, (e) => {
    console.error('board renderer failed to load', e);
    chat.error(t('err.board', { game: gameId, msg: e.message }));
  }).then((renderer) => renderer && state.room && state.room.game === gameId && renderRoom());
}

/** Draws the game's board if it has a renderer (true), else leaves the board empty (false). */
function renderBoard(room, game, ctx) {
  if (!game) {
    els.board.hidden = true;
    els.board.replaceChildren();
    return false;
  }
  requestRenderer(room.game);
  const renderer = loadedRenderer(room.game);
  els.board.hidden = !renderer;
  if (!renderer) {
    els.board.replaceChildren();
    return false;
  }
  let container = els.board.querySelector(':scope > .board-custom');
  if (!container) container = fill(els.board, h('div', { class: 'board-custom', dataset: { testid: 'board-custom' } })).firstChild;
  try {
    // The view and, apart, the game's static data (a board's drawing, its components), never patched.
    renderer.render(container, game.view, game.staticData, { ...ctx, room: room.id, act: (action) => act(room.id, action) });
  } catch (e) {
    // A renderer bug must not take the page down: the text moves and the raw view still work.
    console.error('board renderer failed', e);
    els.moves.open = true;
  }
  return true;
}

function renderRaw(game) {
  els.raw.hidden = !game;
  if (!game || !els.raw.open) return;
  const { legal, ...rest } = game.view && typeof game.view === 'object' ? game.view : { value: game.view };
  els.viewTitle.textContent =
    game.seat === null ? t('view.spectator', { v: game.version }) : t('view.seat', { n: game.seat + 1, v: game.version });
  els.stateView.textContent = JSON.stringify(rest, sortedKeys, 2);
}
els.raw.addEventListener('toggle', () => state.room && renderRoom());

// Objects printed with sorted keys, as the server sends them: keys that patches add keep their place.
function sortedKeys(_key, value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]]));
}

// ---- play against bots now ----------------------------------------------------------------------------------
// One click (issue 12, point 8): a room of the form's game and options, a bot in every other seat the game needs
// (its minimum, and at least one bot), then /start; only the commands a person could type, each sent when the
// room message shows the previous one done.
els.quickButton.addEventListener('click', () => {
  const game = lobby.chosenGame();
  const line = lobby.createLine();
  if (!game || !line || !state.bots.length) return;
  const seats = Math.min(Math.max(2, game.min_players || 2), game.max_players || 2);
  state.quick = { game: game.id, seats, asked: -1 };
  if (!command(line)) state.quick = null;
});

function advanceQuick(room) {
  const quick = state.quick;
  if (!quick) return;
  if (room.game !== quick.game || room.status !== 'waiting' || !sameName(room.host, state.identity.name)) {
    state.quick = null;
    return;
  }
  const seated = (room.seats || []).filter((s) => s.name).length;
  if (seated >= quick.seats) {
    state.quick = null;
    command('/start');
  } else if (quick.asked !== seated) {
    quick.asked = seated; // one bot asked for each count seen: the room message with it comes next
    command(`/addbot ${els.addBotStrategy.value || state.bots[0]}`);
  }
}

// ---- tap for details, and why nothing happened ----------------------------------------------------------------
// A tap (or click) on the board that is not a move shows what the boards otherwise tell on hover (an SVG <title>
// or a title attribute: a site, a tile, a card), and why it does nothing: not your turn (waiting for whom),
// watching, or not one of the flagged moves. No hover needed, for every game (issue 12, points 4 and 10).
const MOVE_TARGETS = '.flagged, .sm-target, [data-legal=true], [data-playable=true], [data-flag=true], button:not(:disabled), a, summary, input, select';

function describedAt(el) {
  for (let at = el; at && at !== els.board; at = at.parentElement) {
    const own = at.getAttribute?.('title') || [...(at.children || [])].find((c) => c.tagName.toLowerCase() === 'title')?.textContent;
    if (own) return own;
  }
  return '';
}

function whyNothing(room, game) {
  const toAct = Array.isArray(game.view?.to_act) ? game.view.to_act : [];
  const seat = game.seat;
  if (room.status !== 'playing') return '';
  if (seat === null) return t('room.youWatch');
  if (tracker.moveInFlight) return '';
  if (!toAct.includes(seat)) {
    const names = toAct.map((i) => room.seats?.[i]?.name || t('room.seatN', { n: i + 1 }));
    return t('tip.notYourTurn', { list: names.join(', ') });
  }
  return t('tip.notAMove');
}

// pointerup as well as click: a disabled card (greyed, no click event) still answers a tap with why.
const onBoardTap = (event) => {
  const room = state.room;
  const game = room ? gameOf(room) : null;
  if (!game || !(event.target instanceof Element)) return;
  if (event.target.closest(MOVE_TARGETS)) {
    els.boardTip.hidden = true;
    return;
  }
  const text = [describedAt(event.target), whyNothing(room, game)].filter(Boolean).join(' · ');
  els.boardTip.textContent = text;
  els.boardTip.dataset.version = game.version;
  els.boardTip.hidden = !text;
};
els.board.addEventListener('click', onBoardTap);
els.board.addEventListener('pointerup', (event) => event.target instanceof Element && event.target.closest(':disabled') && onBoardTap(event));
// At your turn the board's flagged targets are brought on screen, above the hand drawer (targets_in_view.js),
// loaded with the first room: the lobby's first load does without it.
let targetsWatched = false;
const watchTargets = () => {
  if (targetsWatched) return;
  targetsWatched = true;
  import('./targets_in_view.js').then(({ keepTargetsInView }) =>
    keepTargetsInView(els.board, () => state.myTurn && !!state.room && !replaying(state.room)));
};

// ---- buttons ----------------------------------------------------------------------------------------------
els.startButton.addEventListener('click', () => command('/start'));
els.sitButton.addEventListener('click', () => state.room && command(`/join ${state.room.id}`));
els.addBotButton.addEventListener('click', () => els.addBotStrategy.value && command(`/addbot ${els.addBotStrategy.value}`));

// The host's bot choice: the server's strategies, weakest first as the server lists them, named in the
// page's language where the name is known.
function renderBotChoice() {
  const previous = els.addBotStrategy.value;
  const label = (name) => (t(`bot.${name}`) === `bot.${name}` ? name : t(`bot.${name}`));
  fill(els.addBotStrategy, state.bots.map((name) => h('option', { value: name }, label(name))));
  if (state.bots.includes(previous)) els.addBotStrategy.value = previous;
}
// Leaving a started game keeps the seat (the server holds it; /join brings the player back): ask first.
els.leaveButton.addEventListener('click', () => {
  const room = state.room;
  if (room?.stored) return closeStoredReplay();
  if (room && room.status === 'playing' && mySeatIndex(room) >= 0) els.leaveConfirm.showModal();
  else command('/leave');
});
els.leaveConfirm.addEventListener('close', () => {
  if (els.leaveConfirm.returnValue === 'leave') command('/leave');
  els.leaveConfirm.returnValue = '';
});
els.lobbyButton.addEventListener('click', () => command('/leave'));
// The turn alert and the rules summaries are loaded with the first room shown, not with the lobby.
function turnAlert() {
  return import('./turn_alert.js');
}
els.turnAlert.addEventListener('change', () => turnAlert().then((a) => a.setTurnAlert(els.turnAlert.checked)));
els.rematchButton.addEventListener('click', () => command('/rematch'));
els.replayButton.addEventListener('click', () => state.room && openReplay(state.room));

// A spectator's room, kept for this tab so a reload watches it again (a seated player is resumed by token).
function sessionWatching() {
  try {
    const id = Number(sessionStorage.getItem('archipel.watching'));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
function setSessionWatching(id) {
  try {
    if (id) sessionStorage.setItem('archipel.watching', String(id));
    else sessionStorage.removeItem('archipel.watching');
  } catch {
    // no storage
  }
}

// ---- start ------------------------------------------------------------------------------------------------
if (state.identity.token || state.identity.name) {
  els.nameInput.value = state.identity.name;
  connection.start();
} else {
  showLogin();
}
