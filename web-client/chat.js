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

  add(kind, parts, title) {
    const nearBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const line = h('li', { class: `line line-${kind}`, dataset: { kind }, title }, h('span', { class: 'time' }, time), ...parts);
    this.log.append(line);
    while (this.log.childElementCount > MAX_LINES) this.log.firstElementChild.remove();
    if (nearBottom) this.log.scrollTop = this.log.scrollHeight;
    return line;
  }

  chat(from, text, room) {
    return this.add('chat', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : h('span', { class: 'where' }, t('chat.lobby')),
      h('b', { class: 'from' }, from),
      h('span', { class: 'text' }, text),
    ]);
  }

  /** Info lines keep their line breaks and indentation (white-space: pre-wrap); the first line is the heading. */
  info(text, room) {
    const [first, ...rest] = String(text).split('\n');
    return this.add('info', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : null,
      h('span', { class: 'text' }, first),
      rest.length ? h('span', { class: 'more' }, rest.map(indentedLine)) : null,
    ]);
  }

  /** A line of the game log (from a `state` or a move's `patch`). */
  logLine(text, room) {
    return this.add('log', [
      room !== null && room !== undefined ? h('span', { class: 'where' }, `#${room}`) : null,
      h('span', { class: 'text' }, String(text)),
    ]);
  }

  error(message, code) {
    return this.add('error', [h('span', { class: 'text' }, message)], code);
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
