// The room's turn clock (docs/protocol.md, the `clock` message): each seat's time bank, shown in the seat list
// and counted down on the page between the server's messages. The server decides when a bank is spent (its
// `out`); the page only shows the time left, so a slow or sleeping tab never decides anything. Loaded with the
// first clock message, not with the page (most rooms have no clock), with its stylesheet.
import { linkStylesheet } from './stylesheet.js';

export const ready = linkStylesheet(new URL('./turn_clock.css', import.meta.url));

/** The clock of a `clock` message, stamped with the page's time of arrival. */
export function clockFromMessage(msg, now = Date.now()) {
  const seats = (list) => (Array.isArray(list) ? list.filter(Number.isInteger) : []);
  return {
    room: msg.room,
    perPlayer: Number(msg.per_player_ms) || 0,
    banks: Array.isArray(msg.banks_ms) ? msg.banks_ms.map((b) => Math.max(0, Number(b) || 0)) : [],
    running: seats(msg.running),
    out: seats(msg.out),
    at: now,
  };
}

/** What `seat`'s bank shows at `now`: the server's figure, less the time since it came while it runs. */
export function bankLeft(clock, seat, now = Date.now()) {
  const bank = clock.banks[seat] ?? 0;
  return clock.running.includes(seat) && !clock.out.includes(seat) ? Math.max(0, bank - (now - clock.at)) : bank;
}

/** 4:05, 0:09; whole seconds rounded up, so 0:00 shows only once the bank is spent. */
export function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The seat list's tag for `seat` (built with the page's `h`), or null when the room has no running clock. */
export function clockTag(clock, seat, h, t, now = Date.now()) {
  if (!clock || seat >= clock.banks.length) return null;
  const out = clock.out.includes(seat);
  const running = clock.running.includes(seat) && !out;
  return h(
    'span',
    {
      class: ['tag', 'tag-clock', running ? 'running' : '', out ? 'out' : ''].filter(Boolean).join(' '),
      title: out ? t('seat.outOfTime') : t('seat.clock'),
      dataset: { testid: 'seat-clock', seat, out },
    },
    out ? t("seat.outOfTimeShort") : clockText(bankLeft(clock, seat, now)),
  );
}

/** Counts the running tags under `root` down (called every half second while a bank runs). */
export function tickClocks(root, clock, now = Date.now()) {
  for (const el of root.querySelectorAll('[data-testid=seat-clock]')) {
    const seat = Number(el.dataset.seat);
    if (clock.running.includes(seat) && !clock.out.includes(seat)) el.textContent = clockText(bankLeft(clock, seat, now));
  }
}
