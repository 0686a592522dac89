// A player's finished games (the `game_history` message, docs/protocol.md "A player's games"): the lobby's
// "My games", folded until opened. Opening it asks for the newest page (/history, not shown in the chat); "More
// games" asks for the next one with the cursor the last page ended with. Each game shows its title, when it ended
// (in the reader's time zone), the players by place with their scores, and a Replay link to #replay/<room>,
// which app.js opens: the replay of any finished game the server has stored, which anyone may share.

import { h, fill } from './dom.js';
import { t, getLang } from './i18n.js';

export class HistoryPanel {
  /**
   * `els`: {details, list, empty, more}. `send(message)`: sends to the server (false when offline).
   */
  constructor(els, send) {
    this.els = els;
    this.send = send;
    this.games = [];
    this.next = null; // the cursor of the next page, when there is one
    this.waiting = undefined; // the cursor of the page asked for and not come yet (null: the first page)
    els.details.addEventListener('toggle', () => {
      if (els.details.open) this.ask(null);
    });
    els.more.addEventListener('click', () => this.next && this.ask(this.next));
  }

  ask(after) {
    const text = after ? `/history ${after}` : '/history';
    if (!this.send({ type: 'chat', text })) return;
    this.waiting = after;
    if (!after) {
      this.games = [];
      this.next = null;
    }
    this.render();
  }

  /** A `game_history` message: true if it answers the panel's own question (else the chat shows its text). */
  onMessage(msg) {
    const after = typeof msg.after === 'string' ? msg.after : null;
    if (this.waiting === undefined || after !== this.waiting) return false;
    this.waiting = undefined;
    const games = Array.isArray(msg.games) ? msg.games.filter((g) => g && Number.isInteger(g.room)) : [];
    this.games = after ? [...this.games, ...games] : games;
    this.next = typeof msg.next === 'string' ? msg.next : null;
    this.render();
    return true;
  }

  render() {
    const { list, empty, more } = this.els;
    const locale = getLang() === 'fr' ? 'fr-FR' : 'en-GB';
    const when = (ms) => (Number.isFinite(ms) ? new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '');
    fill(
      list,
      this.games.map((g) => {
        const players = (Array.isArray(g.players) ? g.players : [])
          .map((p) => `${p.place}. ${p.name} ${p.score}`)
          .join(' · ');
        return h(
          'li',
          { class: 'room-card history-game', dataset: { testid: 'history-game', roomId: g.room } },
          h(
            'div',
            { class: 'room-head' },
            h('span', { class: 'room-title' }, String(g.title || g.game)),
            h('span', { class: 'muted small' }, `${when(g.ended_ms)} · ${t('history.room', { id: g.room })}`),
          ),
          h('div', { class: 'small', dataset: { testid: 'history-players' } }, players),
          h('a', { href: `#replay/${g.room}`, class: 'history-replay', dataset: { testid: 'history-replay' } }, t('history.replay')),
        );
      }),
    );
    const loading = this.waiting !== undefined;
    empty.hidden = !loading && this.games.length > 0;
    empty.textContent = loading ? t('history.loading') : t('history.none');
    more.hidden = !this.next || loading;
  }
}
