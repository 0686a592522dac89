// The Capa d'Oro board: the four continents in SVG (rows of three spaces, semence / croissance / récolte, the
// tokens and their bales, each market as a price track with the douane tile), the score track to 60, the die,
// the tabatière (bag) and débarras (junk) counts, then every player's magasin (stock), purse and cigar cards;
// and acting by pointing at what view.legal allows (engine/capa_doro/capa_doro.hpp describes the view).
//
// Every legal action is attached to one thing on the page, its target:
//   - a space of a row: seed, grow, sow, neutral, fallow (the semence or croissance space), beetle (any space);
//   - a market: buy, sell (the market's colour), hurricane, customs (the market's continent);
//   - a player's magasin: beetle (the whole stock), eat and smuggle (one colour in it);
//   - a cigar card: cigar; the die: roll; the action bar: harvest, done.
// A target with one action sends it at once; one with several (sow or a neutral token on the same space, buy or
// sell on the same market) opens a small chooser in the action bar. Targets are flagged (a thick outline and a
// yellow dot), keyboard-reachable (Tab, then Enter or Space) and carry stable data-* attributes (data-row and
// data-column, data-colour, data-seat, data-card) so that a later change can mark the last move on them.
//
// No server string ever goes in as markup: names and ids go in as text nodes and attributes only.

import { h, fill, svg as s } from '../../dom.js';
import { t, addStrings, getLang } from '../../i18n.js';
import { strings } from './strings.js';
import { seatColor, seatSymbol, seatMarker } from '../../markers.js';
import { linkStylesheet } from '../../stylesheet.js';
import { markChanged, markMovers } from '../../last_moves.js';
import { zoomToTargets } from '../../touch_zoom.js';

await linkStylesheet(new URL('./renderer.css', import.meta.url));

// ---- words: strings.js, beside this file, in English and French ------------------------------------------
addStrings(strings);

// ---- components: the board's shape comes from staticData.board, the catalogue from staticData.cigars/events ----
const COLOURS = ['orange', 'grey', 'brown', 'gold'];
const COLUMNS = ['seed', 'growth', 'harvest'];
// The book's four tobacco colours (the bales, the continents' tint): fill and a darker edge.
const BALE = {
  orange: { fill: '#f28c28', edge: '#9a4f06', tint: '#fde9d2' },
  grey: { fill: '#a7a9ac', edge: '#55575a', tint: '#eceded' },
  brown: { fill: '#6d4122', edge: '#2f1a0b', tint: '#eadbcf' },
  gold: { fill: '#e2b93b', edge: '#7d6010', tint: '#faf0cf' },
};
const colourOf = (c) => (COLOURS.includes(c) ? c : 'grey');

// Board geometry (SVG units; the board is drawn 360 wide: 1 unit = 1 CSS pixel on a 390 px phone).
const W = 360;
const CELL = 48; // a space: 48 units, still 44 px once the board is scaled to a 390 px phone's column
const PITCH = 52;
const CELL_X0 = 32;
const MARKET_X = 196;
const MARKET_W = W - MARKET_X - 2;

// ---- targets: which legal entries each thing on the page stands for -----------------------------------------
const cellKey = (row, column) => `cell:${row}:${column}`;
const marketKey = (colour) => `market:${colour}`;
const stockKey = (seat) => `stock:${seat}`;
const baleKey = (seat, colour) => `bale:${seat}:${colour}`;
const cardKey = (card) => `card:${card}`;

/** Groups view.legal by the thing the player points at. */
function analyse(view, staticData, ctx) {
  const legal = Array.isArray(ctx.legal) ? ctx.legal : Array.isArray(view.legal) ? view.legal : [];
  const me = ctx.seat ?? null;
  const continents = Array.isArray(staticData.board?.continents) ? staticData.board.continents : [];
  const colourOfContinent = new Map(continents.map((c) => [c.id, colourOf(c.colour)]));
  const m = {
    view,
    ctx,
    me,
    legal,
    continents,
    colourOfContinent,
    players: Array.isArray(view.players) ? view.players : [],
    myTurn: me !== null && legal.length > 0 && (view.to_act || []).includes(me),
    targets: new Map(), // key -> [entries]
    buttons: { roll: null, harvest: null, done: null },
  };
  const add = (key, entry) => {
    if (!m.targets.has(key)) m.targets.set(key, []);
    m.targets.get(key).push(entry);
  };
  for (const entry of legal) {
    const a = entry.action || {};
    switch (a.type) {
      case 'seed':
      case 'sow':
      case 'neutral':
      case 'fallow':
        add(cellKey(a.row, 'seed'), entry);
        break;
      case 'grow':
        add(cellKey(a.row, 'growth'), entry);
        break;
      case 'beetle':
        if (Number.isInteger(a.stock)) add(stockKey(a.stock), entry);
        else add(cellKey(a.row, a.column), entry);
        break;
      case 'eat':
        add(baleKey(view.eat?.seat, a.colour), entry);
        break;
      case 'smuggle':
        add(baleKey(a.seat, a.colour), entry);
        break;
      case 'buy':
      case 'sell':
        add(marketKey(a.colour), entry);
        break;
      case 'hurricane':
      case 'customs':
        add(marketKey(colourOfContinent.get(a.continent)), entry);
        break;
      case 'cigar':
        add(cardKey(a.card), entry);
        break;
      case 'roll':
      case 'harvest':
      case 'done':
        m.buttons[a.type] = entry;
        break;
      default:
        break;
    }
  }
  return m;
}

/** The words for one legal entry (the chooser's buttons, the flags' labels). */
function entryLabel(env, entry) {
  const a = entry.action || {};
  const v = env.m.view;
  const costOf = (row) => env.m.continents.find((c) => (c.rows || []).includes(row))?.cost ?? '?';
  const colour = (c) => t(`cd.colour.${colourOf(c)}`);
  switch (a.type) {
    case 'seed':
    case 'grow':
    case 'sow':
      return t(`cd.opt.${a.type}`, { row: a.row, c: costOf(a.row) });
    case 'neutral':
    case 'fallow':
      return t(`cd.opt.${a.type}`, { row: a.row });
    case 'beetle':
      return Number.isInteger(a.stock) ? t('cd.opt.beetleStock', { name: env.name(a.stock) })
        : t('cd.opt.beetle', { row: a.row, col: t(`cd.col.${a.column}`) });
    case 'eat':
      return t('cd.opt.eat', { colour: colour(a.colour) });
    case 'smuggle':
      return t('cd.opt.smuggle', { colour: colour(a.colour), name: env.name(a.seat) });
    case 'buy':
      return t('cd.opt.buy', { colour: colour(a.colour), p: v.buy_prices?.[a.colour] ?? '?' });
    case 'sell':
      return t('cd.opt.sell', { colour: colour(a.colour), p: v.sell_prices?.[a.colour] ?? '?' });
    case 'hurricane':
    case 'customs':
      return t(`cd.opt.${a.type}`, { continent: t(`cd.continent.${a.continent}`) });
    case 'cigar':
      return t('cd.opt.cigar', { card: a.card });
    case 'roll':
      return t('cd.roll');
    case 'harvest':
      return t('cd.harvest');
    default:
      return String(a.type ?? '?');
  }
}

/** What the player is doing now: decides the action bar's prompt. */
function modeOf(m, ui) {
  const v = m.view;
  if (v.phase === 'over') return 'over';
  if (!m.myTurn) return 'wait';
  if (ui.choice && (m.targets.get(ui.choice) || []).length > 1) return 'choose';
  return v.phase || 'wait';
}

// ---- per-board state --------------------------------------------------------------------------------------
const boards = new WeakMap(); // container -> {root, ui, view, staticData, ctx}

/**
 * Draws `view` (every viewer sees the same) with the game's `staticData` ({board, cigars, events}); see
 * ../README.md for ctx. Called again with the same container on every new view.
 */
export function render(container, view, staticData, ctx) {
  let b = boards.get(container);
  if (!b) {
    b = { root: h('div', { class: 'cd-root', dataset: { testid: 'cd-root' } }), ui: { choice: null } };
    fill(container, b.root);
    boards.set(container, b);
  }
  b.view = view && typeof view === 'object' ? view : {};
  b.staticData = staticData && typeof staticData === 'object' ? staticData : {};
  b.ctx = ctx;
  draw(b);
}

function draw(b) {
  const { view, staticData, ctx, ui } = b;
  const m = analyse(view, staticData, ctx);
  if (ui.choice && (m.targets.get(ui.choice) || []).length < 2) ui.choice = null;
  const mode = modeOf(m, ui);
  const focusKey = document.activeElement?.closest?.('[data-focus-key]')?.dataset.focusKey;
  b.root.dataset.phase = view.phase || '';
  b.root.dataset.mode = mode;
  b.root.dataset.myTurn = String(m.myTurn);
  b.root.dataset.action = view.action || '';
  b.root.classList.toggle('busy', !!ctx.busy);
  b.root.lang = getLang();

  const send = (entry) => {
    if (!entry || ctx.busy) return;
    ui.choice = null;
    ctx.act(entry.action);
  };
  const redraw = () => draw(b);
  /** A click on target `key`: one entry is sent, several open the chooser. */
  const pick = (key) => {
    const entries = m.targets.get(key) || [];
    if (ctx.busy || !entries.length) return;
    if (entries.length === 1) send(entries[0]);
    else {
      ui.choice = key;
      redraw();
    }
  };
  const env = { b, m, ui, mode, send, pick, redraw, name: nameOf(ctx), staticData };

  fill(
    b.root,
    statusBar(env),
    actionBar(env),
    view.phase === 'over' ? finalPanel(env) : null,
    boardPanel(env),
    playersPanel(env),
  );
  // Other players' moves since yours (../../last_moves.js): the rows they sowed or harvested, their panels.
  markChanged(b.root, b.ctx.changedSince, ['rows'], (row) => b.root.querySelector(`.cd-row[data-row="${CSS.escape(row)}"]`));
  markMovers(b.root, b.ctx.changedSince, (seat) => b.root.querySelector(`[data-testid=cd-player][data-seat="${CSS.escape(String(seat))}"]`));
  // On a phone the board zooms until each flagged target is 44 px (../../touch_zoom.js).
  zoomToTargets(b.root.querySelector('[data-testid=cd-board]'));
  if (focusKey) b.root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

const nameOf = (ctx) => (seat) => (ctx.names && ctx.names[seat]) || `#${seat + 1}`;

function who(env, seat) {
  return h('span', { class: 'cd-who', dataset: { seat } }, seatMarker(seat), h('span', { class: 'cd-name' }, env.name(seat)));
}

/**
 * Makes `el` (an SVG group or an HTML element) the clickable, keyboard-reachable target `key` when it has legal
 * entries; otherwise leaves it inert. Sets data-flag and data-choices either way.
 */
function target(env, el, key, what) {
  const entries = env.m.targets.get(key) || [];
  el.setAttribute('data-testid', 'cd-target');
  el.setAttribute('data-key', key);
  el.setAttribute('data-flag', String(entries.length > 0));
  el.setAttribute('data-choices', String(entries.length));
  if (!entries.length) return el;
  el.classList.add('flagged');
  if (env.ui.choice === key) el.classList.add('chosen');
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('data-focus-key', key);
  el.setAttribute('aria-label', `${what}: ${t('cd.flag', { what: entries.map((e) => entryLabel(env, e)).join(' / ') })}`);
  el.addEventListener('click', () => env.pick(key));
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      env.pick(key);
    }
  });
  return el;
}

// ---- status: phase, whose turn, die, piles, last event --------------------------------------------------------
function statusBar(env) {
  const v = env.m.view;
  const toAct = v.to_act || [];
  const played = Array.isArray(v.events_played) ? v.events_played : [];
  const last = played.length ? played[played.length - 1] : null;
  return h('div', { class: 'cd-status', dataset: { testid: 'cd-status' } },
    h('div', { class: 'cd-status-line' },
      h('strong', { dataset: { testid: 'cd-phase' } }, t(`cd.phase.${v.phase}`)),
      toAct.length && v.phase !== 'over' ? [' · ', h('span', { class: 'cd-turn' }, t('cd.toPlay', { name: env.name(toAct[0]) }))] : null),
    h('div', { class: 'cd-status-line small muted' },
      v.events ? t('cd.eventPile', { k: v.event_pile ?? 0 }) : t('cd.noEvents'),
      last ? [' · ', h('span', { dataset: { testid: 'cd-last-event', card: last } }, t('cd.lastEvent', { name: eventName(env, last) }))] : null,
      ' · ', t('cd.piles', { b: v.b_pile ?? 0, c: v.c_pile ?? 0 }),
      env.m.players.length === 2 ? [' · ', t('cd.neutralLeft', { k: v.neutral_supply ?? 0 })] : null));
}

function eventName(env, id) {
  const card = (env.staticData.events || []).find((e) => e.id === id);
  return card ? `${t(`cd.event.${card.effect}`)} (${id})` : String(id);
}

// ---- the action bar: the prompt, roll / harvest / done, the chooser -------------------------------------------
function actionBar(env) {
  const { m, ui, mode, send, redraw } = env;
  const v = m.view;
  const busy = !!m.ctx.busy;
  const button = (entry, label, testid, cls = '') =>
    entry ? h('button', { type: 'button', class: cls, disabled: busy, dataset: { testid, focusKey: testid }, onclick: () => send(entry) }, label) : null;
  let prompt;
  let buttons = [];
  if (mode === 'over') prompt = t('cd.prompt.over');
  else if (mode === 'wait') {
    const toAct = v.to_act || [];
    if (m.ctx.status === 'replay') prompt = t('replay.toPlay', { names: toAct.map(env.name).join(', ') });
    else prompt = m.me === null ? `${t('cd.prompt.watch')} ${toAct.length ? t('cd.prompt.wait', { name: env.name(toAct[0]) }) : ''}`
      : t('cd.prompt.wait', { name: toAct.length ? env.name(toAct[0]) : '…' });
  } else if (mode === 'choose') {
    const entries = m.targets.get(ui.choice) || [];
    prompt = t('cd.prompt.choose', { what: targetName(env, ui.choice) });
    buttons = [
      entries.map((e, i) => h('button', { type: 'button', class: i ? '' : 'primary', disabled: busy, dataset: { testid: 'cd-option', type: e.action.type }, onclick: () => send(e) }, entryLabel(env, e))),
      h('button', { type: 'button', class: 'link', dataset: { testid: 'cd-cancel' }, onclick: () => { ui.choice = null; redraw(); } }, t('cd.cancel')),
    ];
  } else {
    switch (v.phase) {
      case 'start_seed':
      case 'start_grow':
      case 'roll':
        prompt = t(`cd.prompt.${v.phase}`);
        break;
      case 'beetle':
        prompt = t('cd.prompt.beetle', { k: v.beetles?.pending ?? 1 });
        break;
      case 'eat':
        prompt = t('cd.prompt.eat', { name: env.name(v.eat?.seat), k: v.eat?.left ?? 1 });
        break;
      case 'event_choice': {
        const effect = (env.staticData.events || []).find((e) => e.id === v.pending_event)?.effect;
        prompt = ['hurricane', 'customs', 'fallow', 'smuggler'].includes(effect) ? t(`cd.prompt.${effect}`) : t(`cd.phase.event_choice`);
        break;
      }
      case 'action':
        prompt = v.action === 'none' || !v.action ? t('cd.prompt.action') : t(`cd.prompt.${v.action}`, { k: (v.sown_rows || []).length });
        break;
      default:
        prompt = '';
    }
    const doneLabel = v.action === 'none' || !v.action ? t('cd.pass') : t('cd.done');
    buttons = [
      button(m.buttons.roll, t('cd.roll'), 'cd-roll', 'primary'),
      button(m.buttons.harvest, t('cd.harvest'), 'cd-harvest', 'primary'),
      button(m.buttons.done, doneLabel, 'cd-done'),
    ];
  }
  const mine = m.myTurn && mode !== 'over';
  return h('div', { class: `cd-actionbar${mine ? ' my-turn' : ''}`, dataset: { testid: 'cd-actionbar' }, 'aria-live': 'polite' },
    h('span', { class: 'cd-prompt', dataset: { testid: 'cd-prompt' } }, prompt),
    v.phase === 'action' && v.action && v.action !== 'none' ? h('span', { class: 'tag' }, t(`cd.action.${v.action}`)) : null,
    h('span', { class: 'cd-buttons' }, buttons));
}

/** A target key in words, for the chooser's question. */
function targetName(env, key) {
  const [kind, a, b] = String(key).split(':');
  if (kind === 'cell') return `${a} (${t(`cd.col.${b}`)})`;
  if (kind === 'market') return `${t('cd.market')} ${t(`cd.colour.${a}`)}`;
  if (kind === 'stock') return t('cd.stockOf', { name: env.name(Number(a)) });
  if (kind === 'bale') return `${t('cd.stockOf', { name: env.name(Number(a)) })}, ${t(`cd.colour.${b}`)}`;
  return b ?? a ?? key;
}

// ---- the board (SVG) -----------------------------------------------------------------------------------------
function bale(colour, x, y, size = 9) {
  const c = BALE[colourOf(colour)];
  return s('rect', { class: 'cd-bale', x, y, width: size, height: size, rx: 1.5, fill: c.fill, stroke: c.edge, 'stroke-width': 1 });
}

function flagDot(x, y) {
  return s('circle', { class: 'cd-flag-dot', cx: x, cy: y, r: 5 });
}

function boardPanel(env) {
  const { m } = env;
  const v = m.view;
  const rowsView = v.rows && typeof v.rows === 'object' ? v.rows : {};
  const layers = [];
  let y = 0;

  // The score track, 0..60: one mark per seat at its points (seats on the same step stack upwards).
  const trackX = (p) => 12 + (Math.min(60, Math.max(0, p)) * (W - 24)) / 60;
  const track = s('g', { class: 'cd-track', 'data-testid': 'cd-track' },
    s('title', {}, t('cd.track')),
    s('rect', { x: 6, y: 36, width: W - 12, height: 8, rx: 4, class: 'cd-track-bar' }),
    [0, 10, 20, 30, 40, 50, 60].map((p) => s('text', { x: trackX(p), y: 56, 'text-anchor': 'middle', class: 'cd-small' }, String(p))));
  const stacked = new Map();
  m.players.forEach((p, seat) => {
    const pts = p.points ?? 0;
    const k = stacked.get(pts) || 0;
    stacked.set(pts, k + 1);
    track.append(s('g', { transform: `translate(${trackX(pts)} ${31 - k * 8})`, 'data-seat': seat, 'data-points': pts, class: 'cd-track-mark' },
      s('title', {}, `${env.name(seat)}: ${t('cd.points', { k: pts })}`),
      seatSymbol(seat, 6.5, { fill: seatColor(seat), stroke: '#1b1b1b', 'stroke-width': 1 })));
  });
  layers.push(track);
  y = 64;

  // The die (the roll target), the tabatière and the débarras.
  const die = s('g', { class: 'cd-die', transform: `translate(2 ${y})`, 'data-die': v.die ?? 0 },
    s('title', {}, v.die ? t('cd.die', { v: v.die }) : t('cd.dieNone')),
    s('rect', { x: 0, y: 0, width: 48, height: 48, rx: 8, class: 'cd-die-face' }),
    s('g', { transform: 'translate(2 2)' }, pips(v.die ?? 0)));
  if (m.buttons.roll) {
    m.targets.set('die', [m.buttons.roll]);
    target(env, die, 'die', t('cd.roll'));
    die.append(flagDot(44, 4));
  }
  layers.push(die);
  const bag = v.bag || {};
  const junk = v.junk || {};
  // One line each: its label, then a bale (or beetle) and its count per kind.
  const counts = (label, values, yy, testid, withBeetle) => s('g', { transform: `translate(54 ${yy})`, 'data-testid': testid },
    s('text', { x: 0, y: 11, class: 'cd-label' }, label),
    COLOURS.map((c, i) => s('g', { transform: `translate(${96 + i * 36} 1)`, 'data-colour': c, 'data-count': values[c] ?? 0 },
      bale(c, 0, 0, 12), s('text', { x: 15, y: 11, class: 'cd-count' }, String(values[c] ?? 0)))),
    withBeetle ? s('g', { transform: `translate(${96 + 4 * 36} 1)`, 'data-colour': 'beetle', 'data-count': values.beetle ?? 0 },
      s('title', {}, t('cd.beetle')), beetleGlyph(6, 6), s('text', { x: 15, y: 11, class: 'cd-count' }, String(values.beetle ?? 0))) : null);
  layers.push(counts(t('cd.bag'), bag, y + 4, 'cd-bag', true));
  layers.push(counts(t('cd.junk'), junk, y + 26, 'cd-junk', false));
  y += 56;

  // Column heads.
  layers.push(s('g', { class: 'cd-heads' }, COLUMNS.map((col, i) =>
    s('text', { x: CELL_X0 + i * PITCH + CELL / 2, y: y + 8, 'text-anchor': 'middle', class: 'cd-head' }, t(`cd.col.${col}`)))));
  y += 14;

  for (const [k, cont] of m.continents.entries()) {
    const colour = colourOf(cont.colour);
    const rows = Array.isArray(cont.rows) ? cont.rows : [];
    const height = 22 + Math.max(rows.length * PITCH, 100);
    const g = s('g', { class: 'cd-continent', transform: `translate(0 ${y})`, 'data-continent': cont.id, 'data-colour': colour });
    g.append(s('rect', { x: 0, y: 0, width: W, height: height - 4, rx: 8, fill: BALE[colour].tint, class: 'cd-continent-bg' }));
    g.append(s('rect', { x: 6, y: 6, width: 10, height: 10, rx: 2, fill: BALE[colour].fill, stroke: BALE[colour].edge }));
    g.append(s('text', { x: 20, y: 15, class: 'cd-continent-name' }, `${t(`cd.continent.${cont.id}`)} · ${t('cd.cost', { c: cont.cost })}`));
    rows.forEach((rowId, r) => g.append(rowGroup(env, rowId, rowsView[rowId], colour, 22 + r * PITCH)));
    g.append(marketGroup(env, cont, colour, k, height));
    layers.push(g);
    y += height;
  }

  const svgEl = s('svg', {
    class: 'cd-map', viewBox: `0 0 ${W} ${y}`, role: 'group', 'aria-label': t('cd.board'),
    'data-testid': 'cd-board', preserveAspectRatio: 'xMidYMin meet',
  }, layers);
  return h('section', { class: 'cd-board-panel' }, svgEl);
}

function pips(value) {
  const spots = {
    1: [[22, 22]], 2: [[12, 12], [32, 32]], 3: [[12, 12], [22, 22], [32, 32]], 4: [[12, 12], [32, 12], [12, 32], [32, 32]],
    5: [[12, 12], [32, 12], [22, 22], [12, 32], [32, 32]], 6: [[12, 11], [32, 11], [12, 22], [32, 22], [12, 33], [32, 33]],
  }[value];
  if (!spots) return s('text', { x: 22, y: 28, 'text-anchor': 'middle', class: 'cd-die-none' }, '?');
  return s('g', {}, spots.map(([x, yy]) => s('circle', { cx: x, cy: yy, r: 4, class: 'cd-pip' })));
}

function beetleGlyph(x, y) {
  return s('g', { transform: `translate(${x} ${y})`, class: 'cd-beetle' },
    s('ellipse', { rx: 5, ry: 6.5, fill: '#111' }), s('line', { x1: 0, y1: -6, x2: 0, y2: 6, stroke: '#666', 'stroke-width': 0.8 }));
}

/** One row: its id and three spaces, each a target (its token with its bales drawn inside). */
function rowGroup(env, rowId, cells, colour, y) {
  const g = s('g', { class: 'cd-row', transform: `translate(0 ${y})`, 'data-row': rowId });
  g.append(s('text', { x: 4, y: CELL / 2 + 4, class: 'cd-row-id' }, rowId));
  const list = Array.isArray(cells) ? cells : [];
  const sown = (env.m.view.sown_rows || []).includes(rowId);
  COLUMNS.forEach((col, i) => {
    const cell = list[i] && typeof list[i] === 'object' ? list[i] : null;
    const x = CELL_X0 + i * PITCH;
    const space = s('g', { class: `cd-space col-${col}${sown && col === 'seed' ? ' sown' : ''}`, transform: `translate(${x} 0)`, 'data-row': rowId, 'data-column': col });
    const desc = `${rowId} ${t(`cd.col.${col}`)}: ${describeCell(env, cell)}`;
    space.append(s('title', {}, desc));
    space.append(s('rect', { class: 'cd-space-shape', x: 0, y: 0, width: CELL, height: CELL, rx: 6 }));
    if (cell) space.append(tokenGlyph(cell, colour));
    target(env, space, cellKey(rowId, col), desc);
    if (space.classList.contains('flagged')) space.append(flagDot(CELL - 5, 5));
    g.append(space);
  });
  return g;
}

function describeCell(env, cell) {
  if (!cell) return t('cd.emptySpace');
  if (cell.token === 'seat') return t('cd.token', { name: env.name(cell.seat), bales: cell.bales ?? 0 });
  return `${t(cell.token === 'creneau' ? 'cd.creneau' : 'cd.neutral')} (${cell.bales ?? 0})`;
}

/** A token on a space: the seat's colour and shape, or the neutral / créneau token; its bales below it. */
function tokenGlyph(cell, colour) {
  const g = s('g', { class: `cd-token token-${cell.token}`, 'data-token': cell.token, 'data-owner': cell.seat ?? '', 'data-bales': cell.bales ?? 0 });
  if (cell.token === 'seat') g.append(s('g', { transform: `translate(${CELL / 2} 18)` }, seatSymbol(cell.seat, 13, { fill: seatColor(cell.seat), stroke: '#1b1b1b', 'stroke-width': 1.3 })));
  else if (cell.token === 'neutral') g.append(s('g', { transform: `translate(${CELL / 2} 18)` }, s('circle', { r: 11, fill: '#e8e8e8', stroke: '#444', 'stroke-width': 1.3 }), s('text', { y: 4.5, 'text-anchor': 'middle', class: 'cd-token-letter' }, 'N')));
  else g.append(s('g', { transform: `translate(${CELL / 2} 18)` }, s('rect', { x: -12, y: -11, width: 24, height: 22, rx: 2, fill: '#fff', stroke: '#444', 'stroke-width': 1.3, 'stroke-dasharray': '3 2' }), s('text', { y: 4.5, 'text-anchor': 'middle', class: 'cd-token-letter' }, 'C')));
  const k = Math.max(0, Math.min(3, cell.bales ?? 0));
  for (let i = 0; i < k; i++) g.append(bale(colour, 6 + i * 13, 35, 10));
  return g;
}

/** A continent's market: a 10-space price track (space 1 on the left, the dearest), the bales on it, the prices. */
function marketGroup(env, cont, colour, k, height) {
  const v = env.m.view;
  const count = v.markets?.[colour] ?? 0;
  const prices = Array.isArray(cont.prices) ? cont.prices : [];
  const spaces = Math.max(1, prices.length || env.staticData.board?.market_spaces || 10);
  const w = MARKET_W / spaces;
  const closed = v.customs === cont.id;
  const g = s('g', { class: `cd-market${closed ? ' closed' : ''}`, transform: `translate(${MARKET_X} 22)`, 'data-colour': colour, 'data-continent': cont.id, 'data-count': count });
  const desc = `${t('cd.market')} ${t(`cd.continent.${cont.id}`)}: ${count}/${spaces}${closed ? `, ${t('cd.customsClosed')}` : ''}`;
  g.append(s('title', {}, desc));
  g.append(s('rect', { class: 'cd-market-shape', x: -4, y: -4, width: MARKET_W + 6, height: 72, rx: 6 }));
  g.append(s('text', { x: 0, y: 8, class: 'cd-label' }, t('cd.market')));
  for (let i = 0; i < spaces; i++) {
    g.append(s('rect', { x: i * w + 0.5, y: 14, width: w - 1, height: 18, rx: 2, class: 'cd-market-space', 'data-space': i + 1 }));
    if (i < count) g.append(bale(colour, i * w + (w - 11) / 2, 17.5, 11));
    g.append(s('text', { x: i * w + w / 2, y: 44, 'text-anchor': 'middle', class: 'cd-small' }, String(prices[i] ?? '')));
  }
  g.append(s('text', { x: 0, y: 60, class: 'cd-small cd-prices' }, t('cd.prices', { buy: v.buy_prices?.[colour] ?? null, sell: v.sell_prices?.[colour] ?? 0 })));
  if (closed) {
    g.append(s('g', { transform: `translate(${MARKET_W / 2} 23) rotate(-8)`, class: 'cd-customs', 'data-testid': 'cd-customs' },
      s('rect', { x: -34, y: -11, width: 68, height: 22, rx: 3 }), s('text', { y: 5, 'text-anchor': 'middle' }, t('cd.customs'))));
  }
  target(env, g, marketKey(colour), desc);
  if (g.classList.contains('flagged')) g.append(flagDot(MARKET_W - 4, 0));
  return g;
}

// ---- the players: purse, points, magasin (stock), cigar cards ------------------------------------------------
function playersPanel(env) {
  const { m } = env;
  const v = m.view;
  const cigars = new Map((env.staticData.cigars || []).map((c) => [c.id, c]));
  return h('section', { class: 'cd-players', dataset: { testid: 'cd-players' } }, h('h3', {}, t('cd.players')),
    h('div', { class: 'cd-player-list' }, m.players.map((p, seat) => {
      const acting = (v.to_act || []).includes(seat) && v.phase !== 'over';
      const stock = p.stock || {};
      const stockBox = h('div', { class: 'cd-stock', dataset: { seat } },
        h('span', { class: 'cd-stock-title muted' }, t('cd.stock')),
        COLOURS.map((c) => {
          const key = baleKey(seat, c);
          const entries = m.targets.get(key) || [];
          const label = `${stock[c] ?? 0} ${t(`cd.colour.${c}`)}`;
          const chip = [baleIcon(c), h('span', { class: 'cd-chip-count' }, String(stock[c] ?? 0))];
          const attrs = { class: `cd-stock-chip${entries.length ? ' flagged' : ''}`, title: label, dataset: { testid: 'cd-target', key, seat, colour: c, flag: entries.length > 0, choices: entries.length, focusKey: key } };
          if (!entries.length) return h('span', attrs, chip);
          return h('button', { type: 'button', ...attrs, 'aria-label': `${label}: ${entries.map((e) => entryLabel(env, e)).join(' / ')}`, disabled: !!m.ctx.busy, onclick: () => env.pick(key) }, chip);
        }));
      target(env, stockBox, stockKey(seat), t('cd.stockOf', { name: env.name(seat) }));
      return h('article', { class: `cd-player${acting ? ' acting' : ''}${seat === m.me ? ' mine' : ''}`, dataset: { testid: 'cd-player', seat }, style: `--seat-color:${seatColor(seat)}` },
        h('header', {}, who(env, seat), seat === m.me ? h('span', { class: 'tag tag-you' }, t('cd.you')) : null,
          acting ? h('span', { class: 'tag tag-act' }, t('seat.toAct')) : null,
          h('span', { class: 'cd-player-score', dataset: { testid: 'cd-player-points', points: p.points ?? 0 } }, t('cd.points', { k: p.points ?? 0 }))),
        h('div', { class: 'cd-player-line' },
          h('span', { dataset: { testid: 'cd-coins', coins: p.coins ?? 0 } }, t('cd.coins', { k: p.coins ?? 0 })), ' · ',
          t('cd.plantations', { k: p.plantations ?? 0 })),
        stockBox,
        h('span', { class: 'cd-slots-title muted' }, t('cd.cigars')),
        h('div', { class: 'cd-slots' }, (Array.isArray(p.cigars) ? p.cigars : []).map((slot, i) => slotView(env, seat, slot, i, cigars))));
    })));
}

function baleIcon(colour) {
  return s('svg', { class: 'cd-bale-icon', viewBox: '0 0 12 12', width: 14, height: 14, 'aria-hidden': 'true' }, bale(colour, 1, 1, 10));
}

/** Why one's own cigar card (`card`, still to make) cannot be made now, as far as the view tells (issue 12 point
 *  10), or null. */
function whyNotMade(env, card) {
  const { m } = env;
  const v = m.view;
  if (v.phase === 'over') return null;
  if (!m.myTurn) {
    const waiting = (v.to_act || []).filter((seat) => seat !== m.me);
    return waiting.length ? t('cd.why.notYourTurn', { name: waiting.map(env.name).join(', ') }) : null;
  }
  if (v.phase !== 'action') return t('cd.why.notNow', { phase: t(`cd.phase.${v.phase}`) });
  const stock = m.players[m.me]?.stock || {};
  if (COLOURS.some((c) => (card.recipe?.[c] ?? 0) > (stock[c] ?? 0))) return t('cd.why.recipe');
  return v.action && v.action !== 'none' && v.action !== 'cigars' ? t('cd.why.otherAction') : null;
}

/** One cigar place: the top card (its recipe, coins and points; a button when it can be made now). */
function slotView(env, seat, slot, index, cigars) {
  const cards = Array.isArray(slot?.cards) ? slot.cards : [];
  const id = cards[cards.length - 1];
  const card = cigars.get(id) || { id, recipe: {}, coins: '?', points: '?', level: '?' };
  const key = cardKey(id);
  const entries = env.m.targets.get(key) || [];
  const body = [
    h('span', { class: 'cd-card-head' }, h('strong', {}, String(id ?? '?')), ' ',
      h('span', { class: 'cd-card-state' }, slot?.top_done ? t('cd.made') : t('cd.toMake'))),
    h('span', { class: 'cd-recipe', title: t('cd.recipe') }, COLOURS.filter((c) => (card.recipe?.[c] ?? 0) > 0)
      .map((c) => h('span', { class: 'cd-recipe-item' }, baleIcon(c), `×${card.recipe[c]}`))),
    h('span', { class: 'cd-card-gain' }, `${t('cd.coins', { k: card.coins })} · ${t('cd.points', { k: card.points })}`),
    cards.length > 1 ? h('span', { class: 'cd-card-below small muted' }, t('cd.below', { k: cards.length - 1 })) : null,
  ];
  const why = !entries.length && seat === env.m.me && id && !slot?.top_done ? whyNotMade(env, card) : null;
  const title = t('cd.cardTitle', { id, coins: card.coins, points: card.points });
  const attrs = {
    class: `cd-card level-${card.level}${slot?.top_done ? ' done' : ''}${entries.length ? ' flagged' : ''}`,
    title: why ? `${title} · ${why}` : title,
    dataset: { testid: 'cd-target', key, card: id ?? '', seat, slot: index, flag: entries.length > 0, choices: entries.length, focusKey: key, ...(why ? { why } : {}) },
  };
  if (!entries.length) return h('div', attrs, body);
  return h('button', { type: 'button', ...attrs, disabled: !!env.m.ctx.busy, onclick: () => env.pick(key) }, body);
}

// ---- the end --------------------------------------------------------------------------------------------------
function finalPanel(env) {
  const { m } = env;
  const v = m.view;
  const over = m.ctx.over;
  const ranking = Array.isArray(over?.ranking) ? over.ranking
    : m.players.map((p, seat) => ({ seat, score: p.points ?? 0, place: null }));
  const sixty = v.end === 'sixty' ? m.players.findIndex((p) => (p.points ?? 0) >= (env.staticData.board?.win_points ?? 60)) : -1;
  return h('section', { class: 'cd-final', dataset: { testid: 'cd-final' } }, h('h3', {}, t('cd.final')),
    h('p', { class: 'small' }, v.end === 'sixty' && sixty >= 0 ? t('cd.end.sixty', { name: env.name(sixty) }) : v.end === 'tobacco' ? t('cd.end.tobacco') : null),
    h('table', { class: 'ranking' },
      h('thead', {}, h('tr', {}, h('th', {}, t('cd.place')), h('th', {}, t('cd.player')), h('th', {}, t('cd.score')), h('th', {}, t('cd.money')))),
      h('tbody', {}, ranking.map((r) => {
        const p = m.players[r.seat] || {};
        return h('tr', { class: r.seat === m.me ? 'mine' : '', dataset: { testid: 'cd-final-row', seat: r.seat, place: r.place ?? '', score: p.points ?? r.score } },
          h('td', {}, r.place ?? '–'), h('td', {}, who(env, r.seat)),
          h('td', { class: 'num' }, String(p.points ?? r.score)), h('td', { class: 'num' }, String(p.coins ?? '')));
      }))));
}
