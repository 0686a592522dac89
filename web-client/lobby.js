// The lobby: the room list (game, seats, status; Join and Watch buttons) and the create form, built from
// the server's `games` message (a select for the game, one select per option of that game's spec), so a
// new game on the server needs no code here. The list is kept from the server's `rooms` pages (the first
// after each welcome and on coming back to the lobby; the next ones asked for while `more`, up to
// MAX_PAGES) and the `rooms_delta` updates that follow them (docs/protocol.md).

import { h, fill } from './dom.js';
import { t } from './i18n.js';

// Pages of the room list asked for after the first (100 rooms each): a person browses no more than this.
const MAX_PAGES = 10;

export class Lobby {
  /**
   * @param {object} els  {list, empty, finished, finishedCount, finishedList, form, gameSelect, options, createButton}
   * @param {(line: string) => void} command  sends a chat line such as "/join 3"
   * @param {() => string} myName
   * @param {(message: object) => void} request  sends a structured message such as {type: 'rooms'}
   * @param {((room: number) => void)|null} replay  opens a finished room's replay (a Replay button on its card)
   */
  constructor(els, command, myName, request = () => {}, replay = null) {
    this.els = els;
    this.command = command;
    this.myName = myName;
    this.request = request;
    this.replay = replay;
    this.games = [];
    this.rooms = new Map(); // id -> room object
    this.pages = 0; // pages asked for after the first
    els.gameSelect.addEventListener('change', () => this.renderOptions());
    els.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const line = this.createLine();
      if (line) this.command(line);
    });
  }

  /** The /create line of the form's game and options (options left at their default are not written), or ''. */
  createLine() {
    const game = this.els.gameSelect.value;
    if (!game) return '';
    const parts = [`/create ${game}`];
    for (const select of this.els.options.querySelectorAll('select[data-option]')) {
      if (select.value !== select.dataset.default) parts.push(`${select.dataset.option}=${select.value}`);
    }
    return parts.join(' ');
  }

  /** The chosen game's entry of the `games` message, or null. */
  chosenGame() {
    return this.games.find((g) => g.id === this.els.gameSelect.value) ?? null;
  }

  title(gameId) {
    return this.games.find((g) => g.id === gameId)?.title || gameId;
  }

  /** Draws everything again (after a language change); the chosen game and options stay. */
  refresh() {
    if (!this.gamesKnown) return this.renderRooms();
    this.setGames(this.games); // renderOptions keeps the choices made
  }

  setGames(games) {
    this.gamesKnown = true;
    this.games = Array.isArray(games) ? games : [];
    const select = this.els.gameSelect;
    const previous = select.value;
    fill(
      select,
      this.games.map((g) =>
        h('option', { value: g.id }, `${g.title} (${t('lobby.players', { min: g.min_players, max: g.max_players })})`),
      ),
    );
    if (this.games.some((g) => g.id === previous)) select.value = previous;
    select.disabled = this.games.length === 0;
    this.els.createButton.disabled = this.games.length === 0;
    if (this.games.length === 0) fill(select, h('option', { value: '' }, t('lobby.noGames')));
    this.renderOptions();
    this.renderRooms(); // titles may have changed
  }

  renderOptions() {
    const game = this.games.find((g) => g.id === this.els.gameSelect.value);
    // A new games list (after a language switch) redraws the form: the choices already made stay.
    const chosen = this.optionsFor === game?.id ? this.chosenOptions() : {};
    this.optionsFor = game?.id;
    const rows = (game?.options || []).flatMap((opt) => {
      // An option bounded by player count exists only for those counts: it is left out where the game is never
      // played with them, and otherwise says for which counts it counts (the room's count is known at /start).
      const range = optionPlayers(game, opt);
      if (!range) return [];
      const id = `opt-${opt.key}`;
      const select = h(
        'select',
        { id, dataset: { option: opt.key, default: opt.default, testid: `create-option-${opt.key}` } },
        // Each value by its label in the reader's language ("en ligne" for `online`); the value stays the syntax.
        (opt.choices || []).map((c, i) =>
          h('option', { value: c, selected: c === (chosen[opt.key] ?? opt.default) }, opt.choice_labels?.[i] ?? c),
        ),
      );
      const bounded = range.min > game.min_players || range.max < game.max_players;
      return [
        h(
          'div',
          { class: 'field' },
          h('label', { for: id, title: `/create … ${opt.key}=…` }, opt.label || opt.key),
          select,
          bounded ? h('small', { class: 'help', dataset: { testid: `create-option-players-${opt.key}` } }, t('lobby.optionPlayers', range)) : null,
          opt.help ? h('small', { class: 'help' }, opt.help) : null,
        ),
      ];
    });
    fill(this.els.options, rows);
  }

  /** The values chosen in the create form now, by option key. */
  chosenOptions() {
    return Object.fromEntries([...this.els.options.querySelectorAll('select[data-option]')].map((el) => [el.dataset.option, el.value]));
  }

  /** The spec of option `key` of game `gameId` from the `games` message, or null. */
  optionSpec(gameId, key) {
    return this.games.find((g) => g.id === gameId)?.options?.find((o) => o.key === key) ?? null;
  }

  /** A `rooms` page: the first one (no `after`) replaces the list, the next ones add to it. */
  onRooms(msg) {
    const rooms = Array.isArray(msg.rooms) ? msg.rooms : [];
    if (msg.after === undefined || msg.after === null) {
      this.rooms = new Map();
      this.pages = 0;
    }
    for (const room of rooms) this.rooms.set(room.id, room);
    if (msg.more && msg.next !== undefined && this.pages < MAX_PAGES) {
      this.pages += 1;
      this.request({ type: 'rooms', after: msg.next });
    }
    this.renderRooms();
  }

  /** A `rooms_delta`: rooms added, changed (whole room objects) and removed (ids) since the last update. */
  onRoomsDelta(msg) {
    for (const room of [...(msg.added || []), ...(msg.changed || [])]) this.rooms.set(room.id, room);
    for (const id of msg.removed || []) this.rooms.delete(id);
    this.renderRooms();
  }

  /** The open and running rooms in the list; the finished ones (over, abandoned) folded under their count. */
  renderRooms() {
    const rooms = [...this.rooms.values()].sort((a, b) => statusOrder(a.status) - statusOrder(b.status) || b.id - a.id);
    const finished = rooms.filter((room) => statusOrder(room.status) === 2);
    const live = rooms.filter((room) => statusOrder(room.status) < 2);
    fill(this.els.list, live.map((room) => this.roomCard(room)));
    this.els.empty.hidden = live.length > 0;
    fill(this.els.finishedList, finished.map((room) => this.roomCard(room)));
    this.els.finishedCount.textContent = t('lobby.finished', { n: finished.length });
    this.els.finished.hidden = finished.length === 0;
  }

  /** One room's card: its game, seats, host and what you can do there. */
  roomCard(room) {
    const me = this.myName();
    const seats = room.seats || [];
    const taken = seats.filter((s) => s.name).length;
    const free = seats.length - taken;
    const mine = seats.some((s) => s.name && me && s.name.toLowerCase() === me.toLowerCase());
    const names = seats.map((s) =>
      s.name
        ? h('span', { class: `seat-name${s.connected ? '' : ' away'}`, title: s.connected ? t('seat.connected') : t('seat.away') }, s.name)
        : h('span', { class: 'seat-free' }, t('lobby.free')),
    );
    const buttons = [];
    if (room.status === 'waiting' && free > 0)
      buttons.push(h('button', { type: 'button', class: 'primary', dataset: { testid: 'join-room' }, onclick: () => this.command(`/join ${room.id}`) }, t('lobby.join')));
    if (room.status === 'playing' && mine)
      buttons.push(h('button', { type: 'button', class: 'primary', dataset: { testid: 'rejoin-room' }, onclick: () => this.command(`/join ${room.id}`) }, t('lobby.takeSeat')));
    buttons.push(h('button', { type: 'button', dataset: { testid: 'watch-room' }, onclick: () => this.command(`/watch ${room.id}`) }, t('lobby.watch')));
    if (room.status === 'over' && this.replay)
      buttons.push(h('button', { type: 'button', dataset: { testid: 'replay-room' }, onclick: () => this.replay(room.id) }, t('replay.open')));
    return h(
      'li',
      { class: 'room-card', dataset: { testid: 'room-item', roomId: room.id, status: room.status } },
      h(
        'div',
        { class: 'room-head' },
        h('span', { class: 'room-id' }, `#${room.id}`),
        h('span', { class: 'room-title' }, room.title || this.title(room.game)),
        h('span', { class: `badge status-${room.status}` }, t(`status.${room.status}`)),
      ),
      h('div', { class: 'room-seats' }, h('span', { class: 'count' }, `${taken}/${seats.length}`), ...interleave(names, ' · ')),
      room.host ? h('div', { class: 'room-host' }, `${t('lobby.host')} `, h('b', {}, room.host)) : null,
      h('div', { class: 'room-actions' }, buttons),
    );
  }
}

/**
 * The player counts option `opt` of `game` exists for ({min, max}, within the game's own range), or null when
 * none of the game's counts has it. min_players/max_players are optional in the `games` message (no bound).
 */
function optionPlayers(game, opt) {
  const bound = (v, fallback) => (Number.isInteger(v) && v > 0 ? v : fallback);
  const min = Math.max(game.min_players, bound(opt.min_players, game.min_players));
  const max = Math.min(game.max_players, bound(opt.max_players, game.max_players));
  return min <= max ? { min, max } : null;
}

/** Whether option `opt` exists for `players` players (its own bounds only; the game's range is /start's). */
export function optionExistsFor(opt, players) {
  const above = (v) => Number.isInteger(v) && v > 0;
  return !(above(opt.min_players) && players < opt.min_players) && !(above(opt.max_players) && players > opt.max_players);
}

function statusOrder(status) {
  return status === 'waiting' ? 0 : status === 'playing' ? 1 : 2;
}

function interleave(nodes, separator) {
  return nodes.flatMap((n, i) => (i ? [separator, n] : [n]));
}
