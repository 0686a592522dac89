// The Costa Ruana table: the islands in SVG round the two Condition cards (treasures, natives by seat), the cards
// laid before each player (face up, face down, natives on them), one's own hand, the players' reserves and the
// final result, all from the seat's view (engine/costa_ruana/costa_ruana.hpp describes it; docs/games/costa-ruana.md
// says what each viewer sees). Acting by pointing, all from ctx.legal (each entry's action is sent as is):
//   - an island, a played card (by slot), a Condition card or a player is flagged when a legal move names it; a
//     click (or Enter) sends that move, or opens a chooser in the action bar when several moves name it (a Move
//     native card: whose native to take from that island);
//   - a card in the hand selects it (card steps); the players before whom it may be laid are then flagged;
//   - Move treasure takes two clicks: the island it leaves (flagged sources), then the island it goes to;
//   - pass, keep (the new shaman stays) and the choosers are buttons of the action bar.
// Every board element carries a stable data-* attribute (data-island, data-slot, data-card, data-seat,
// data-condition) so that a later change can mark the last move on it. The text moves stay under the board.
//
// No server string ever goes in as markup: names and ids go in as text nodes and attributes only.

import { h, fill, svg as s } from '../../dom.js';
import { t, addStrings, getLang } from '../../i18n.js';
import { strings } from './strings.js';
import { seatColor, seatSymbol, seatMarker } from '../../markers.js';
import { linkStylesheet } from '../../stylesheet.js';
import { markChanged, markMovers } from '../../last_moves.js';
import { zoomToTargets } from '../../touch_zoom.js';
import { handDrawer } from '../../drawer.js';

await linkStylesheet(new URL('./renderer.css', import.meta.url));

// ---- words: strings.js, beside this file, in English and French ------------------------------------------
addStrings(strings);

// ---- the view's words ------------------------------------------------------------------------------------
const BACKGROUNDS = ['day', 'night', 'high_tide', 'low_tide'];
const BG_COLOURS = { day: '#f7d774', night: '#2d3e75', high_tide: '#3d8fd1', low_tide: '#d9b37c' };
const BG_INK = { day: '#3b2a00', night: '#ffffff', high_tide: '#ffffff', low_tide: '#3b2500' };

/** The effect code of a card ("p2") -> its kind and amount. */
function effectOf(code) {
  const c = String(code || '');
  if (c === 'mt') return { kind: 'move_treasure', amount: 1 };
  if (c === 'mn') return { kind: 'move_native', amount: 1 };
  if (c[0] === 'p') return { kind: 'place', amount: Number(c.slice(1)) || 1 };
  if (c[0] === 'r') return { kind: 'remove', amount: Number(c.slice(1)) || 1 };
  return { kind: 'unknown', amount: 0 };
}

const bgName = (bg) => (BACKGROUNDS.includes(bg) ? t(`cr.bg.${bg}`) : String(bg ?? ''));
const effectTitle = (code) => (t(`cr.effect.${code}`) === `cr.effect.${code}` ? String(code ?? '?') : t(`cr.effect.${code}`));

function shortTitle(code) {
  const e = effectOf(code);
  if (e.kind === 'place') return t('cr.short.place', { k: e.amount });
  if (e.kind === 'remove') return t('cr.short.remove', { k: e.amount });
  if (e.kind === 'move_treasure') return t('cr.short.mt');
  if (e.kind === 'move_native') return t('cr.short.mn');
  return String(code ?? '?');
}

// ---- SVG pieces (seat colours and shapes: ../../markers.js) ----------------------------------------------
const titled = (el, text) => {
  el.prepend(s('title', {}, text));
  return el;
};

/** A native of `seat`: its colour and its shape. */
function native(seat, r = 7) {
  return seatSymbol(seat, r, { fill: seatColor(seat), stroke: '#1b1b1b', 'stroke-width': 1.3, class: 'cr-native' });
}

/** A treasure chest, ~16 units wide, centred on 0,0. */
function chest() {
  return s('g', { class: 'cr-chest' },
    s('rect', { x: -8, y: -3, width: 16, height: 10, rx: 1.5, fill: '#b5651d', stroke: '#5b2f0a', 'stroke-width': 1.2 }),
    s('path', { d: 'M-8-3Q0-11 8-3Z', fill: '#d4892f', stroke: '#5b2f0a', 'stroke-width': 1.2 }),
    s('rect', { x: -1.8, y: -4, width: 3.6, height: 4.5, fill: '#f2c230', stroke: '#5b2f0a', 'stroke-width': 0.8 }));
}

/** The effect's picture on a card face (a 40 x 40 box centred on 0,0), in `ink`. */
function effectIcon(code, ink) {
  const e = effectOf(code);
  const arrow = s('path', { d: 'M-11 9H9M4 4L10 9L4 14', fill: 'none', stroke: ink, 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  if (e.kind === 'move_treasure') return s('g', {}, s('g', { transform: 'translate(0 -5) scale(1.2)' }, chest()), arrow);
  if (e.kind === 'move_native')
    return s('g', {}, s('g', { transform: 'translate(0 -5)' }, s('circle', { r: 6.5, fill: ink, stroke: ink })), arrow);
  if (e.kind === 'place' || e.kind === 'remove') {
    const sign = e.kind === 'place' ? '+' : '−';
    return s('g', {},
      s('text', { class: 'cr-effect-amount', x: 0, y: 4, 'text-anchor': 'middle', fill: ink }, `${sign}${e.amount}`),
      s('g', { transform: 'translate(0 13)' }, s('circle', { r: 4, fill: ink })));
  }
  return s('text', { x: 0, y: 5, 'text-anchor': 'middle', fill: ink }, '?');
}

/**
 * A card face as a small SVG: background colour, effect picture, short title; `card` null for a face-down card
 * (its back). `natives` are the seats with a native on it. `mine` is one's own face-down card (shown faded).
 */
function cardPicture(card, { natives = [], mine = null, size = 1 } = {}) {
  const face = card || mine;
  const w = 56;
  const ht = 78;
  const body = [];
  if (!card && !mine) {
    body.push(s('rect', { class: 'cr-card-back', x: 1, y: 1, width: w - 2, height: ht - 2, rx: 6 }),
      s('path', { d: `M10 14L${w - 10} ${ht - 14}M${w - 10} 14L10 ${ht - 14}`, class: 'cr-card-back-lines' }),
      s('text', { class: 'cr-card-q', x: w / 2, y: ht / 2 + 7, 'text-anchor': 'middle' }, '?'));
  } else {
    const bg = face.background;
    const ink = BG_INK[bg] || '#222';
    body.push(s('rect', { class: `cr-card-face bg-${bg}`, x: 1, y: 1, width: w - 2, height: ht - 2, rx: 6, fill: BG_COLOURS[bg] || '#ddd' }),
      s('g', { transform: `translate(${w / 2} 28)` }, effectIcon(face.effect, ink)),
      s('text', { class: 'cr-card-title', x: w / 2, y: 56, 'text-anchor': 'middle', fill: ink }, shortTitle(face.effect)));
    if (mine) body.push(s('rect', { class: 'cr-card-veil', x: 1, y: 1, width: w - 2, height: ht - 2, rx: 6 }));
  }
  natives.forEach((seat, i) => {
    const x = 9 + (i % 4) * 12.5;
    const y = ht - 9 - Math.floor(i / 4) * 12;
    body.push(s('g', { transform: `translate(${x} ${y})`, 'data-seat': seat }, native(seat, 5.2)));
  });
  return s('svg', { class: 'cr-card-svg', viewBox: `0 0 ${w} ${ht}`, width: w * size, height: ht * size, 'aria-hidden': 'true' }, body);
}

// ---- the legal moves, grouped by what the player points at -----------------------------------------------
/**
 * What a click on each board element does now. Keys: `island:I3`, `slot:2a`, `seat:1`, `condition:tide`,
 * `card:CR07`; values {entries, pick}: the legal entries it may send (for its title) and what a click does.
 */
function analyse(view, ctx, ui) {
  const legal = Array.isArray(ctx.legal) ? ctx.legal : Array.isArray(view.legal) ? view.legal : [];
  const me = ctx.seat ?? null;
  const myTurn = me !== null && legal.length > 0 && (view.to_act || []).includes(me);
  const by = (type) => legal.filter((e) => e.action?.type === type);
  const m = { legal, me, myTurn, view, ctx, types: new Set(legal.map((e) => e.action?.type)) };
  m.pass = by('pass')[0] || null;
  m.keep = by('keep')[0] || null;
  // The selections still valid: a hand card that can still be laid, a treasure source that still has moves.
  if (ui.card && !by('card').some((e) => e.action.card === ui.card)) ui.card = null;
  if (ui.from && !by('treasure').some((e) => e.action.from === ui.from)) ui.from = null;
  if (ui.whose && !by('take').some((e) => e.action.island === ui.whose)) ui.whose = null;
  m.mode = !myTurn ? (view.step === 'over' ? 'over' : 'wait')
    : m.types.has('card') ? (ui.card ? 'card-target' : 'card')
    : m.types.has('treasure') ? (ui.from ? 'treasure-to' : 'treasure-from')
    : m.types.has('take') ? (ui.whose ? 'take-whose' : 'take')
    : [...m.types].find((x) => x !== 'pass' && x !== 'keep') || (m.keep ? 'shaman' : 'wait');
  if (m.mode === 'place' && view.step === 'setup') m.mode = 'setup';

  const targets = new Map();
  const add = (key, entry, pick) => {
    if (!targets.has(key)) targets.set(key, { entries: [], pick });
    targets.get(key).entries.push(entry);
  };
  const sendOne = (entry) => () => ui.send(entry);
  for (const entry of legal) {
    const a = entry.action || {};
    switch (a.type) {
      case 'place':
      case 'remove':
      case 'to':
        add(`island:${a.island}`, entry, sendOne(entry));
        break;
      case 'take':
        // One owner on the island: sent at once; several: the chooser asks whose.
        add(`island:${a.island}`, entry, () => {
          const here = targets.get(`island:${a.island}`).entries;
          if (here.length === 1) ui.send(here[0]);
          else ui.select({ whose: ui.whose === a.island ? null : a.island });
        });
        break;
      case 'treasure':
        // Two clicks: the source (selected), then a destination; the selected source again drops it.
        if (!ui.from) add(`island:${a.from}`, entry, () => ui.select({ from: a.from }));
        else if (a.from === ui.from && !targets.has(`island:${a.from}`)) add(`island:${a.from}`, entry, () => ui.select({ from: null }));
        else if (a.from === ui.from) add(`island:${a.to}`, entry, sendOne(entry));
        break;
      case 'card':
        add(`card:${a.card}`, entry, () => ui.select({ card: ui.card === a.card ? null : a.card }));
        if (a.card === ui.card) add(`seat:${a.to}`, entry, sendOne(entry));
        break;
      case 'native':
      case 'resolve':
        add(`slot:${a.slot}`, entry, sendOne(entry));
        break;
      case 'flip':
        add(`condition:${a.card}`, entry, sendOne(entry));
        break;
      case 'shaman':
        add(`seat:${a.seat}`, entry, sendOne(entry));
        break;
      default:
        break;
    }
  }
  if (m.mode === 'take-whose') {
    // While choosing whose native, only that island stays flagged (a click there again drops the chooser).
    for (const key of [...targets.keys()]) if (key.startsWith('island:') && key !== `island:${ui.whose}`) targets.delete(key);
  }
  m.targets = targets;
  return m;
}

// ---- per-board state ---------------------------------------------------------------------------------------
const boards = new WeakMap(); // container -> {root, ui, view, staticData, ctx}

/** Draws `view` with the game's `staticData` ({islands, capacity, rounds, catalog}); see ../README.md for ctx. */
export function render(container, view, staticData, ctx) {
  let b = boards.get(container);
  if (!b) {
    b = { root: h('div', { class: 'cr-root', dataset: { testid: 'cr-root' } }), ui: { card: null, from: null, whose: null } };
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
  ui.send = (entry) => {
    if (!entry || ctx.busy) return;
    ui.card = ui.from = ui.whose = null;
    ctx.act(entry.action);
  };
  ui.select = (change) => {
    if (ctx.busy) return;
    Object.assign(ui, change);
    draw(b);
  };
  ui.cancel = () => ui.select({ card: null, from: null, whose: null });
  const m = analyse(view, ctx, ui);
  const focusKey = document.activeElement?.closest?.('[data-focus-key]')?.dataset.focusKey;
  const root = b.root;
  root.dataset.step = view.step || '';
  root.dataset.mode = m.mode;
  root.dataset.myTurn = String(m.myTurn);
  root.dataset.selection = [ui.card, ui.from, ui.whose].filter(Boolean).join(' ');
  root.dataset.round = view.round ?? '';
  root.classList.toggle('busy', !!ctx.busy);
  root.lang = getLang();
  const env = { b, m, ui, view, ctx, name: nameOf(ctx), statics: b.staticData };
  fill(root,
    statusBar(env),
    actionBar(env),
    view.step === 'over' ? finalPanel(env) : null,
    islandsPanel(env),
    handDrawer(handPanel(env), ui, () => draw(b)),
    playersPanel(env));
  // Other players' moves since yours (../../last_moves.js): the islands they changed, their panels.
  const islands = Array.isArray(view.islands) ? view.islands : [];
  markChanged(root, ctx.changedSince, ['islands'], (i) => islands[i] && root.querySelector(`[data-testid=cr-island][data-island="${CSS.escape(String(islands[i].id))}"]`));
  markMovers(root, ctx.changedSince, (seat) => root.querySelector(`[data-testid=cr-player][data-seat="${seat}"]`));
  // On a phone the islands zoom until each flagged target is 44 px (../../touch_zoom.js).
  zoomToTargets(root.querySelector('[data-testid=cr-board]'));
  if (focusKey) root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

const nameOf = (ctx) => (seat) => (ctx.names && ctx.names[seat]) || `#${seat + 1}`;

function who(env, seat) {
  return h('span', { class: 'cr-who', dataset: { seat } }, seatMarker(seat), h('span', { class: 'cr-name' }, env.name(seat)));
}

/** Makes a board element a target when `target` is given: flagged, focusable, clicked or Enter. */
function targetable(el, key, target, label) {
  el.setAttribute('data-flag', String(!!target));
  if (!target) return el;
  el.classList.add('flagged');
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('data-focus-key', key);
  if (label) el.setAttribute('aria-label', label);
  el.addEventListener('click', () => target.pick());
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      target.pick();
    }
  });
  return el;
}

// ---- status and action bar -----------------------------------------------------------------------------------
function statusBar(env) {
  const { view: v, statics } = env;
  const rounds = statics.rounds || 5;
  return h('div', { class: 'cr-status', dataset: { testid: 'cr-status' } },
    h('div', {},
      h('strong', { dataset: { testid: 'cr-round' } }, t('cr.round', { r: v.round ?? 1, of: rounds })),
      ' · ',
      h('span', { dataset: { testid: 'cr-step' } }, t(`cr.step.${v.step}`)),
      v.turn >= 0 && v.step !== 'over' ? [' · ', h('span', { class: 'cr-turn' }, t('cr.toPlay', { name: env.name(v.turn) }))] : null),
    h('div', { class: 'cr-status-line small' },
      h('span', { class: 'cr-shaman-tag' }, t('cr.shamanIs')), ' ', who(env, v.shaman ?? 0),
      h('span', { class: 'muted' }, ` · ${t('cr.pile', { k: v.pile ?? 0 })} · ${t('cr.discards', { k: (v.discards || []).length })}`)));
}

function actionBar(env) {
  const { m, ui, view: v } = env;
  const button = (label, testid, onclick, extra = {}) =>
    h('button', { type: 'button', class: extra.class || '', disabled: !!m.ctx.busy, dataset: { testid, ...(extra.dataset || {}) }, onclick }, label);
  const r = v.resolving || null;
  const left = r?.units_left ?? 1;
  const takenIsland = r?.taken?.island;
  let prompt = '';
  const buttons = [];
  switch (m.mode) {
    case 'over':
      prompt = t('cr.prompt.over');
      break;
    case 'wait':
      if (m.ctx.status === 'replay') {
        prompt = t('replay.toPlay', { names: v.turn >= 0 ? env.name(v.turn) : '' });
        break;
      }
      prompt = m.me === null ? t('cr.prompt.watch') : '';
      if (v.turn >= 0) prompt = `${prompt} ${t('cr.prompt.wait', { name: env.name(v.turn) })}`.trim();
      break;
    case 'card':
      prompt = t(v.step === 'card_down' ? 'cr.prompt.card_down' : 'cr.prompt.card_up');
      break;
    case 'card-target':
      prompt = t('cr.prompt.cardTarget');
      buttons.push(button(t('cr.cancel'), 'cr-cancel', ui.cancel));
      break;
    case 'treasure-to':
      prompt = t('cr.prompt.treasureTo', { island: ui.from });
      buttons.push(button(t('cr.cancel'), 'cr-cancel', ui.cancel));
      break;
    case 'treasure-from':
      prompt = t('cr.prompt.treasureFrom');
      break;
    case 'take-whose':
      prompt = t('cr.prompt.takeWhose', { island: ui.whose });
      for (const entry of m.targets.get(`island:${ui.whose}`)?.entries || [])
        buttons.push(button([seatMarker(entry.action.seat), ' ', env.name(entry.action.seat)], 'cr-choice', () => ui.send(entry),
          { class: 'primary cr-choice', dataset: { seat: entry.action.seat } }));
      buttons.push(button(t('cr.cancel'), 'cr-cancel', ui.cancel));
      break;
    case 'to':
      prompt = t('cr.prompt.to', { island: takenIsland ?? '?' });
      break;
    case 'place':
    case 'remove':
      prompt = t(`cr.prompt.${m.mode}`, { left });
      break;
    default:
      prompt = t(`cr.prompt.${m.mode}`);
  }
  if (r && v.step === 'resolve' && m.mode === 'wait') prompt = `${t('cr.resolving', { slot: r.slot, name: env.name(r.seat) })} ${prompt}`;
  if (m.myTurn && m.pass) buttons.unshift(button(t('cr.pass'), 'cr-pass', () => ui.send(m.pass), { class: 'primary' }));
  if (m.myTurn && m.keep) buttons.unshift(button(t('cr.keep'), 'cr-keep', () => ui.send(m.keep), { class: 'primary' }));
  return h('div', { class: `cr-actionbar${m.myTurn ? ' my-turn' : ''}`, dataset: { testid: 'cr-actionbar' }, role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'cr-prompt', dataset: { testid: 'cr-prompt' } }, prompt),
    buttons.length ? h('span', { class: 'cr-buttons' }, buttons) : null);
}

// ---- the islands round the Condition cards -------------------------------------------------------------------
const SIZE = 360;
const ISLAND_R = 33;

function islandsPanel(env) {
  const { m, view: v, statics } = env;
  const islands = Array.isArray(v.islands) ? v.islands : [];
  const cap = statics.capacity || 7;
  const count = islands.length || 1;
  const ring = SIZE / 2 - ISLAND_R - 6;
  const taken = v.resolving?.taken || null;
  const layer = s('g', { class: 'cr-islands' });
  islands.forEach((island, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / count;
    const x = SIZE / 2 + ring * Math.cos(a);
    const y = SIZE / 2 + ring * Math.sin(a);
    const natives = Array.isArray(island.natives) ? island.natives : [];
    const total = natives.reduce((sum, k) => sum + (k || 0), 0);
    const key = `island:${island.id}`;
    const target = m.targets.get(key);
    const g = s('g', {
      class: ['cr-island', total >= cap ? 'full' : '', env.ui.from === island.id || env.ui.whose === island.id ? 'chosen' : ''].filter(Boolean).join(' '),
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      'data-testid': 'cr-island',
      'data-island': island.id,
      'data-treasures': island.treasures ?? 0,
      'data-natives': natives.join(','),
    });
    const here = natives.map((k, seat) => [seat, k]).filter(([, k]) => k > 0);
    const description = [t('cr.island', { id: island.id }), t('cr.treasures', { k: island.treasures ?? 0 }), t('cr.capacity', { k: total, cap }),
      ...here.map(([seat, k]) => `${env.name(seat)}: ${t('cr.natives', { k })}`)].join(' · ');
    titled(g, target ? `${description} · ${t('cr.flag')}` : description);
    g.append(s('circle', { class: 'cr-hit', r: ISLAND_R + 6 }), s('circle', { class: 'cr-island-shape', r: ISLAND_R }));
    g.append(s('text', { class: 'cr-island-id', x: 0, y: -ISLAND_R + 12, 'text-anchor': 'middle' }, island.id));
    if ((island.treasures ?? 0) > 0)
      g.append(s('g', { class: 'cr-treasure', transform: 'translate(-8 -9)' }, chest()),
        s('text', { class: 'cr-treasure-count', x: 3, y: -4 }, `×${island.treasures}`));
    // Natives by seat: the seat's shape and the count, three to a row.
    here.forEach(([seat, k], j) => {
      const cx = -20 + (j % 3) * 20;
      const cy = 8 + Math.floor(j / 3) * 14;
      const piece = s('g', { class: 'cr-island-natives', transform: `translate(${cx} ${cy})`, 'data-seat': seat, 'data-count': k }, native(seat, 5.5),
        s('text', { class: 'cr-native-count', x: 6.5, y: 4 }, String(k)));
      if (taken && taken.island === island.id && taken.seat === seat) piece.classList.add('taken');
      g.append(piece);
    });
    if (target) g.append(s('circle', { class: 'cr-flag-ring', r: ISLAND_R + 3 }));
    layer.append(targetable(g, key, target, `${description} · ${t('cr.flag')}`));
  });

  const conditions = v.conditions || {};
  const condition = (which, face, x) => {
    const key = `condition:${which}`;
    const target = env.m.targets.get(key);
    const ink = BG_INK[face] || '#222';
    const g = s('g', { class: 'cr-condition', transform: `translate(${x} ${SIZE / 2})`, 'data-testid': 'cr-condition', 'data-condition': which, 'data-face': face || '' },
      s('rect', { class: 'cr-condition-card', x: -30, y: -40, width: 60, height: 80, rx: 7, fill: BG_COLOURS[face] || '#ddd' }),
      s('text', { class: 'cr-condition-kind', x: 0, y: -24, 'text-anchor': 'middle', fill: ink }, t(`cr.condition.${which}`)),
      conditionIcon(face, ink),
      s('text', { class: 'cr-condition-face', x: 0, y: 30, 'text-anchor': 'middle', fill: ink }, bgName(face)));
    const label = `${t(`cr.condition.${which}`)}: ${bgName(face)}`;
    titled(g, target ? `${label} · ${t('cr.flipIt')}` : label);
    if (target) g.append(s('rect', { class: 'cr-flag-ring', x: -34, y: -44, width: 68, height: 88, rx: 9 }));
    return targetable(g, key, target, `${label} · ${t('cr.flipIt')}`);
  };
  const svgEl = s('svg', { class: 'cr-map', viewBox: `0 0 ${SIZE} ${SIZE}`, role: 'group', 'aria-label': t('cr.board'), 'data-testid': 'cr-board' },
    s('circle', { class: 'cr-sea', cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 1 }),
    condition('tide', conditions.tide, SIZE / 2 - 34),
    condition('time', conditions.time, SIZE / 2 + 34),
    layer);
  return h('section', { class: 'cr-board-panel' }, svgEl, legend());
}

function conditionIcon(face, ink) {
  switch (face) {
    case 'day':
      return s('g', { transform: 'translate(0 3)' }, s('circle', { r: 8, fill: ink }),
        s('path', { d: 'M0-14V-11M0 11V14M-14 0H-11M11 0H14M-10-10L-8-8M8 8L10 10M-10 10L-8 8M8-8L10-10', stroke: ink, 'stroke-width': 2, 'stroke-linecap': 'round' }));
    case 'night':
      return s('g', { transform: 'translate(-2 2)' }, s('circle', { r: 10, fill: ink }), s('circle', { cx: 5, cy: -3, r: 8.5, fill: BG_COLOURS.night }));
    case 'high_tide':
      return s('path', { d: 'M-14-4Q-7-10 0-4T14-4M-14 4Q-7-2 0 4T14 4M-14 12Q-7 6 0 12T14 12', fill: 'none', stroke: ink, 'stroke-width': 2.2, transform: 'translate(0 -2)' });
    case 'low_tide':
      return s('g', { transform: 'translate(0 2)' }, s('path', { d: 'M-14 6Q-7 0 0 6T14 6', fill: 'none', stroke: ink, 'stroke-width': 2.2 }),
        s('path', { d: 'M-12-2H12', stroke: ink, 'stroke-width': 2, 'stroke-dasharray': '3 3' }));
    default:
      return s('text', { y: 5, 'text-anchor': 'middle', fill: ink }, '?');
  }
}

function legend() {
  const icon = (body) => s('svg', { viewBox: '-10 -10 20 20', width: 18, height: 18, 'aria-hidden': 'true' }, body);
  const item = (node, label) => h('span', { class: 'cr-legend-item' }, node, label);
  return h('details', { class: 'cr-legend' }, h('summary', {}, t('cr.legend')),
    h('div', { class: 'cr-legend-items' },
      item(icon(s('circle', { r: 8, class: 'cr-flag-ring' })), t('cr.legend.flag')),
      item(icon(s('g', { transform: 'scale(0.9)' }, chest())), t('cr.legend.treasure')),
      BACKGROUNDS.map((bg) => item(icon(s('rect', { x: -7, y: -9, width: 14, height: 18, rx: 2, fill: BG_COLOURS[bg], stroke: '#333' })), bgName(bg)))));
}

// ---- cards on the table and in the hand --------------------------------------------------------------------
/** One played card (by slot): face up, face down, or one's own face-down card shown faded. */
function playedCard(env, p, ownFaceDown) {
  const { m, view: v } = env;
  const key = `slot:${p.slot}`;
  const target = m.targets.get(key);
  const up = p.card && typeof p.card === 'object' ? p.card : null;
  const mine = !up ? ownFaceDown.get(p.slot) || null : null;
  const active = up ? [v.conditions?.tide, v.conditions?.time].includes(up.background) : null;
  const natives = Array.isArray(p.natives) ? p.natives : [];
  const resolving = v.resolving?.slot === p.slot;
  const bits = [t('cr.slot', { slot: p.slot }),
    up ? `${effectTitle(up.effect)} (${bgName(up.background)})` : mine ? `${t('cr.yourFaceDown')}: ${effectTitle(mine.effect)} (${bgName(mine.background)})` : t('cr.faceDown'),
    t('cr.laidBy', { name: env.name(p.by) })];
  if (natives.length) bits.push(t('cr.nativesOn', { list: natives.map(env.name).join(', ') }));
  if (up && !active && v.step === 'resolve') bits.push(t('cr.inactive'));
  const label = bits.join(' · ');
  const el = h(target ? 'button' : 'div', {
    type: target ? 'button' : null,
    class: ['cr-card', up ? 'up' : 'down', mine ? 'mine' : '', resolving ? 'resolving' : ''].filter(Boolean).join(' '),
    title: label,
    dataset: { testid: 'cr-slot', slot: p.slot, by: p.by, to: p.to, card: up?.id ?? (mine?.id || 'face_down') },
    disabled: target ? !!m.ctx.busy : null,
  }, cardPicture(up, { natives, mine }), h('span', { class: 'cr-slot-name' }, p.slot));
  el.dataset.flag = String(!!target);
  if (target) {
    el.classList.add('flagged');
    el.dataset.focusKey = key;
    el.setAttribute('aria-label', `${label} · ${t('cr.flag')}`);
    el.addEventListener('click', () => target.pick());
  }
  return el;
}

/** Why a card of one's hand cannot be laid now, as far as the view tells (issue 12 point 10), or null. */
function whyNotLaid(env) {
  const { m, view: v } = env;
  if (v.step === 'over') return null;
  if (!m.myTurn) {
    const waiting = (v.to_act || []).filter((seat) => seat !== m.me);
    return waiting.length ? t('cr.why.notYourTurn', { name: waiting.map(env.name).join(', ') }) : null;
  }
  if (v.step !== 'card_up' && v.step !== 'card_down') return t('cr.why.notNow', { step: t(`cr.step.${v.step}`) });
  return t('cr.why.lowest');  // a card step, and a same card with a lower number is the one offered
}

function handPanel(env) {
  const { m, ui, view: v } = env;
  const you = v.you;
  if (m.me === null || !you) return null;
  const hand = Array.isArray(you.hand) ? you.hand : [];
  const cards = hand.map((card) => {
    const key = `card:${card.id}`;
    const target = m.targets.get(key);
    const label = `${effectTitle(card.effect)} (${bgName(card.background)})`;
    const why = target ? null : whyNotLaid(env);
    const el = h('button', {
      type: 'button',
      class: ['cr-card', 'in-hand', target ? 'flagged' : '', ui.card === card.id ? 'selected' : ''].filter(Boolean).join(' '),
      title: why ? `${label} · ${why}` : label,
      'aria-label': why ? `${label} · ${why}` : label,
      'aria-pressed': String(ui.card === card.id),
      disabled: !target || !!m.ctx.busy,
      dataset: { testid: 'cr-hand-card', card: card.id, name: card.name ?? '', flag: !!target, focusKey: key, ...(why ? { why } : {}) },
      onclick: () => target && target.pick(),
    }, cardPicture(card));
    return el;
  });
  return h('section', { class: `cr-hand${m.myTurn ? ' my-turn' : ''}`, dataset: { testid: 'cr-hand' } },
    h('h3', {}, who(env, m.me), ' · ', t('cr.hand'), ` · ${t('cr.hut', { k: you.hut ?? 0 })}`),
    cards.length ? h('div', { class: 'cr-cards' }, cards) : h('p', { class: 'muted small' }, t('cr.emptyHand')));
}

function playersPanel(env) {
  const { m, view: v } = env;
  const count = Math.max((v.reserves || []).length, (v.hands || []).length, (env.ctx.names || []).length);
  const played = Array.isArray(v.played) ? v.played : [];
  const ownFaceDown = new Map((v.you?.face_down || []).map((f) => [f.slot, f.card]));
  const huts = v.final?.huts;
  return h('section', { class: 'cr-players', dataset: { testid: 'cr-players' } }, h('h3', {}, t('cr.players')),
    h('div', { class: 'cr-player-list' }, Array.from({ length: count }, (_, seat) => {
      const key = `seat:${seat}`;
      const target = m.targets.get(key);
      const entry = target?.entries[0];
      const targetLabel = entry?.action.type === 'shaman' ? t('cr.nameShaman', { name: env.name(seat) }) : t('cr.layBefore', { name: env.name(seat) });
      const before = played.filter((p) => p.to === seat);
      const acting = (v.to_act || []).includes(seat);
      const hut = seat === m.me ? v.you?.hut : huts?.[seat];
      const head = h(target ? 'button' : 'div', {
        type: target ? 'button' : null,
        class: `cr-player-head${target ? ' flagged' : ''}`,
        disabled: target ? !!m.ctx.busy : null,
        'aria-label': target ? targetLabel : null,
        title: target ? targetLabel : null,
        dataset: { testid: 'cr-seat', seat, flag: !!target, focusKey: target ? key : null },
        onclick: target ? () => target.pick() : null,
      }, who(env, seat),
      seat === v.shaman ? h('span', { class: 'tag tag-shaman' }, t('cr.shaman')) : null,
      seat === m.me ? h('span', { class: 'tag tag-you' }, t('cr.you')) : null,
      acting && v.step !== 'over' ? h('span', { class: 'tag tag-act' }, t('seat.toAct')) : null,
      target ? h('span', { class: 'cr-target-hint' }, targetLabel) : null);
      return h('article', { class: `cr-player${acting ? ' acting' : ''}${seat === m.me ? ' mine' : ''}`, dataset: { testid: 'cr-player', seat }, style: `--seat-color:${seatColor(seat)}` },
        head,
        h('div', { class: 'cr-player-line small' },
          h('span', { dataset: { testid: 'cr-reserve' } }, t('cr.reserve', { k: v.reserves?.[seat] ?? 0 })),
          h('span', {}, t('cr.handCount', { k: v.hands?.[seat] ?? 0 })),
          h('span', {}, t('cr.awards', { k: v.awards?.[seat] ?? 0 })),
          hut !== undefined && hut !== null ? h('span', {}, t('cr.hut', { k: hut })) : null),
        before.length ? h('div', { class: 'cr-cards' }, before.map((p) => playedCard(env, p, ownFaceDown)))
          : h('p', { class: 'muted small cr-no-cards' }, t('cr.noCards')));
    })));
}

// ---- the end ------------------------------------------------------------------------------------------------
function finalPanel(env) {
  const { m, view: v } = env;
  const f = v.final || {};
  const scores = f.scores || [];
  const rows = scores.map((score, seat) => ({ seat, score, place: f.places?.[seat] ?? null }))
    .sort((a, c) => (a.place ?? 99) - (c.place ?? 99) || a.seat - c.seat);
  return h('section', { class: 'cr-final', dataset: { testid: 'cr-final' } }, h('h3', {}, t('cr.final')),
    h('table', { class: 'ranking' },
      h('thead', {}, h('tr', {}, h('th', {}, t('cr.place')), h('th', {}, t('cr.player')), h('th', {}, t('cr.treasureCol')),
        h('th', {}, t('cr.reserveCol')), h('th', {}, t('cr.score')))),
      h('tbody', {}, rows.map((r) => h('tr', { class: r.seat === m.me ? 'mine' : '', dataset: { testid: 'cr-final-row', seat: r.seat, place: r.place ?? '', score: r.score } },
        h('td', {}, r.place ?? '–'), h('td', {}, who(env, r.seat)), h('td', { class: 'num' }, String(f.treasures?.[r.seat] ?? '–')),
        h('td', { class: 'num' }, String(v.reserves?.[r.seat] ?? '–')), h('td', { class: 'num' }, String(r.score)))))));
}
