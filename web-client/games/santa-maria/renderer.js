// The Santa Maria table: one's own Colonie as a 6×6 SVG grid (columns a–f for the white dice, rows 1–6 for the
// blue ones), the common board (Année, white dice, the offer of development tiles, the four Docks with their
// face-up Navires, the Religion and Conquistador tracks, Savants, Évêques and Camps with their Moines, the
// Retraite spaces), every player's panel (Pièces, Bonheur, Ressources, blue dice, Port, a small Colonie) and the
// final breakdown. The view is engine/santa_maria's write_state() for this seat (santa_maria.hpp lists its fields);
// the drawing of boards, tiles, ships, scholars and bishops comes from the static data (`staticData.boards`,
// `.tiles`, `.town_halls`, `.ships`, `.scholars`, `.bishops`, `.docks`, `.religion_track`, `.conquistador_track`;
// the docks' symbols and bonuses, the retreat spaces' actions and the camps' rewards from `.dock_bonuses`,
// `.retreat_spaces`, `.camps`: components.json, so a correction of the data needs no change here).
//
// Acting by pointing, all from ctx.legal (each entry's action is sent as is):
//   - a flagged cell of the Colonie: activate a Bâtiment, put a tile / the Mairie / a Route (a cell reached in
//     several rotations asks which way in the action bar), place a die (Construction), take back coins
//     (Mathématiques); a cell holding a die, then a flagged free Bâtiment: the Logistique move;
//   - a flagged column or row label while a die's value is open (and the value buttons in the action bar);
//   - an offer tile (agrandir), a white die, a blue die, a Dock's Navire, a Moine space, a Retraite space;
//   - the action bar: the answers that are choices, not places (Échange, Religion's extra step, Astronomie,
//     no Moine, skip, end of turn); the Colonie and lot choices; sell and buy beside one's resources.
// Every board element carries a stable data-* id (data-cell, data-tile, data-dock, data-space, data-die ...).
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

const RESOURCES = ['wood', 'grain', 'sugar', 'gem', 'gold'];
const RES_CODE = { W: 'wood', G: 'grain', S: 'sugar', Gem: 'gem', Au: 'gold' };
const ROTATIONS = ['east', 'south', 'west', 'north'];
const ROT_ARROW = { east: '→', south: '↓', west: '←', north: '↑' };
const FINAL_PARTS = ['before', 'coins', 'colonists', 'scholars', 'bishops', 'bishop_goals', 'port', 'ships'];
const SIZE = 6;
const COLS = 'abcdef';

// ---- cell codes (components.json "notation": "FOR +W +1c", "CTY X[W/Gem>3c]", "RD2", "TH") -------------------
/** A cell code -> {terrain, colonists, effects: [{kind, resource?, amount?, pay?, gain?}]}. */
function parseCode(code) {
  const parts = String(code || '').split(' ').filter(Boolean);
  const head = parts.shift() || '';
  const road = /^RD(\d)$/.exec(head);
  const out = { terrain: road ? 'RD' : head, colonists: road ? Number(road[1]) : 0, effects: [] };
  for (const p of parts) out.effects.push(parseEffect(p));
  return out;
}

function parseEffect(p) {
  let m;
  if ((m = /^\+(\d+)c$/.exec(p))) return { kind: 'coins', amount: Number(m[1]) };
  if ((m = /^\+(\d+)vp$/.exec(p))) return { kind: 'points', amount: Number(m[1]) };
  if ((m = /^\+(\w+)$/.exec(p)) && RES_CODE[m[1]]) return { kind: 'resource', resource: RES_CODE[m[1]] };
  if (p === 'SHIP') return { kind: 'ship' };
  if (p === 'REL') return { kind: 'religion' };
  if (p === 'CONQ') return { kind: 'conquistador' };
  if (p === 'ROAD') return { kind: 'road' };
  if ((m = /^X\[(.+)>(.+)\]$/.exec(p))) {
    const gain = parseEffect(`+${m[2]}`);
    return { kind: 'exchange', pay: m[1].split('/').map((r) => RES_CODE[r] || r), gain };
  }
  return { kind: 'unknown', text: p };
}

function effectWords(e) {
  switch (e.kind) {
    case 'coins': return t('sm.fx.coins', { k: e.amount });
    case 'points': return t('sm.fx.points', { k: e.amount });
    case 'resource': return t(`sm.res.${e.resource}`);
    case 'ship': case 'religion': case 'conquistador': case 'road': return t(`sm.fx.${e.kind}`);
    case 'exchange': return t('sm.fx.exchange', { pay: e.pay.map((r) => t(`sm.res.${r}`)).join(t('sm.fx.or')), gain: effectWords(e.gain) });
    default: return e.text || '?';
  }
}

/** Effects without a terrain, as the static data gives the docks, retreat spaces and camps: "+Au +2vp". */
function effectsOf(code) {
  return String(code || '').split(' ').filter(Boolean).map(parseEffect);
}
function effectsWords(code) {
  return effectsOf(code).map(effectWords).join(', ');
}

function describeCode(code) {
  const c = parseCode(code);
  const bits = [t(`sm.terrain.${c.terrain}`) === `sm.terrain.${c.terrain}` ? c.terrain : t(`sm.terrain.${c.terrain}`)];
  if (c.terrain === 'RD') bits.push(t('sm.colonists', { k: c.colonists }));
  for (const e of c.effects) bits.push(effectWords(e));
  return bits.join(', ');
}

// ---- icons (SVG, centred on 0,0, about 12 units wide): shape and colour tell each resource apart ----------
function resourceIcon(r, k = 1) {
  const g = s('g', { class: `sm-res-icon res-${r}` });
  const at = (x) => {
    switch (r) {
      case 'wood': return s('rect', { x: x - 5, y: -3, width: 10, height: 6, rx: 2.5, fill: '#8d5a2b', stroke: '#4e2f12', 'stroke-width': 0.8 });
      case 'grain': return s('ellipse', { cx: x, cy: 0, rx: 3, ry: 5.5, fill: '#f2c94c', stroke: '#9a7b12', 'stroke-width': 0.8 });
      case 'sugar': return s('rect', { x: x - 4, y: -4, width: 8, height: 8, fill: '#fff', stroke: '#555', 'stroke-width': 0.8 });
      case 'gem': return s('polygon', { points: `${x},-5.5 ${x + 5},0 ${x},5.5 ${x - 5},0`, fill: '#3a7bd5', stroke: '#173d73', 'stroke-width': 0.8 });
      case 'gold': return s('polygon', { points: `${x - 5.5},4 ${x - 3},-3.5 ${x + 3},-3.5 ${x + 5.5},4`, fill: '#e6b422', stroke: '#7a5c00', 'stroke-width': 0.8 });
      default: return s('circle', { cx: x, r: 4, fill: '#ccc' });
    }
  };
  for (let i = 0; i < k; i++) g.append(at(i * 4 - (k - 1) * 2));
  return g;
}

function coinIcon(amount) {
  return s('g', { class: 'sm-coin' }, s('circle', { r: 6, fill: '#f5d76e', stroke: '#8a6d00', 'stroke-width': 0.9 }),
    amount !== undefined ? s('text', { y: 3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: '#3d2f00' }, String(amount)) : null);
}

function pointIcon(amount) {
  return s('g', { class: 'sm-point' }, s('path', { d: 'M0 6L-6 0A3.4 3.4 0 0 1 0-4.5A3.4 3.4 0 0 1 6 0Z', fill: '#b04a9a', stroke: '#5d1f51', 'stroke-width': 0.8 }),
    amount !== undefined ? s('text', { y: 2.2, 'text-anchor': 'middle', 'font-size': 6.5, 'font-weight': 700, fill: '#fff' }, String(amount)) : null);
}

function shipIcon() {
  return s('g', { class: 'sm-ship-icon' }, s('path', { d: 'M-7 2H7L4.5 6H-4.5Z', fill: '#6d4c41' }),
    s('path', { d: 'M0 1.5V-7L5.5 1Z', fill: '#fafafa', stroke: '#555', 'stroke-width': 0.7 }),
    s('path', { d: 'M-1 1.5V-5L-5.5 1Z', fill: '#e0e0e0', stroke: '#555', 'stroke-width': 0.7 }));
}

function religionIcon() {
  return s('path', { class: 'sm-rel-icon', d: 'M-1.6-6.5H1.6V-3H5V0.2H1.6V6.5H-1.6V0.2H-5V-3H-1.6Z', fill: '#6a3fa0', stroke: '#fff', 'stroke-width': 0.6 });
}

function conquistadorIcon() {
  return s('g', { class: 'sm-conq-icon' }, s('path', { d: 'M-6 2.5H6M-4.5 2.5A4.5 5.5 0 0 1 4.5 2.5Z', fill: '#b0bec5', stroke: '#37474f', 'stroke-width': 1 }),
    s('path', { d: 'M0-3V-6.5L3-5.5', fill: 'none', stroke: '#c62828', 'stroke-width': 1.2 }));
}

function townHallIcon() {
  return s('path', { d: 'M-7 6V-1L0-6L7-1V6ZM-2 6V2H2V6', fill: '#fff', stroke: '#311b92', 'stroke-width': 1.1, 'stroke-linejoin': 'round' });
}

function effectIcon(e) {
  switch (e.kind) {
    case 'coins': return [coinIcon(e.amount), 14];
    case 'points': return [pointIcon(e.amount), 14];
    case 'resource': return [resourceIcon(e.resource), 13];
    case 'ship': return [shipIcon(), 16];
    case 'religion': return [religionIcon(), 12];
    case 'conquistador': return [conquistadorIcon(), 14];
    case 'road': return [s('rect', { x: -6, y: -2.5, width: 12, height: 5, fill: '#b9a27a', stroke: '#5d4a2b', 'stroke-width': 0.8 }), 14];
    case 'exchange': {
      const g = s('g', {});
      let x = 0;
      e.pay.forEach((r, i) => {
        if (i) {
          g.append(s('text', { x: x + 3, y: 3.5, 'font-size': 10, 'text-anchor': 'middle', fill: '#222' }, '/'));
          x += 6;
        }
        g.append(s('g', { transform: `translate(${x + 6} 0) scale(.8)` }, resourceIcon(r)));
        x += 12;
      });
      g.append(s('path', { d: `M${x + 1} 0H${x + 7}M${x + 4.5}-2.5L${x + 7} 0L${x + 4.5} 2.5`, fill: 'none', stroke: '#222', 'stroke-width': 1.1 }));
      x += 9;
      const [gain, w] = effectIcon(e.gain);
      g.append(s('g', { transform: `translate(${x + w / 2} 0)` }, gain));
      x += w;
      return [s('g', { transform: `translate(${-x / 2} 0)` }, g), x];
    }
    default: return [s('text', { y: 3, 'font-size': 7, 'text-anchor': 'middle' }, e.text || '?'), 14];
  }
}

/** The drawing of one cell's code in a box of `size` units whose top-left corner is 0,0. */
function cellArt(code, size) {
  const c = parseCode(code);
  const g = s('g', { class: `sm-art terrain-${c.terrain}` });
  g.append(s('rect', { class: `sm-terrain terrain-${c.terrain}`, x: 1, y: 1, width: size - 2, height: size - 2, rx: 3 }));
  if (c.terrain === 'RD') {
    g.append(s('path', { class: 'sm-road-line', d: `M${size * 0.15} ${size / 2}H${size * 0.85}` }));
    for (let i = 0; i < c.colonists; i++)
      g.append(s('g', { transform: `translate(${size / 2 + (i - (c.colonists - 1) / 2) * 12} ${size / 2})` },
        s('circle', { r: 4.2, fill: '#fff', stroke: '#333', 'stroke-width': 1 }), s('circle', { cy: -1.5, r: 1.6, fill: '#333' })));
    return g;
  }
  if (c.terrain === 'TH') g.append(s('g', { transform: `translate(${size / 2} ${size * 0.36}) scale(1.3)` }, townHallIcon()));
  const icons = c.effects.map(effectIcon);
  const width = icons.reduce((a, [, w]) => a + w, 0);
  const scale = Math.min(1.8, (size - 6) / Math.max(width, 1));
  let x = (size - width * scale) / 2;
  const y = c.terrain === 'TH' ? size * 0.72 : size * 0.55;
  for (const [icon, w] of icons) {
    g.append(s('g', { transform: `translate(${x + (w * scale) / 2} ${y}) scale(${scale})` }, icon));
    x += w * scale;
  }
  return g;
}

// ---- the legal actions, grouped by what the player points at -------------------------------------------------
function analyse(view, ctx) {
  const legal = Array.isArray(ctx.legal) ? ctx.legal : [];
  const me = ctx.seat ?? null;
  const m = {
    view, ctx, me, legal,
    players: Array.isArray(view.players) ? view.players : [],
    myTurn: me !== null && legal.length > 0 && (view.to_act || []).includes(me),
    task: Array.isArray(view.tasks) && view.tasks.length ? view.tasks[0] : null,
    byCell: new Map(), // cell -> entries (activate, put, town_hall, place, reclaim)
    moves: new Map(), // from cell -> entries
    byTile: new Map(), byDock: new Map(), byMonk: new Map(), byRetreat: new Map(),
    white: new Map(), blue: new Map(), // die value -> entry
    values: [], // die value entries
    sell: new Map(), buy: new Map(), colonies: new Map(), lots: new Map(),
    answers: [], // exchange, boost, astronomy dock: choices in the action bar
    skip: null, end: null,
  };
  const push = (map, key, entry) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(entry);
  };
  for (const entry of legal) {
    const a = entry.action || {};
    switch (a.type) {
      case 'activate': case 'put': case 'town_hall': case 'place': case 'reclaim': push(m.byCell, a.cell, entry); break;
      case 'move': push(m.moves, a.from, entry); break;
      case 'expand': m.byTile.set(a.tile, entry); break;
      case 'ship': m.byDock.set(a.dock, entry); break;
      case 'monk': m.byMonk.set(a.space, entry); break;
      case 'retreat': m.byRetreat.set(a.space, entry); break;
      case 'die': (a.color === 'white' ? m.white : m.blue).set(a.value, entry); break;
      case 'value': m.values.push(entry); break;
      case 'sell': m.sell.set(a.resource, entry); break;
      case 'buy': m.buy.set(a.resource, entry); break;
      case 'colony': m.colonies.set(a.board, entry); break;
      case 'lot': m.lots.set(a.lot, entry); break;
      case 'exchange': case 'boost': case 'dock': m.answers.push(entry); break;
      case 'skip': m.skip = entry; break;
      case 'end': m.end = entry; break;
      default: m.answers.push(entry); // an action this page does not know yet: still one click away
    }
  }
  return m;
}

/** The die a value decision is about: {color, rolled, line: 'column'|'row'}. */
function dieTask(m) {
  if (!m.task || m.task.kind !== 'die_value') return null;
  return { color: m.task.a === 1 ? 'white' : 'blue', rolled: m.task.b };
}

/** Which line a value entry activates: a white die a column, a blue one a row (or a column with Philosophy). */
function valueLine(die, entry) {
  const a = entry.action;
  return die?.color === 'white' || a.line === 'column' ? `col${a.value}` : `row${a.value}`;
}

function valueLabel(die, entry) {
  const a = entry.action;
  const cost = die ? Math.abs(a.value - die.rolled) : 0;
  return t('sm.value', { v: a.value, cost: a.pay ? 0 : cost, pay: a.pay ? t(`sm.res.${a.pay}`) : '', column: a.line === 'column' });
}

// ---- per-board state ----------------------------------------------------------------------------------------
const boards = new WeakMap(); // container -> {root, ui, view, staticData, ctx}

/** Draws `view` with the game's `staticData`; see ../README.md for ctx. Called again on every new view. */
export function render(container, view, staticData, ctx) {
  let b = boards.get(container);
  if (!b) {
    b = { root: h('div', { class: 'sm-root', dataset: { testid: 'sm-root' } }), ui: { cell: null, moveFrom: null, line: null } };
    fill(container, b.root);
    boards.set(container, b);
  }
  b.view = view && typeof view === 'object' ? view : {};
  b.staticData = staticData && typeof staticData === 'object' ? staticData : {};
  b.ctx = ctx;
  draw(b);
}

function draw(b) {
  const { view, ctx, ui } = b;
  const m = analyse(view, ctx);
  // A half-made choice that no longer applies (the move went, the turn passed) is dropped.
  if (!m.myTurn || (ui.cell && (m.byCell.get(ui.cell) || []).length < 2)) ui.cell = null;
  if (!m.myTurn || (ui.moveFrom && !m.moves.has(ui.moveFrom))) ui.moveFrom = null;
  if (!m.myTurn || !m.values.length) ui.line = null;
  const focusKey = document.activeElement?.closest?.('[data-focus-key]')?.dataset.focusKey;
  const send = (entry) => {
    if (!entry || ctx.busy) return;
    ui.cell = null;
    ui.moveFrom = null;
    ui.line = null;
    ctx.act(entry.action);
  };
  const redraw = () => draw(b);
  const env = { b, m, ui, send, redraw, st: b.staticData, name: (seat) => (ctx.names && ctx.names[seat]) || `#${seat + 1}`, reached: new Set() };

  const mode = modeOf(m, ui);
  b.root.dataset.phase = view.phase || '';
  b.root.dataset.mode = mode;
  b.root.dataset.myTurn = String(m.myTurn);
  b.root.dataset.year = view.year ?? '';
  b.root.classList.toggle('busy', !!ctx.busy);
  b.root.lang = getLang();

  const mine = m.me !== null ? m.players[m.me] : null;
  fill(
    b.root,
    statusBar(env),
    actionBar(env, mode),
    view.phase === 'over' ? finalPanel(env) : null,
    choicePanel(env),
    mine ? h('section', { class: 'sm-own', dataset: { testid: 'sm-own' } },
      h('h3', {}, who(env, m.me), ' · ', t('sm.colony')),
      h('div', { class: 'sm-own-row' }, colony(env, m.me, { own: true }), supplyPanel(env, m.me))) : null,
    commonBoard(env),
    playersPanel(env),
    legend(),
  );
  // Other players' moves since yours (../../last_moves.js): the cells of their colonies, their panels, and what
  // they took or moved on the common board (a retreat space, a dock's ship, a monk space, their track markers), so
  // that a turn that built nothing (a retreat, a ship) still shows where it went.
  const changed = Array.isArray(b.ctx.changedSince) ? b.ctx.changedSince : [];
  for (const entry of changed) {
    const board = b.root.querySelector(`[data-testid=sm-colony-small][data-seat="${entry.seat}"]`);
    if (board) markChanged(b.root, [entry], ['players', String(entry.seat), 'cells'], (cell) => board.querySelector(`[data-cell="${CSS.escape(cell)}"]`));
    markChanged(b.root, [entry], ['players', String(entry.seat)], (key) => (key === 'religion' || key === 'conquistador'
      ? b.root.querySelector(`[data-testid=sm-${key}] .sm-marker[data-seat="${entry.seat}"]`) : null));
  }
  const common = b.root.querySelector('[data-testid=sm-common]');
  if (common) {
    markChanged(b.root, changed, ['retreat_spaces'], (i) => common.querySelector(`[data-testid=sm-retreat][data-space="${Number(i) + 1}"]`));
    markChanged(b.root, changed, ['docks'], (dock) => common.querySelector(`[data-testid=sm-dock][data-dock="${CSS.escape(dock)}"]`));
    markChanged(b.root, changed, ['monk_spaces'], (space) => common.querySelector(`[data-testid=sm-monk-space][data-space="${CSS.escape(space)}"]`));
  }
  markMovers(b.root, changed, (seat) => b.root.querySelector(`[data-testid=sm-player][data-seat="${CSS.escape(String(seat))}"]`));
  // On a phone each board with targets zooms until they are 44 px (../../touch_zoom.js).
  for (const board of b.root.querySelectorAll('svg')) if (board.querySelector('.sm-target')) zoomToTargets(board, { selector: '.sm-target' });
  // Every legal move has something to point at: the count of those that do not is kept for the tests.
  b.root.dataset.unreached = String(m.legal.filter((e) => !env.reached.has(e)).length);
  if (focusKey) b.root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

function modeOf(m, ui) {
  const v = m.view;
  if (v.phase === 'over') return 'over';
  if (!m.myTurn) return 'wait';
  if (ui.cell) return 'rotation';
  if (ui.moveFrom) return 'move';
  if (ui.line) return 'line';
  if (v.phase === 'colony') return 'colony';
  if (m.task) return m.task.kind;
  if (v.phase === 'lot') return 'lot';
  return v.main_done ? 'after' : 'main';
}

const who = (env, seat) => h('span', { class: 'sm-who', dataset: { seat } }, seatMarker(seat), h('span', { class: 'sm-name' }, env.name(seat)));

/** Makes an SVG group a keyboard-reachable button that runs `go`. */
function clickable(g, label, focusKey, go) {
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'button');
  g.setAttribute('aria-label', label);
  g.setAttribute('data-focus-key', focusKey);
  g.setAttribute('data-legal', 'true');
  g.classList.add('sm-target');
  g.addEventListener('click', go);
  g.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      go();
    }
  });
  return g;
}

function button(env, label, testid, entry, extra = {}) {
  if (entry) [].concat(entry).forEach((e) => env.reached.add(e));
  return h('button', {
    type: 'button', class: extra.class ?? 'primary', disabled: !!env.m.ctx.busy || (!entry && !extra.onclick),
    dataset: { testid, legal: !!entry, focusKey: `${testid}-${extra.key ?? ''}`, ...(extra.dataset || {}) },
    title: extra.title, onclick: extra.onclick || (() => env.send(entry)),
  }, label);
}

// ---- status and action bar ---------------------------------------------------------------------------------------
function statusBar(env) {
  const v = env.m.view;
  const acting = (v.to_act || [])[0];
  return h('div', { class: 'sm-status', dataset: { testid: 'sm-status' } },
    h('strong', { dataset: { testid: 'sm-year' } }, t('sm.year', { y: v.year ?? 1 })), ' · ',
    h('span', { dataset: { testid: 'sm-phase' } }, t(`sm.phase.${v.phase}`)),
    acting !== undefined && v.phase !== 'over' ? [' · ', h('span', { class: 'sm-turn' }, t('sm.toPlay', { name: env.name(acting) }))] : null,
    v.phase === 'play' ? [' · ', h('span', { class: 'muted' }, t('sm.first', { name: env.name(v.first ?? 0) }))] : null);
}

function actionBar(env, mode) {
  const { m, ui, send, redraw } = env;
  const v = m.view;
  const buttons = [];
  const cancel = () => buttons.push(button(env, t('sm.cancel'), 'sm-cancel', null, { class: '', onclick: () => {
    ui.cell = null;
    ui.moveFrom = null;
    ui.line = null;
    redraw();
  } }));
  let prompt = '';
  switch (mode) {
    case 'over': prompt = t('sm.prompt.over'); break;
    case 'wait': {
      const waiting = (v.to_act || []).filter((x) => x !== m.me);
      if (m.ctx.status === 'replay') {
        prompt = t('replay.toPlay', { names: waiting.map(env.name).join(', ') });
        break;
      }
      prompt = [m.me === null ? t('sm.prompt.watch') : '', waiting.length ? t('sm.prompt.wait', { names: waiting.map(env.name).join(', ') }) : ''].join(' ').trim();
      break;
    }
    case 'rotation': {
      prompt = t('sm.prompt.rotation', { cell: ui.cell });
      for (const e of m.byCell.get(ui.cell) || [])
        buttons.push(button(env, [pendingPiece(env) ? pieceDrawing(pendingPiece(env), 22, e.action.rotation) : null, ` ${ROT_ARROW[e.action.rotation] || ''} ${t(`sm.rot.${e.action.rotation}`)}`], 'sm-choice', e,
          { key: e.action.rotation, dataset: { kind: 'rotation', value: e.action.rotation } }));
      cancel();
      break;
    }
    case 'move':
      prompt = t('sm.prompt.moveFrom', { cell: ui.moveFrom });
      cancel();
      break;
    case 'line': {
      const die = dieTask(m);
      prompt = t('sm.prompt.line', { v: ui.line.slice(3) });
      for (const e of m.values.filter((x) => valueLine(die, x) === ui.line))
        buttons.push(button(env, valueLabel(die, e), 'sm-choice', e, { key: `${ui.line}-${e.action.pay || ''}-${e.action.line || ''}`, dataset: { kind: 'value', value: e.action.value } }));
      cancel();
      break;
    }
    case 'die_value': {
      const die = dieTask(m);
      prompt = t('sm.prompt.value', { color: t(`sm.Die.${die.color}`), v: die.rolled });
      for (const e of m.values)
        buttons.push(button(env, valueLabel(die, e), 'sm-choice', e, { class: '', key: `v${e.action.value}-${e.action.pay || ''}-${e.action.line || ''}`, dataset: { kind: 'value', value: e.action.value } }));
      break;
    }
    case 'colony': case 'lot': case 'town_hall': case 'place_die': case 'exchange': case 'ship': case 'astronomy':
    case 'religion': case 'monk': case 'reclaim':
      prompt = t(`sm.prompt.${mode === 'place_die' ? 'place' : mode}`);
      break;
    case 'tile': {
      const tile = m.view.tasks?.[0]?.a;
      prompt = t('sm.prompt.tile', { tile: tileIdByIndex(env, tile) });
      if (pendingPiece(env)) buttons.push(h('span', { class: 'sm-pending-piece' }, pieceDrawing(pendingPiece(env), 30)));
      break;
    }
    case 'road': prompt = t('sm.prompt.road'); break;
    case 'main': prompt = t('sm.prompt.main'); break;
    case 'after': prompt = t('sm.prompt.after'); break;
    default: prompt = t('sm.prompt.other');
  }
  for (const e of m.answers) {
    const a = e.action;
    let label = e.text || a.type;
    if (a.type === 'exchange') label = t('sm.exchangeWith', { res: t(`sm.res.${a.resource}`) });
    if (a.type === 'boost') label = t('sm.boost', { res: t(`sm.res.${a.pay}`) });
    if (a.type === 'dock') label = t('sm.toDock', { dock: t(`sm.dock.${a.dock}`) });
    buttons.push(button(env, label, 'sm-choice', e, { key: `${a.type}-${a.resource || a.pay || a.dock || ''}`, dataset: { kind: a.type, value: a.resource || a.pay || a.dock || '' } }));
  }
  if (m.skip) buttons.push(button(env, m.task?.kind === 'monk' ? t('sm.noMonk') : t('sm.skip'), 'sm-skip', m.skip, { class: '' }));
  if (m.end) buttons.push(button(env, t('sm.end'), 'sm-end', m.end));
  return h('div', { class: `sm-actionbar${m.myTurn ? ' my-turn' : ''}`, dataset: { testid: 'sm-actionbar' }, role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'sm-prompt', dataset: { testid: 'sm-prompt' } }, prompt),
    buttons.length ? h('span', { class: 'sm-buttons' }, buttons) : null);
}

/** Static tile ids in components order (doubles then triples), to name a task's tile index. */
function tileIdByIndex(env, index) {
  const ids = Object.keys(env.st.tiles || {}).sort();
  return ids[index] ?? '?';
}

// ---- colony and lot choices ------------------------------------------------------------------------------------------
function choicePanel(env) {
  const { m } = env;
  const v = m.view;
  if (v.phase === 'colony') {
    const left = Array.isArray(v.boards_left) ? v.boards_left : [];
    return h('section', { class: 'sm-choices', dataset: { testid: 'sm-colonies' } }, h('h3', {}, t('sm.prompt.colony')),
      h('div', { class: 'sm-choice-list' }, left.map((id) => {
        const entry = m.colonies.get(id);
        if (entry) env.reached.add(entry);
        return h('button', { type: 'button', class: `sm-choice${entry ? ' legal' : ''}`, disabled: !entry || !!m.ctx.busy,
          dataset: { testid: 'sm-colony', board: id, legal: !!entry, focusKey: `colony-${id}` }, onclick: () => env.send(entry) },
        h('strong', {}, t('sm.colonyBoard', { id })), miniBoard(env, (env.st.boards || {})[id] || {}));
      })));
  }
  if (Array.isArray(v.lots) && v.lots.length && (v.phase === 'lot' || m.task?.kind === 'town_hall')) {
    return h('section', { class: 'sm-choices', dataset: { testid: 'sm-lots' } }, h('h3', {}, t('sm.prompt.lot')),
      h('div', { class: 'sm-choice-list' }, v.lots.map((lot, i) => {
        const entry = m.lots.get(i + 1);
        if (entry) env.reached.add(entry);
        const taken = lot.taken_by !== null && lot.taken_by !== undefined && lot.taken_by >= 0;
        const scholar = (env.st.scholars || {})[lot.scholar];
        return h('button', { type: 'button', class: `sm-choice${entry ? ' legal' : ''}${taken ? ' taken' : ''}`, disabled: !entry || !!m.ctx.busy,
          dataset: { testid: 'sm-lot', lot: i + 1, legal: !!entry, focusKey: `lot-${i + 1}` }, onclick: () => env.send(entry) },
        h('strong', {}, t('sm.lot', { k: i + 1 })), pieceDrawing((env.st.town_halls || {})[lot.town_hall], 26),
        h('span', {}, `${t('sm.scholar')} : ${scholar ? powerName(scholar.power) : lot.scholar}`),
        taken ? h('span', { class: 'small muted' }, t('sm.takenBy'), ' ', who(env, lot.taken_by)) : null);
      })));
  }
  return null;
}

const powerName = (power) => (t(`sm.power.${power}`) === `sm.power.${power}` ? power : t(`sm.power.${power}`));

/** A small drawing of a side-A board's printed cells ({cell: code}). */
function miniBoard(env, cells, size = 16) {
  const svgEl = s('svg', { class: 'sm-mini', viewBox: `0 0 ${SIZE * size} ${SIZE * size}`, width: SIZE * size * 1.5, height: SIZE * size * 1.5, 'aria-hidden': 'true' });
  for (let r = 0; r < SIZE; r++)
    for (let c = 0; c < SIZE; c++) {
      const code = cells[`${COLS[c]}${r + 1}`];
      const terrain = code ? parseCode(code).terrain : 'free';
      svgEl.append(s('rect', { class: `sm-terrain terrain-${terrain}`, x: c * size + 0.5, y: r * size + 0.5, width: size - 1, height: size - 1, rx: 1.5 }));
    }
  return svgEl;
}

// A piece's cell offset (row, column) turned to a rotation, as the engine turns it (santa_maria.cpp, rotated()).
const ROTATE = {
  east: ([r, c]) => [r, c], south: ([r, c]) => [c, -r], west: ([r, c]) => [-r, -c], north: ([r, c]) => [-c, r],
};

/** A tile or town hall (static [{offset: [row, col], code}]) drawn laid in `rotation`, cells of `size`; the first
 *  square (the cell a placement names) is outlined. */
function pieceDrawing(cells, size = 30, rotation = 'east') {
  if (!Array.isArray(cells) || !cells.length) return s('svg', { width: size, height: size });
  const at = cells.map((c) => (ROTATE[rotation] || ROTATE.east)(c.offset));
  const r0 = Math.min(...at.map((o) => o[0]));
  const c0 = Math.min(...at.map((o) => o[1]));
  const rows = Math.max(...at.map((o) => o[0])) - r0 + 1;
  const cols = Math.max(...at.map((o) => o[1])) - c0 + 1;
  const svgEl = s('svg', { class: 'sm-piece', viewBox: `0 0 ${cols * 60} ${rows * 60}`, width: cols * size, height: rows * size, 'aria-hidden': 'true' });
  cells.forEach((c, i) => svgEl.append(s('g', { transform: `translate(${(at[i][1] - c0) * 60} ${(at[i][0] - r0) * 60})` },
    cellArt(c.code, 60), rotation !== 'east' || cells.length > 1 ? (i === 0 ? s('rect', { class: 'sm-first-square', x: 3, y: 3, width: 54, height: 54, rx: 4 }) : null) : null)));
  return svgEl;
}

/** The piece a placement decision is about (a tile or a town hall), from the front task. */
function pendingPiece(env) {
  const task = env.m.task;
  if (task?.kind === 'tile') return (env.st.tiles || {})[tileIdByIndex(env, task.a)];
  if (task?.kind === 'town_hall') return (env.st.town_halls || {})[Object.keys(env.st.town_halls || {}).sort()[task.a]];
  return null;
}

// ---- a colony --------------------------------------------------------------------------------------------------
const CELL = 60;
const MARGIN = 16;

/** The colony of `seat`: printed cells from the static board, the rest from the view; targets on one's own. */
function colony(env, seat, { own = false } = {}) {
  const { m, ui, send, redraw } = env;
  const p = m.players[seat] || {};
  const printed = (env.st.boards || {})[p.board] || {};
  const cells = p.cells || {};
  const die = own ? dieTask(m) : null;
  const svgEl = s('svg', {
    class: `sm-colony${own ? ' own' : ''}`, viewBox: `${-MARGIN} ${-MARGIN} ${SIZE * CELL + MARGIN + 2} ${SIZE * CELL + MARGIN + 2}`,
    role: 'group', 'aria-label': own ? t('sm.colony') : t('sm.colonyOf', { name: env.name(seat) }),
    'data-testid': own ? 'sm-colony-board' : 'sm-colony-small', 'data-seat': seat, 'data-board': p.board ?? '',
  });
  // Column letters (white dice 1-6) and row numbers (blue dice 1-6); a line a die's value may choose is flagged.
  const lineEntries = new Map();
  if (own) for (const e of m.values) {
    const key = valueLine(die, e);
    if (!lineEntries.has(key)) lineEntries.set(key, []);
    lineEntries.get(key).push(e);
  }
  for (let i = 0; i < SIZE; i++) {
    for (const [key, x, y, label, words] of [[`col${i + 1}`, i * CELL + CELL / 2, -4, `${COLS[i]}·${i + 1}`, t('sm.column', { c: `${COLS[i]} (${i + 1})` })],
      [`row${i + 1}`, -MARGIN / 2, i * CELL + CELL / 2 + 4, String(i + 1), t('sm.row', { r: i + 1 })]]) {
      const g = s('g', { class: 'sm-line-label', 'data-testid': own ? 'sm-line' : 'sm-line-small', 'data-line': key },
        s('rect', { x: key.startsWith('col') ? x - CELL / 2 + 2 : -MARGIN, y: key.startsWith('col') ? -MARGIN : y - CELL / 2 - 4 + 2, width: key.startsWith('col') ? CELL - 4 : MARGIN - 2, height: key.startsWith('col') ? MARGIN - 2 : CELL - 4, rx: 3, class: 'sm-line-bg' }),
        s('text', { x, y, 'text-anchor': 'middle', 'font-size': 10 }, label));
      const entries = lineEntries.get(key);
      if (entries && m.myTurn) {
        entries.forEach((e) => env.reached.add(e));
        clickable(g, `${words}: ${entries.map((e) => valueLabel(die, e)).join(' / ')}`, `line-${key}`, () => {
          if (m.ctx.busy) return;
          if (entries.length === 1) send(entries[0]);
          else {
            ui.line = key;
            redraw();
          }
        });
      }
      svgEl.append(g);
    }
  }
  const selecting = own && ui.moveFrom ? new Map((m.moves.get(ui.moveFrom) || []).map((e) => [e.action.to, e])) : null;
  for (let r = 0; r < SIZE; r++)
    for (let c = 0; c < SIZE; c++) {
      const name = `${COLS[c]}${r + 1}`;
      const here = cells[name];
      const code = here?.code ?? printed[name] ?? null;
      const g = s('g', { class: 'sm-cell', transform: `translate(${c * CELL} ${r * CELL})`, 'data-testid': own ? 'sm-cell' : 'sm-cell-small', 'data-cell': name,
        'data-tile': here?.tile ?? (printed[name] ? 'printed' : ''), 'data-code': code ?? '' });
      if (code) g.append(cellArt(code, CELL));
      else g.append(s('rect', { class: 'sm-terrain terrain-free', x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 3 }));
      if (here?.tile && here.tile !== 'printed') g.append(s('rect', { class: 'sm-tile-edge', x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 3 }));
      if (here?.die) {
        g.append(s('g', { class: `sm-die-on die-${here.die}`, transform: `translate(${CELL - 14} 13)`, 'data-die': here.die },
          s('rect', { x: -10, y: -10, width: 20, height: 20, rx: 4 }), s('text', { y: 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700 }, String(here.value))));
      }
      if (here?.coins) g.append(s('g', { transform: `translate(11 ${CELL - 11})` }, coinIcon(here.coins)));
      let label = `${name}: ${code ? describeCode(code) : t('sm.terrain.free')}`;
      if (here?.die) label += `, ${t('sm.dieOn', { die: t(`sm.die.${here.die}`), v: here.value })}`;
      if (here?.coins) label += `, ${t('sm.coinsOn', { k: here.coins })}`;
      g.append(s('title', {}, label));
      if (own && m.myTurn) {
        const entries = selecting ? (selecting.has(name) ? [selecting.get(name)] : []) : m.byCell.get(name) || [];
        const moveFrom = !selecting && m.moves.has(name) ? m.moves.get(name) : null;
        if (entries.length) {
          entries.forEach((e) => env.reached.add(e));
          g.dataset.action = entries[0].action.type;
          clickable(g, `${label}: ${entries.map((e) => e.text || e.action.type).join(' / ')}`, `cell-${name}`, () => {
            if (m.ctx.busy) return;
            if (entries.length === 1) send(entries[0]);
            else {
              ui.cell = name;
              redraw();
            }
          });
        } else if (moveFrom) {
          moveFrom.forEach((e) => env.reached.add(e));
          g.dataset.action = 'move';
          clickable(g, `${label}: ${t('sm.power.logistics')}`, `cell-${name}`, () => {
            if (m.ctx.busy) return;
            ui.moveFrom = name;
            redraw();
          });
        }
        if (ui.cell === name || ui.moveFrom === name) g.classList.add('selected');
      }
      if (g.dataset.legal === 'true') g.append(s('rect', { class: 'sm-flag', x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 4 }));
      svgEl.append(g);
    }
  return svgEl;
}

// ---- one's supplies: coins, points, resources (sell / buy), dice, port ---------------------------------------------
function supplyPanel(env, seat) {
  const { m } = env;
  const p = m.players[seat] || {};
  const res = p.resources || {};
  const rows = RESOURCES.map((r) => {
    const sell = m.sell.get(r);
    const buy = m.buy.get(r);
    return h('li', { class: 'sm-res-row', dataset: { resource: r } },
      smallIcon(resourceIcon(r)), h('span', { class: 'sm-res-name' }, t(`sm.Res.${r}`)), h('b', { dataset: { testid: 'sm-res-count' } }, String(res[r] ?? 0)),
      sell ? button(env, t('sm.sell'), 'sm-sell', sell, { class: 'sm-trade', key: r, title: t('sm.sellOne', { res: t(`sm.res.${r}`) }), dataset: { resource: r } }) : null,
      buy ? button(env, t('sm.buy'), 'sm-buy', buy, { class: 'sm-trade', key: r, title: t('sm.buyOne', { res: t(`sm.res.${r}`) }), dataset: { resource: r } }) : null);
  });
  return h('div', { class: 'sm-supply', dataset: { testid: 'sm-supply' } },
    h('div', { class: 'sm-money' }, smallIcon(coinIcon()), h('b', { dataset: { testid: 'sm-coins' } }, t('sm.coins', { k: p.coins ?? 0 })),
      smallIcon(pointIcon()), h('b', { dataset: { testid: 'sm-points' } }, t('sm.pts', { k: pointsShown(m.view, p, seat) }))),
    h('ul', { class: 'sm-res-list' }, rows),
    blueDice(env, seat),
    portPanel(env, seat));
}

const smallIcon = (node, size = 18) => s('svg', { viewBox: '-8 -8 16 16', width: size, height: size, 'aria-hidden': 'true', class: 'sm-icon' }, node);

function dieButton(env, color, value, entry, key) {
  if (entry) env.reached.add(entry);
  const attrs = { type: 'button', class: `sm-die die-${color}${entry ? ' legal' : ''}`, disabled: !entry || !!env.m.ctx.busy,
    dataset: { testid: 'sm-die', color, value, legal: !!entry, focusKey: `die-${color}-${key}` },
    title: t('sm.takeDie', { die: t(`sm.die.${color}`), v: value }), 'aria-label': t('sm.takeDie', { die: t(`sm.die.${color}`), v: value }),
    onclick: () => env.send(entry) };
  return h('button', attrs, String(value));
}

function blueDice(env, seat) {
  const { m } = env;
  const v = m.view;
  const p = m.players[seat] || {};
  if (v.shared_blue) return h('div', { class: 'small muted' }, t('sm.blueLine', { u: p.blue_unlocked ?? 1 }));
  const dice = Array.isArray(p.blue) ? p.blue : [];
  const flagged = new Set();
  return h('div', { class: 'sm-dice-row', dataset: { testid: 'sm-blue-dice' } }, h('span', { class: 'small' }, `${t('sm.yourBlue')} `),
    dice.length ? dice.map((value, i) => {
      const entry = seat === m.me && !flagged.has(value) ? m.blue.get(value) : null;
      if (entry) flagged.add(value);
      return dieButton(env, 'blue', value, entry, i);
    }) : h('span', { class: 'muted small' }, t('sm.noDice')),
    h('span', { class: 'small muted' }, ` · ${t('sm.blueLine', { u: p.blue_unlocked ?? 1 })}`));
}

function portPanel(env, seat) {
  const { m } = env;
  const p = m.players[seat] || {};
  const docks = env.st.docks || Object.keys(p.port || {});
  return h('div', { class: 'sm-port', dataset: { testid: 'sm-port', seat } }, h('h4', {}, t('sm.port')),
    h('ul', {}, docks.map((d) => {
      // Everyone's ships once the game is over (in `players`); during it, one's own (in `you`).
      const ids = p.ships?.[d] ?? (seat === m.me ? m.view.you?.ships?.[d] : undefined);
      return h('li', { dataset: { dock: d }, title: dockWords(env, d) }, dockIcon(env, d), ` ${t(`sm.dock.${d}`)}${t('sm.colon')}`, h('b', {}, String(p.port?.[d] ?? 0)),
        Array.isArray(ids) && ids.length ? h('span', { class: 'muted small', dataset: { testid: 'sm-port-ships' } }, ` (${ids.join(', ')})`) : null);
    })));
}

// A dock's symbol is its bonus (static data `dock_bonuses`, from components.json).
function dockBonus(env, dock) {
  return env.st.dock_bonuses?.[dock]?.effect || '';
}
function dockIcon(env, dock) {
  const [e] = effectsOf(dockBonus(env, dock));
  return smallIcon(e ? effectIcon(e)[0] : s('circle', { r: 4 }), 16);
}
function dockWords(env, dock) {
  const fx = dockBonus(env, dock);
  return `${t(`sm.dock.${dock}`)}${fx ? ` (${t('sm.dockBonus', { fx: effectsWords(fx) })})` : ''}`;
}

// ---- the common board ------------------------------------------------------------------------------------------------
function commonBoard(env) {
  const { m } = env;
  const v = m.view;
  if (v.phase === 'colony' && !m.players.some((p) => p.board)) return null;
  const sizes = v.pile_sizes || {};
  return h('section', { class: 'sm-common', dataset: { testid: 'sm-common' } }, h('h3', {}, t('sm.common')),
    diceRow(env),
    offerPanel(env),
    h('p', { class: 'small muted' }, t('sm.piles', { d: sizes.doubles ?? 0, tr: sizes.triples ?? 0, sh: sizes.ships ?? 0 }), ' ', t('sm.roads', { k: v.road_tiles ?? 0 })),
    docksPanel(env),
    tracks(env),
    monkSpaces(env),
    retreatPanel(env));
}

function diceRow(env) {
  const { m } = env;
  const v = m.view;
  const seen = new Set();
  const white = (v.white || []).map((value, i) => {
    const entry = !seen.has(value) ? m.white.get(value) : null;
    if (entry) seen.add(value);
    return dieButton(env, 'white', value, entry, i);
  });
  const pool = [];
  if (v.shared_blue) {
    const seenBlue = new Set();
    (v.blue_pool || []).forEach((value, i) => {
      const entry = !seenBlue.has(value) ? m.blue.get(value) : null;
      if (entry) seenBlue.add(value);
      pool.push(dieButton(env, 'blue', value, entry, i));
    });
  }
  return h('div', { class: 'sm-dice' },
    h('div', { class: 'sm-dice-row', dataset: { testid: 'sm-white-dice' } }, h('span', { class: 'small' }, `${t('sm.whiteDice')} `), white.length ? white : h('span', { class: 'muted small' }, t('sm.noDice'))),
    v.shared_blue ? h('div', { class: 'sm-dice-row', dataset: { testid: 'sm-blue-pool' } }, h('span', { class: 'small' }, `${t('sm.bluePool')} `), pool.length ? pool : h('span', { class: 'muted small' }, t('sm.noDice'))) : null);
}

function offerPanel(env) {
  const { m } = env;
  const offer = Array.isArray(m.view.offer) ? m.view.offer : [];
  const tiles = env.st.tiles || {};
  return h('div', { class: 'sm-offer', dataset: { testid: 'sm-offer' } }, h('h4', {}, t('sm.offer')),
    offer.length ? h('div', { class: 'sm-offer-list' }, offer.map((id) => {
      const entry = m.byTile.get(id);
      if (entry) env.reached.add(entry);
      const cells = tiles[id] || [];
      const words = `${id}: ${cells.length === 3 ? t('sm.triple') : t('sm.double')} · ${cells.map((c) => describeCode(c.code)).join(' | ')}`;
      return h('button', { type: 'button', class: `sm-offer-tile${entry ? ' legal' : ''}`, disabled: !entry || !!m.ctx.busy, title: words, 'aria-label': words,
        dataset: { testid: 'sm-offer-tile', tile: id, legal: !!entry, focusKey: `tile-${id}` }, onclick: () => env.send(entry) },
      pieceDrawing(cells, 30), h('span', { class: 'sm-tile-id' }, id));
    })) : h('p', { class: 'muted small' }, t('sm.noOffer')));
}

function costWords(cost) {
  return Object.entries(cost || {}).map(([r, k]) => `${k} ${t(`sm.res.${r}`)}`).join(' + ');
}

function docksPanel(env) {
  const { m } = env;
  const docks = env.st.docks || Object.keys(m.view.docks || {});
  const ships = env.st.ships || {};
  return h('div', { class: 'sm-docks', dataset: { testid: 'sm-docks' } }, h('h4', {}, t('sm.docks')),
    h('div', { class: 'sm-dock-list' }, docks.map((d) => {
      const id = m.view.docks?.[d] ?? null;
      const ship = id ? ships[id] : null;
      const entry = m.byDock.get(d);
      if (entry) env.reached.add(entry);
      const words = `${dockWords(env, d)}: ${id ? `${id}, ${t('sm.shipCost', { cost: costWords(ship?.cost), p: t('sm.fx.points', { k: ship?.points ?? 0 }) })}` : t('sm.emptyDock')}`;
      return h('button', { type: 'button', class: `sm-dock${entry ? ' legal' : ''}`, disabled: !entry || !!m.ctx.busy, title: words, 'aria-label': words,
        dataset: { testid: 'sm-dock', dock: d, ship: id ?? '', legal: !!entry, focusKey: `dock-${d}` }, onclick: () => env.send(entry) },
      dockIcon(env, d), h('span', { class: 'sm-dock-name' }, t(`sm.dock.${d}`)),
      id ? h('span', { class: 'sm-ship' }, smallIcon(shipIcon(), 16),
        h('span', { class: 'sm-ship-cost' }, Object.entries(ship?.cost || {}).flatMap(([r, k]) => Array.from({ length: k }, () => smallIcon(resourceIcon(r), 14)))),
        smallIcon(pointIcon(ship?.points ?? 0), 16)) : h('span', { class: 'muted small' }, t('sm.emptyDock')));
    })));
}

/** A track of spaces 0..last with seats' markers; `marks` flags special spaces. */
function track(env, { testid, title, last, key, marks }) {
  const { m } = env;
  const w = 18;
  const svgEl = s('svg', { class: 'sm-track', viewBox: `-1 -1 ${(last + 1) * w + 2} ${w + 26}`, role: 'img', 'aria-label': title, 'data-testid': testid });
  for (let i = 0; i <= last; i++) {
    const g = s('g', { transform: `translate(${i * w} 0)`, 'data-space': i });
    g.append(s('rect', { class: `sm-track-space${marks(i) ? ' marked' : ''}`, width: w - 1, height: w - 1, rx: 2 }));
    g.append(s('text', { x: w / 2, y: 12, 'text-anchor': 'middle', 'font-size': 8 }, String(i)));
    const mk = marks(i);
    if (mk) g.append(s('g', { transform: `translate(${w / 2} ${w + 5}) scale(.7)` }, mk), s('title', {}, String(i)));
    svgEl.append(g);
  }
  // Markers: several on one space stand side by side (conquistador: lower in the stack = arrived first, left).
  const bySpace = new Map();
  m.players.forEach((p, seat) => {
    const at = Number(p[key] ?? 0);
    if (!bySpace.has(at)) bySpace.set(at, []);
    bySpace.get(at).push(seat);
  });
  for (const [at, seats] of bySpace) {
    if (key === 'conquistador') seats.sort((a, b) => (m.players[a].conquistador_arrival ?? 0) - (m.players[b].conquistador_arrival ?? 0));
    seats.forEach((seat, k) => svgEl.append(s('g', { transform: `translate(${at * w + w / 2 + (k - (seats.length - 1) / 2) * 5} ${w + 15})`, 'data-seat': seat, class: 'sm-marker' },
      seatSymbol(seat, 4.5, { fill: seatColor(seat), stroke: '#111', 'stroke-width': 0.8 }))));
  }
  return h('div', { class: 'sm-track-box' }, h('h4', {}, title), svgEl);
}

function tracks(env) {
  const rel = env.st.religion_track || { last: 18, monk_symbols: [] };
  const conq = env.st.conquistador_track || { last: 10, gold: [], trees: [] };
  return h('div', { class: 'sm-tracks' },
    track(env, { testid: 'sm-religion', title: t('sm.religionTrack'), last: rel.last, key: 'religion',
      marks: (i) => ((rel.monk_symbols || []).includes(i) ? s('g', {}, s('circle', { r: 5, fill: '#6a3fa0' }), s('title', {}, t('sm.monkSymbol'))) : null) }),
    track(env, { testid: 'sm-conquistador', title: t('sm.conquestTrack'), last: conq.last, key: 'conquistador',
      marks: (i) => {
        const bits = [];
        if ((conq.gold || []).includes(i)) bits.push(s('g', { transform: 'translate(-4 0)' }, resourceIcon('gold')));
        if ((conq.trees || []).includes(i)) bits.push(s('path', { transform: 'translate(5 0)', d: 'M0-6L4 2H-4Z', fill: '#2e7d32' }));
        return bits.length ? s('g', {}, bits) : null;
      } }));
}

function monkSpaces(env) {
  const { m } = env;
  const v = m.view;
  const spaces = v.monk_spaces || {};
  const item = (space, title, detail) => {
    const entry = m.byMonk.get(space);
    if (entry) env.reached.add(entry);
    const seats = Array.isArray(spaces[space]) ? spaces[space] : [];
    const words = `${title}${detail ? ` (${detail})` : ''}${entry ? ` · ${t('sm.placeMonk')}` : ''}`;
    return h('button', { type: 'button', class: `sm-monk-space${entry ? ' legal' : ''}`, disabled: !entry || !!m.ctx.busy, title: words, 'aria-label': words,
      dataset: { testid: 'sm-monk-space', space, legal: !!entry, focusKey: `monk-${space}` }, onclick: () => env.send(entry) },
    h('span', { class: 'sm-monk-title' }, title), detail ? h('span', { class: 'small' }, detail) : null,
    h('span', { class: 'sm-monks' }, seats.map((seat) => seatMarker(seat, 14))));
  };
  const scholars = (v.scholars || []).map((id, i) => {
    const sc = (env.st.scholars || {})[id];
    return item(`scholar${i + 1}`, `${t('sm.scholar')} : ${sc ? powerName(sc.power) : id}`, sc ? t('sm.fx.points', { k: sc.points }) : '');
  });
  const bishops = (v.bishops || []).map((id, i) => {
    const bi = (env.st.bishops || {})[id];
    return item(`bishop${i + 1}`, `${t('sm.bishop')} : ${bi ? t(`sm.goalB.${bi.goal}`) : id}`, '');
  });
  const camps = [1, 2, 3, 4].map((k) => {
    const reward = env.st.camps?.[`camp${k}`]?.reward;
    return item(`camp${k}`, t('sm.camp', { k }), reward ? t('sm.reward', { fx: effectsWords(reward) }) : '');
  });
  return h('div', { class: 'sm-monk-board', dataset: { testid: 'sm-monk-spaces' } }, h('h4', {}, t('sm.monkSpaces')),
    h('div', { class: 'sm-monk-list' }, scholars, bishops, camps));
}

function retreatPanel(env) {
  const { m } = env;
  const v = m.view;
  const owners = Array.isArray(v.retreat_spaces) ? v.retreat_spaces : [];
  const market = m.players.map((p, seat) => [p, seat]).filter(([p]) => (p.retreat ?? -1) < 0).map(([, seat]) => seat);
  return h('div', { class: 'sm-retreat', dataset: { testid: 'sm-retreats' } }, h('h4', {}, t('sm.retreat')),
    h('ol', { class: 'sm-retreat-list' }, [1, 2, 3, 4, 5].map((k) => {
      const entry = m.byRetreat.get(k);
      if (entry) env.reached.add(entry);
      const owner = owners[k - 1];
      const action = effectsWords(env.st.retreat_spaces?.[k - 1]?.effect);
      const words = `${k}: ${action}${entry ? ` · ${t('sm.retreatHere')}` : ''}`;
      return h('li', {}, h('button', { type: 'button', class: `sm-retreat-space${entry ? ' legal' : ''}`, disabled: !entry || !!m.ctx.busy, title: words, 'aria-label': words,
        dataset: { testid: 'sm-retreat', space: k, legal: !!entry, focusKey: `retreat-${k}` }, onclick: () => env.send(entry) },
      h('b', {}, k === 1 ? '1st' : String(k)), h('span', {}, action),
      owner !== undefined && owner >= 0 ? who(env, owner) : null));
    })),
    market.length && v.phase === 'play' ? h('p', { class: 'small' }, `${t('sm.market')} `, market.map((seat) => seatMarker(seat, 14))) : null);
}

// ---- the players ---------------------------------------------------------------------------------------------------
/** A player's points as the page shows them: once the game is over, the final total the ranking uses (final scoring
 * adds coins, colonists, scholars, goals and ships to the points the game went through), before that the points. */
function pointsShown(v, p, seat) {
  const total = Array.isArray(v.final) ? v.final[seat]?.total : undefined;
  return typeof total === 'number' ? total : p.points ?? 0;
}

function playersPanel(env) {
  const { m } = env;
  const v = m.view;
  return h('section', { class: 'sm-players', dataset: { testid: 'sm-players' } }, h('h3', {}, t('sm.players')),
    h('div', { class: 'sm-player-list' }, m.players.map((p, seat) => {
      const acting = (v.to_act || []).includes(seat);
      const res = p.resources || {};
      const scholar = p.town_hall_scholar ? (env.st.scholars || {})[p.town_hall_scholar] : null;
      return h('article', { class: `sm-player${acting ? ' acting' : ''}${seat === m.me ? ' mine' : ''}`, dataset: { testid: 'sm-player', seat }, style: `--seat-color:${seatColor(seat)}` },
        h('header', {}, who(env, seat), seat === m.me ? h('span', { class: 'tag tag-you' }, t('sm.you')) : null,
          acting && v.phase !== 'over' ? h('span', { class: 'tag tag-act' }, t('seat.toAct')) : null,
          h('span', { class: 'sm-player-score', dataset: { testid: 'sm-player-points', points: pointsShown(v, p, seat) } }, t('sm.pts', { k: pointsShown(v, p, seat) }))),
        h('div', { class: 'sm-player-line' }, smallIcon(coinIcon(), 14), ` ${t('sm.coins', { k: p.coins ?? 0 })} · `,
          RESOURCES.map((r) => h('span', { class: 'sm-res-chip', title: t(`sm.Res.${r}`) }, smallIcon(resourceIcon(r), 14), String(res[r] ?? 0)))),
        h('div', { class: 'sm-player-line small' }, t('sm.whiteUsed', { k: p.white_used ?? 0 }), ' · ', t('sm.blueLine', { u: p.blue_unlocked ?? 1 }),
          ' · ', t('sm.activations', { k: (p.activations ?? 0) + 1 })),
        h('div', { class: 'sm-player-line small' }, t('sm.monks', { k: p.monks ?? 0 }), ' · ',
          (p.retreat ?? -1) >= 0 ? t('sm.retreated', { k: p.retreat + 1 }) : t('sm.onMarket')),
        scholar ? h('div', { class: 'sm-player-line small' }, t('sm.townHallScholar', { name: powerName(scholar.power) })) : null,
        seat !== m.me ? h('div', { class: 'sm-player-line small' }, t('sm.port'), t('sm.colon'), (env.st.docks || []).map((d) => h('span', { class: 'sm-res-chip', title: dockWords(env, d) }, dockIcon(env, d), String(p.port?.[d] ?? 0)))) : null,
        seat !== m.me && p.board ? colony(env, seat) : null);
    })));
}

// ---- the end -------------------------------------------------------------------------------------------------------
function finalPanel(env) {
  const { m } = env;
  const v = m.view;
  const fin = Array.isArray(v.final) ? v.final : [];
  const rows = fin.map((f, seat) => ({ seat, ...f })).sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.seat - b.seat);
  const solo = m.players.length === 1;
  return h('section', { class: 'sm-final', dataset: { testid: 'sm-final' } }, h('h3', {}, t('sm.final')),
    solo && v.solo_won !== undefined ? h('p', { class: `sm-solo ${v.solo_won ? 'won' : 'lost'}`, dataset: { testid: 'sm-solo-result', won: !!v.solo_won } },
      v.solo_won ? t('sm.solo.won') : t('sm.solo.lost')) : null,
    h('div', { class: 'sm-final-scroll' }, h('table', { class: 'ranking sm-final-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('sm.place')), h('th', {}, t('sm.player')), FINAL_PARTS.map((k) => h('th', { class: 'num' }, t(`sm.f.${k}`))), h('th', { class: 'num' }, t('sm.f.total')))),
      h('tbody', {}, rows.map((r) => h('tr', { class: r.seat === m.me ? 'mine' : '', dataset: { testid: 'sm-final-row', seat: r.seat, place: r.place ?? '', score: r.total ?? 0 } },
        h('td', {}, String(r.place ?? '–')), h('td', {}, who(env, r.seat)),
        FINAL_PARTS.map((k) => h('td', { class: 'num' }, String(r[k] ?? 0))), h('td', { class: 'num' }, h('b', {}, String(r.total ?? 0)))))))),
    solo ? h('p', { dataset: { testid: 'sm-goals' } }, `${t('sm.goals')} `,
      (fin[0]?.goals || []).length ? (fin[0].goals).map((g) => h('span', { class: 'sm-goal', dataset: { goal: g } }, t(`sm.goal.${g}`) === `sm.goal.${g}` ? g : t(`sm.goal.${g}`))) : h('span', { class: 'muted' }, t('sm.noGoals'))) : null);
}

function legend() {
  const icon = (node) => smallIcon(node, 16);
  const item = (node, label) => h('span', { class: 'sm-legend-item' }, node, label);
  const terrain = (k) => s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, s('rect', { class: `sm-terrain terrain-${k}`, width: 16, height: 16, rx: 2 }));
  return h('details', { class: 'sm-legend' }, h('summary', {}, t('sm.legend')),
    h('div', { class: 'sm-legend-items' },
      item(s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, s('rect', { class: 'sm-flag', x: 1, y: 1, width: 14, height: 14, rx: 2 })), t('sm.legend.target')),
      ['FOR', 'FRM', 'MTN', 'CTY', 'RD', 'TH', 'free'].map((k) => item(terrain(k), t(`sm.terrain.${k}`))),
      RESOURCES.map((r) => item(icon(resourceIcon(r)), t(`sm.Res.${r}`))),
      item(icon(coinIcon(1)), t('sm.fx.coins', { k: 1 })), item(icon(pointIcon(1)), t('sm.fx.points', { k: 1 })),
      item(icon(shipIcon()), t('sm.fx.ship')), item(icon(religionIcon()), t('sm.fx.religion')), item(icon(conquistadorIcon()), t('sm.fx.conquistador'))));
}
