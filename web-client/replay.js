// A finished game's replay (the `replay` message, docs/protocol.md): the board as a spectator saw it after each
// move, stepped with |◀ ◀ ▶ ▶| (first, back, forward, last: drawn with ◀ ▶, which every font has, unlike ⏮ ⏭)
// or the arrow keys (Home and End for the ends), with the step counter, who moved
// and that move's log lines. The server builds every step from the stored moves; this module only asks for a
// step and keeps the last answer. app.js draws the board from `view` and `staticData` while it is `active`.

import { h, fill } from './dom.js';
import { seatMarker } from './markers.js';
import { t, addStrings } from './i18n.js';
import { linkStylesheet } from './stylesheet.js';

// The replay's words and its stylesheet come with it, not with the page's first load (the Replay button's label
// is in i18n.js, drawn before this module is loaded).
addStrings({
  en: {
    'replay.first': 'First step (Home)',
    'replay.back': 'Previous step (←)',
    'replay.forward': 'Next step (→)',
    'replay.last': 'Last step (End)',
    'replay.step': 'step {k} / {n}',
    'replay.loading': 'loading…',
    'replay.setup': 'The set-up, before the first move.',
    'replay.by': '{name} moved:',
    'replay.backToResult': 'Back to the result',
  },
  fr: {
    'replay.first': 'Première étape (Début)',
    'replay.back': 'Étape précédente (←)',
    'replay.forward': 'Étape suivante (→)',
    'replay.last': 'Dernière étape (Fin)',
    'replay.step': 'étape {k} / {n}',
    'replay.loading': 'chargement…',
    'replay.setup': 'La mise en place, avant le premier coup.',
    'replay.by': '{name} a joué :',
    'replay.backToResult': 'Retour au résultat',
  },
});
export const ready = linkStylesheet(new URL('./replay.css', import.meta.url));

export class Replay {
  /**
   * `bar`: the element the controls go in. `send(message)`: sends to the server (false when offline).
   * `changed()`: the replay changed (opened, a new step, closed): the room is drawn again.
   */
  constructor(bar, { send, changed }) {
    this.bar = bar;
    this.send = send;
    this.changed = changed;
    this.close();
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Leaves replay mode (the result panel comes back). */
  close() {
    this.room = null; // the room replayed, while replay mode is on
    this.names = []; // the players' names by seat
    this.game = null; // the game's id, from the first answer
    this.step = 0;
    this.steps = null; // unknown until the first answer
    this.by = null;
    this.view = null;
    this.log = [];
    this.staticData = {};
    this.asked = null; // the step asked for and not answered yet: one request at a time
    this.next = null; // the step wanted once that answer is in (keys pressed quickly), so no flood
  }

  active(roomId) {
    return this.room !== null && this.room === roomId;
  }

  /** Opens the replay of `room` (a room message) at its first step. `staticData`: the game's static data when the
   *  page holds it already (the room's own state), else the first answer brings it. */
  open(room, staticData) {
    this.close();
    this.room = room.id;
    this.names = (room.seats || []).map((s) => s.name || '');
    const known = staticData && typeof staticData === 'object' && Object.keys(staticData).length > 0;
    if (known) this.staticData = staticData;
    this.ask(0, !known);
    this.changed();
  }

  /** Opens the replay of a finished game the page has no room of (a shared link, #replay/<room>): the first
   *  answer brings the game, the players' names and the static data. */
  openStored(roomId) {
    this.close();
    this.room = roomId;
    this.ask(0, true);
    this.changed();
  }

  /** The step the next relative move starts from: the last one wanted, else the one shown. */
  base() {
    return this.next ?? this.asked ?? this.step;
  }

  /** Asks for step `k` (clamped to the game's steps once they are known), after the answer on its way if any. */
  go(k) {
    if (this.room === null) return;
    const step = Math.max(0, Math.min(this.steps ?? 0, k));
    if (this.asked !== null) {
      this.next = step === this.asked ? null : step;
      return;
    }
    if (step === this.step && this.view !== null) return;
    this.ask(step, false);
  }

  /** The same step again (after a language change: its log lines come in the new language). */
  refresh() {
    if (this.room === null) return;
    if (this.asked !== null) this.next = this.asked;
    else this.ask(this.step, false);
  }

  ask(step, withStatic) {
    const message = { type: 'replay', room: this.room, step };
    if (withStatic) message.static = true;
    if (this.send(message)) this.asked = step;
  }

  /** A `replay` message: the step to show, if it answers what was asked last. */
  onMessage(msg) {
    if (msg.room !== this.room || msg.step !== this.asked) return;
    this.asked = null;
    this.step = msg.step;
    this.steps = Number.isInteger(msg.steps) ? msg.steps : 0;
    this.by = Number.isInteger(msg.by) ? msg.by : null;
    this.view = msg.view ?? null;
    this.log = Array.isArray(msg.log) ? msg.log.filter((l) => typeof l === 'string') : [];
    if (msg.static && typeof msg.static === 'object') this.staticData = msg.static;
    if (typeof msg.game === 'string') this.game = msg.game;
    if (Array.isArray(msg.names)) this.names = msg.names.map((n) => (typeof n === 'string' ? n : ''));
    if (this.next !== null) {
      const next = this.next;
      this.next = null;
      this.ask(next, false);
    }
    this.changed();
  }

  /** An error while a step was asked for (the server refused it): nothing on its way any more. */
  onError() {
    this.asked = null;
    this.next = null;
  }

  onKey(event) {
    if (this.room === null || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]')) return;
    const to = { ArrowLeft: this.base() - 1, ArrowRight: this.base() + 1, Home: 0, End: this.steps ?? 0 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.go(to);
  }

  /** What the game's renderer gets besides the view (app.js, renderBoard): a spectator's, with no seat, no
   *  moves, no last-move marks and no final panel; `seats` the room's. */
  boardContext(seats) {
    const toAct = Array.isArray(this.view?.to_act) ? this.view.to_act : [];
    return { seat: null, names: seats.map((s) => s.name), toAct, legal: [], busy: false, changedSince: [], status: 'replay', over: null };
  }

  /** Draws the controls: |◀ ◀ step k / N ▶ ▶|, who moved and the step's lines, "Back to the result" (which
   *  closes the replay and calls `redraw`; `closeLabel` names it otherwise: a shared link's replay goes back to
   *  the lobby). */
  render(redraw, closeLabel = t('replay.backToResult')) {
    this.bar.hidden = this.room === null;
    if (this.room === null) return;
    const steps = this.steps ?? 0;
    // `to`: a step, or 'prev' / 'next' for the one before / after the last wanted (read at the click).
    const button = (label, title, testid, to, disabled) =>
      h('button', { type: 'button', class: 'replay-step', title, 'aria-label': title, dataset: { testid }, disabled,
        onclick: () => this.go({ prev: this.base() - 1, next: this.base() + 1 }[to] ?? to) }, label);
    const atStart = this.step <= 0;
    const atEnd = this.steps === null || this.step >= steps;
    const who = this.by !== null ? this.names[this.by] || t('room.seatN', { n: this.by + 1 }) : null;
    fill(
      this.bar,
      h(
        'div',
        { class: 'replay-controls' },
        button('|◀', t('replay.first'), 'replay-first', 0, atStart),
        button('◀', t('replay.back'), 'replay-back', 'prev', atStart),
        h('span', { class: 'replay-counter', dataset: { testid: 'replay-counter' }, 'aria-live': 'polite' },
          this.steps === null ? t('replay.loading') : t('replay.step', { k: this.step, n: steps })),
        button('▶', t('replay.forward'), 'replay-forward', 'next', atEnd),
        button('▶|', t('replay.last'), 'replay-last', steps, atEnd),
        h('button', { type: 'button', class: 'replay-close', dataset: { testid: 'replay-close' }, onclick: () => {
          this.close();
          redraw();
        } }, closeLabel),
      ),
      h(
        'div',
        { class: 'replay-log', dataset: { testid: 'replay-log' } },
        who === null
          ? h('p', { class: 'replay-setup' }, t('replay.setup'))
          : [
              h('p', { class: 'replay-by' }, seatMarker(this.by, 14), ' ', t('replay.by', { name: who })),
              h('ol', { class: 'replay-lines' }, this.log.map((line) => h('li', { class: 'replay-line', dataset: { testid: 'replay-line' } }, line))),
            ],
      ),
    );
  }
}
