// The chat and log pane: chat lines, info lines (command replies, possibly several lines), the game log's lines
// and errors, each styled apart; and the command line, with a history on the up and down arrow keys.

import { h } from './dom.js';
import { t } from './i18n.js';

const MAX_LINES = 400;
const HISTORY_KEY = 'archipel.history';
const MAX_HISTORY = 50;

export class ChatPane {
  /**
   * @param {HTMLElement} log    the list the lines go into
   * @param {HTMLFormElement} form  the command-line form (an <input> inside)
   * @param {(text: string) => boolean|'handled'} onSend  sends a line; false if it could not be sent, 'handled'
   *   if the page took it instead (not echoed, not remembered)
   */
  constructor(log, form, onSend) {
    this.log = log;
    this.form = form;
    this.input = form.querySelector('input');
    this.onSend = onSend;
    this.history = loadHistory();
    this.position = this.history.length; // == length: the line being typed
    this.draft = '';

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      const sent = this.onSend(text);
      if (sent === 'handled') {
        // Taken by the page (/register, /login open the sign-in form): neither shown nor kept in the history,
        // for the line may hold a password typed by mistake.
        this.input.value = '';
        return;
      }
      if (!sent) {
        this.error(t('err.lineNotSent'));
        return;
      }
      if (text.startsWith('/')) this.local(text);
      this.remember(text);
      this.input.value = '';
    });
    this.input.addEventListener('keydown', (event) => this.onKey(event));
  }

  onKey(event) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (this.history.length === 0) return;
    event.preventDefault();
    if (this.position === this.history.length) this.draft = this.input.value;
    this.position += event.key === 'ArrowUp' ? -1 : 1;
    this.position = Math.max(0, Math.min(this.history.length, this.position));
    this.input.value = this.position === this.history.length ? this.draft : this.history[this.position];
    const end = this.input.value.length;
    this.input.setSelectionRange(end, end);
  }

  remember(text) {
    if (this.history[this.history.length - 1] !== text) this.history.push(text);
    if (this.history.length > MAX_HISTORY) this.history.splice(0, this.history.length - MAX_HISTORY);
    this.position = this.history.length;
    this.draft = '';
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(this.history));
    } catch {
      // no storage: the history lasts as long as the page
    }
  }

  /** Puts `text` on the command line (e.g. from a help line) and focuses it. */
  prefill(text) {
    this.input.value = text;
    this.input.focus();
  }

  /**
   * Adds a line. `at`: when it was said (Unix ms) when the server says so (a room's history, the game log of a
   * `state`), else now; 0 for a time nobody knows (a game restored after a server restart): no time shown. The
   * lines stay in time order: a line older than the last one goes in its place. `room`: the room it belongs to.
   */
  add(kind, parts, { title, at, room } = {}) {
    const nearBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    const when = typeof at === 'number' ? at : Date.now();
    const time = when > 0 ? new Date(when).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : '';
    const dataset = { kind, at: String(when) };
    if (room !== null && room !== undefined) dataset.room = String(room);
    const line = h('li', { class: `line line-${kind}`, dataset, title }, h('span', { class: 'time' }, time), ...parts);
    let next = null;
    for (let other = this.log.lastElementChild; other && Number(other.dataset.at) > when; other = other.previousElementSibling) next = other;
    this.log.insertBefore(line, next);
    while (this.log.childElementCount > MAX_LINES) this.log.firstElementChild.remove();
    if (nearBottom) this.log.scrollTop = this.log.scrollHeight;
    return line;
  }

  /**
   * A room's history (docs/protocol.md, `history`): the room's chat and notices, with their times, replace the
   * lines of that room already shown (after a reconnect they would show twice); the game log comes back with the
   * `state` that follows. Errors and the commands one typed stay.
   */
  restoreRoom(room, lines) {
    for (const line of [...this.log.querySelectorAll(`li[data-room="${CSS.escape(String(room))}"]`)]) {
      if (['chat', 'info', 'log'].includes(line.dataset.kind)) line.remove();
    }
    for (const l of lines) {
      if (!l || typeof l.text !== 'string') continue;
      const at = typeof l.at === 'number' ? l.at : 0;
      if (l.kind === 'chat') this.chat(String(l.from ?? ''), l.text, room, at);
      else this.info(l.text, room, at);
    }
  }

  chat(from, text, room, at) {
    return this.add('chat', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : h('span', { class: 'where' }, t('chat.lobby')),
      h('b', { class: 'from' }, from),
      h('span', { class: 'text' }, text),
    ], { at, room });
  }

  /** Info lines keep their line breaks and indentation (white-space: pre-wrap); the first line is the heading. */
  info(text, room, at) {
    const [first, ...rest] = String(text).split('\n');
    return this.add('info', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : null,
      h('span', { class: 'text' }, first),
      rest.length ? h('span', { class: 'more' }, rest.map(indentedLine)) : null,
    ], { at, room });
  }

  /** A line of the game log (from a `state`, with its time, or a move's `patch`). */
  logLine(text, room, at) {
    return this.add('log', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : null,
      h('span', { class: 'text' }, String(text)),
    ], { at, room });
  }

  error(message, code) {
    return this.add('error', [h('span', { class: 'text' }, message)], { title: code });
  }

  /** A command the user typed, echoed so replies read as answers. */
  local(text) {
    return this.add('local', [h('span', { class: 'text' }, text)]);
  }
}

// One line of a multi-line info: its leading spaces become a left margin, and a wrapped line hangs under
// its own start instead of falling back to the margin.
function indentedLine(line) {
  const indent = line.length - line.trimStart().length;
  return h('span', { class: 'more-line', style: `padding-left: ${indent + 2}ch` }, line.trimStart() || '\u00a0');
}

function loadHistory() {
  try {
    const list = JSON.parse(localStorage.getItem(HISTORY_KEY) || '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string').slice(-MAX_HISTORY) : [];
  } catch {
    return [];
  }
}
