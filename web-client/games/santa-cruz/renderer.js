// The Santa Cruz board: the island in SVG from the seat's view (engine/santa_cruz/santa_cruz.hpp describes the
// view), the score track, every player's panel, one's own hand, the sets or piles being chosen, the final
// result; and acting by pointing at what view.legal allows:
//   - a construction card in the hand selects it; flags then mark the sites where it can build; a click on a
//     flagged site builds there. Without a selection every site some card can build on is flagged; a site that
//     several cards can reach asks which card (a small chooser in the action bar).
//   - the double card asks for the kind of both builds; its builds are then flagged sites.
//   - a card that can build nothing ({"type":"play"}) asks for confirmation in an in-page dialog first.
//   - score cards, sets, piles, discards and pass are buttons that send their move in one click.
// Everything stays possible by typing /play <text>, and the plain move buttons stay under the board.
//
// The geometry comes from the game's static data (`staticData.map`, sent with every full state: {width, height,
// sites: [{id, kind, x, y}], roads, rivers}, coordinates in a width x height box, edges as pairs of site ids),
// the component facts from `staticData.catalog`. Without a map (an older server) everything but the island is
// drawn, and the text moves stay under the board.
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

// The stylesheet of this board, loaded with the module (the first draw waits for it, at most one second).
await linkStylesheet(new URL('./renderer.css', import.meta.url));

// ---- words: strings.js, beside this file, in English and French ------------------------------------------
addStrings(strings);

// ---- components (engine/santa_cruz/components.json: what the view names but does not spell out) ----------
const KINDS = ['ship', 'river', 'road', 'double'];
const BUILD_KINDS = ['ship', 'river', 'road'];
const BUILDINGS = ['house', 'church', 'lighthouse'];
// The component facts (score cards, set contents, bird values) come from the view's `catalog`, which the
// engine fills from engine/santa_cruz/components.json: a correction there reaches the page with no change here.
// Only the words are the page's own: card titles and the sentence for each kind of condition, in each language
// (strings.js: sc.card.*, sc.where.*, sc.cond.*).
let CATALOG = {};
const setComposition = (letter) => CATALOG.sets?.[letter] || [];
const birdValue = (species) => CATALOG.bird_values?.[species] ?? '?';

/** Title, sentence and short badge of a score card ({id, name} in the view), from the catalogue. */
function cardInfo(card, rules) {
  const c = CATALOG.score_cards?.[card?.name];
  if (!c) return { title: card?.name || card?.id || '?', text: '', value: '' };
  const titleKey = `sc.card.${card.name}`;
  const title = t(titleKey) === titleKey ? c.title : t(titleKey);
  const v = c.value_by_rules ? (c.value_by_rules[rules] ?? c.value_by_rules.online) : c.value;
  const res = (c.resources || []).map((r) => t(`sc.res.${r}`));
  const fish = (c.resources || []).includes('fish');
  const params = { v: String(v).replace('-', '−'), v1: c.value_one, n: c.count, a: res[0], b: res[1],
    where: c.where ? t(`sc.where.${c.where}`) : '' };
  const condKey = `sc.cond.${c.condition}`;
  const text = (t(condKey) === condKey ? '' : t(condKey, params)) + (fish ? t('sc.cond.fish') : '');
  const perBuilding = ['per_site', 'birds', 'eruption'].includes(c.condition);
  const badge = `${params.v}${c.value_one !== undefined ? `/${c.value_one}` : ''}${perBuilding ? '×' : ''}${fish ? '+' : ''}`;
  return { title, text, value: badge };
}

// ---- SVG helpers (seat colours and shapes: ../../markers.js) --------------------------------------------
const titled = (el, text) => {
  el.prepend(s('title', {}, text));
  return el;
};

// Building silhouettes in a 24-unit box centred on 0,0.
const BUILDING_PATHS = {
  house: 'M-8 9V-1L0-9L8-1V9Z',
  church: 'M-10 9V0L-5-5L0 0V-7L3-11L6-7V9ZM3-16V-11M1-14H5',
  lighthouse: 'M-5.5 9L-3-4H-4.5V-8L0-12L4.5-8V-4H3L5.5 9Z',
};

function buildingGlyph(type, attrs) {
  return s('path', { d: BUILDING_PATHS[type] || BUILDING_PATHS.house, 'stroke-linejoin': 'round', ...attrs });
}

/** A building piece of `seat` (its colour, and its symbol in white inside). */
function piece(seat, type, x, y, scale = 1) {
  return s(
    'g',
    { class: 'sc-piece', transform: `translate(${x} ${y}) scale(${scale})`, 'data-owner': seat },
    buildingGlyph(type, { fill: seatColor(seat), stroke: '#fff', 'stroke-width': 2.2 }),
    buildingGlyph(type, { fill: 'none', stroke: '#1b1b1b', 'stroke-width': 0.9 }),
    s('g', { transform: 'translate(0 3)' }, seatSymbol(seat, 3.6, { fill: '#fff', stroke: '#1b1b1b', 'stroke-width': 0.6 })),
  );
}

// Resource icons, ~14 units wide, centred on 0,0.
function resourceIcon(resource) {
  switch (resource) {
    case 'sheep':
      return s('g', {}, s('ellipse', { rx: 6, ry: 4.5, fill: '#fff', stroke: '#333', 'stroke-width': 1.2 }),
        s('circle', { cx: 6, cy: -2, r: 2.6, fill: '#333' }),
        s('path', { d: 'M-3 4V7M3 4V7', stroke: '#333', 'stroke-width': 1.4 }));
    case 'wood':
      return s('g', {}, s('rect', { x: -1.5, y: 2, width: 3, height: 5.5, fill: '#7a4a1c' }),
        s('polygon', { points: '0,-7.5 6,3 -6,3', fill: '#2e7d32', stroke: '#1b5e20', 'stroke-width': 1 }));
    case 'sugar':
      return s('g', {}, s('path', { d: 'M-3 7V-7M2 7V-6', stroke: '#7cb342', 'stroke-width': 2.6 }),
        s('path', { d: 'M-4.3 -2H-1.7M-4.3 3H-1.7M0.7 -1H3.3M0.7 4H3.3', stroke: '#33691e', 'stroke-width': 1 }),
        s('path', { d: 'M2 -6C5 -8 7 -7 7 -5', fill: 'none', stroke: '#558b2f', 'stroke-width': 1.2 }));
    case 'gold':
      return s('polygon', { points: '-6.5,4.5 -4,-3.5 4,-3.5 6.5,4.5', fill: '#f2c230', stroke: '#8d6e00', 'stroke-width': 1.2 });
    case 'fish':
      return s('g', {}, s('path', { d: 'M-6 0C-3-5 3-5 5 0C3 5-3 5-6 0ZM4 0L8-4V4Z', fill: '#1e6bb8', stroke: '#0d3c6b', 'stroke-width': 0.8 }),
        s('circle', { cx: -3, cy: -1, r: 0.9, fill: '#fff' }));
    default:
      return null;
  }
}

function birdDisc() {
  return s('g', { class: 'sc-bird-disc' }, s('circle', { r: 6.5, fill: '#2b6cb0', stroke: '#fff', 'stroke-width': 1.3 }),
    s('path', { d: 'M-4-0.5Q-2-3 0 0Q2-3 4-0.5', fill: 'none', stroke: '#fff', 'stroke-width': 1.4, 'stroke-linecap': 'round' }));
}

function kindIcon(kind, size = 22) {
  const body = {
    ship: [s('path', { d: 'M-9 3H9L6 8H-6Z', fill: '#6d4c41' }), s('path', { d: 'M0 2V-9L7 1Z', fill: '#fafafa', stroke: '#555', 'stroke-width': 0.8 }),
      s('path', { d: 'M-1 2V-7L-6 1Z', fill: '#e0e0e0', stroke: '#555', 'stroke-width': 0.8 })],
    river: [s('path', { d: 'M-9-4Q-4.5-8 0-4T9-4M-9 2Q-4.5-2 0 2T9 2M-9 8Q-4.5 4 0 8T9 8', fill: 'none', stroke: '#1e6bb8', 'stroke-width': 2 })],
    road: [s('path', { d: 'M-8 9L-3-9M8 9L3-9', stroke: '#6d4c41', 'stroke-width': 1.6 }),
      s('path', { d: 'M0 8V5M0 1V-2M0-5V-8', stroke: '#a1887f', 'stroke-width': 1.8 })],
    double: [s('text', { x: 0, y: 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: 'currentColor' }, '×2')],
  }[kind];
  return s('svg', { class: `sc-kind-icon kind-${kind}`, viewBox: '-10 -10 20 20', width: size, height: size, 'aria-hidden': 'true' }, body);
}

function buildingIcon(type, seat, size = 16) {
  const fill = seat === null || seat === undefined ? 'currentColor' : seatColor(seat);
  return s('svg', { class: 'sc-building-icon', viewBox: '-12 -17 24 27', width: size, height: size * 1.1, 'aria-hidden': 'true' },
    buildingGlyph(type, { fill, stroke: '#1b1b1b', 'stroke-width': 1 }));
}

// ---- the view -----------------------------------------------------------------------------------------------
/** "<kind> face_down" or "<kind> <building> <points>[ <resource>][ +<fish>][ bird]" -> an object. */
function parseSite(code) {
  const parts = String(code || '').split(' ');
  const site = { kind: parts[0] || 'land', faceDown: parts[1] === 'face_down' || parts.length < 3 };
  if (site.faceDown) return site;
  site.building = parts[1];
  site.points = Number(parts[2]);
  site.resource = null;
  site.fish = 0;
  site.bird = false;
  for (const p of parts.slice(3)) {
    if (p === 'bird') site.bird = true;
    else if (p.startsWith('+')) site.fish = Number(p.slice(1));
    else site.resource = p;
  }
  return site;
}

function describeSite(id, site, owners, name) {
  const bits = [`${id} · ${t(`sc.site.${site.kind}`)}`];
  if (site.faceDown) bits.push(t('sc.faceDown'));
  else {
    bits.push(`${t(`sc.building.${site.building}`)}, ${t('sc.points', { p: site.points })}`);
    if (site.resource) bits.push(t(`sc.res.${site.resource}`));
    if (site.fish) bits.push(t('sc.fishBonus', { n: site.fish }));
    if (site.bird) bits.push(t('sc.birdDisc'));
  }
  if (owners.length) bits.push(t('sc.builtBy', { names: owners.map(name).join(', ') }));
  return bits.join(' · ');
}

/** Groups view.legal by what the player points at. */
function analyse(view, ctx) {
  const legal = Array.isArray(ctx.legal) ? ctx.legal : Array.isArray(view.legal) ? view.legal : [];
  const me = ctx.seat ?? null;
  const m = {
    view,
    ctx,
    me,
    legal,
    players: Array.isArray(view.players) ? view.players : [],
    myTurn: me !== null && legal.length > 0 && (view.to_act || []).includes(me),
    bySite: new Map(), // site -> [legal entries with that site]
    builds: { ship: [], river: [], road: [] },
    doubles: new Map(), // kind -> entry
    plays: new Map(), // card kind -> entry
    scores: new Map(), // card id -> entry
    discards: new Map(),
    sets: new Map(),
    piles: new Map(),
    pass: null,
  };
  for (const entry of legal) {
    const a = entry.action || {};
    switch (a.type) {
      case 'land':
      case 'build':
        if (!m.bySite.has(a.site)) m.bySite.set(a.site, []);
        m.bySite.get(a.site).push(entry);
        if (a.type === 'build' && m.builds[a.card]) m.builds[a.card].push(entry);
        break;
      case 'double':
        m.doubles.set(a.kind, entry);
        break;
      case 'play':
        m.plays.set(a.card, entry);
        break;
      case 'score':
        m.scores.set(a.card, entry);
        break;
      case 'discard':
        m.discards.set(a.card, entry);
        break;
      case 'choose_set':
        m.sets.set(a.set, entry);
        break;
      case 'choose_pile':
        m.piles.set(a.set, entry);
        break;
      case 'pass':
        m.pass = entry;
        break;
      default:
        break;
    }
  }
  return m;
}

/** Whether a construction card of `kind` does anything if clicked now. */
function cardPlayable(m, kind) {
  if (kind === 'double') return m.doubles.size > 0 || m.plays.has('double');
  return (m.builds[kind] || []).length > 0 || m.plays.has(kind);
}

/** What the player is doing now: the step that decides what is flagged and what the action bar says. */
function modeOf(m, ui) {
  const v = m.view;
  if (v.phase === 'over') return 'over';
  if (!m.myTurn) return 'wait';
  if (v.phase === 'choose_set') return 'set';
  if (v.phase === 'choose_pile') return 'pile';
  if (v.phase === 'discard') return 'discard';
  if (v.phase === 'landing') return 'land';
  if (v.pending_double) return 'double-build';
  if (ui.siteChoice) return 'site-choice';
  if (ui.selected === 'double') return 'double-kind';
  if (ui.selected) return 'card-selected';
  return 'card';
}

/** Site -> the legal entries a click there may send, in this mode. */
function flagged(m, mode, ui) {
  if (mode === 'land' || mode === 'double-build' || mode === 'card') return m.bySite;
  if (mode === 'site-choice') return new Map([[ui.siteChoice, m.bySite.get(ui.siteChoice) || []]]);
  if (mode === 'card-selected') {
    const out = new Map();
    for (const entry of m.builds[ui.selected] || []) out.set(entry.action.site, [entry]);
    return out;
  }
  return new Map();
}

// ---- per-board state ----------------------------------------------------------------------------------------
const boards = new WeakMap(); // container -> {root, dialog, ui, view, staticData, ctx}

/**
 * Draws `view` (this seat's or the spectator's) with the game's `staticData` ({map, catalog}); see
 * ../README.md for ctx. Called again with the same container on every new view.
 */
export function render(container, view, staticData, ctx) {
  let b = boards.get(container);
  if (!b) {
    b = {
      root: h('div', { class: 'sc-root', dataset: { testid: 'sc-root' } }),
      dialog: h('dialog', { class: 'sc-dialog', dataset: { testid: 'sc-confirm' } }),
      ui: { selected: null, siteChoice: null, zoom: false },
      confirm: null,
    };
    b.dialog.addEventListener('close', () => {
      b.confirm = null;
    });
    fill(container, b.root, b.dialog);
    boards.set(container, b);
  }
  b.view = view && typeof view === 'object' ? view : {};
  b.staticData = staticData && typeof staticData === 'object' ? staticData : {};
  CATALOG = b.staticData.catalog || {};
  b.ctx = ctx;
  draw(b);
}

function draw(b) {
  const { view, ctx, ui } = b;
  const m = analyse(view, ctx);
  // A selection that no longer applies (the move was made, the turn passed) is dropped.
  if (!m.myTurn || view.phase !== 'play' || view.pending_double) {
    ui.selected = null;
    ui.siteChoice = null;
  }
  if (ui.selected && ui.selected !== 'double' && !(m.builds[ui.selected] || []).length) ui.selected = null;
  if (ui.selected === 'double' && m.doubles.size === 0) ui.selected = null;
  if (ui.siteChoice && (m.bySite.get(ui.siteChoice) || []).length < 2) ui.siteChoice = null;
  if (b.confirm && !m.legal.some((e) => e.action === b.confirm.action || sameAction(e.action, b.confirm.action))) b.dialog.close();

  const given = b.staticData.map;
  const map = given && Array.isArray(given.sites) && given.width > 0 && given.height > 0 ? given : null;
  const mode = modeOf(m, ui);
  const focusKey = document.activeElement?.closest?.('[data-focus-key]')?.dataset.focusKey;
  b.root.dataset.phase = view.phase || '';
  b.root.dataset.mode = mode;
  b.root.dataset.myTurn = String(m.myTurn);
  b.root.dataset.round = view.round ?? '';
  b.root.classList.toggle('busy', !!ctx.busy);
  b.root.lang = getLang();

  const send = (entry) => {
    if (!entry || ctx.busy) return;
    ui.selected = null;
    ui.siteChoice = null;
    ctx.act(entry.action);
  };
  const redraw = () => draw(b);
  const env = { b, m, ui, mode, send, redraw, name: nameOf(ctx), map };

  fill(
    b.root,
    h('div', { class: 'sc-top' }, statusBar(env), trackPanel(env)),
    actionBar(env),
    view.phase === 'over' ? finalPanel(env) : null,
    choicePanel(env),
    handDrawer(handPanel(env), ui, redraw),
    map ? boardPanel(env) : h('p', { class: 'sc-no-map muted', dataset: { testid: 'sc-no-map' } }, t('sc.noMap')),
    playersPanel(env),
  );
  // Other players' moves since yours (../../last_moves.js): the sites they built or revealed, their panels.
  const site = (id) => b.root.querySelector(`[data-testid=sc-site][data-site="${CSS.escape(String(id))}"]`);
  markChanged(b.root, ctx.changedSince, ['board'], site);
  markChanged(b.root, ctx.changedSince, ['buildings'], site);
  markMovers(b.root, ctx.changedSince, (seat) => b.root.querySelector(`[data-testid=sc-player][data-seat="${CSS.escape(String(seat))}"]`));
  // On a phone the island zooms until each flagged site is a 44 px target (../../touch_zoom.js).
  zoomToTargets(b.root.querySelector('[data-testid=sc-board]'));
  if (focusKey) b.root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const nameOf = (ctx) => (seat) => (ctx.names && ctx.names[seat]) || `#${seat + 1}`;

function who(env, seat) {
  return h('span', { class: 'sc-who', dataset: { seat } }, seatMarker(seat), h('span', { class: 'sc-name' }, env.name(seat)));
}

// ---- status: round, phase, whose turn, turn order, privilege ----------------------------------------------
function statusBar(env) {
  const v = env.m.view;
  const order = Array.isArray(v.order) ? v.order : [];
  const toAct = v.to_act || [];
  let turn = null;
  if (v.phase === 'discard') turn = t('sc.everyoneDiscards');
  else if (v.turn !== null && v.turn !== undefined) turn = t('sc.toPlay', { name: env.name(v.turn) });
  return h(
    'div',
    { class: 'sc-status', dataset: { testid: 'sc-status' } },
    h('div', { class: 'sc-status-line' },
      h('strong', { dataset: { testid: 'sc-round' } }, t('sc.round', { r: v.round ?? 1 })),
      ' · ',
      h('span', { dataset: { testid: 'sc-phase' } }, t(`sc.phase.${v.phase}`)),
      turn ? [' · ', h('span', { class: 'sc-turn' }, turn)] : null),
    order.length
      ? h('div', { class: 'sc-order' },
        h('span', { class: 'muted' }, `${t('sc.order')} `),
        order.map((seat, i) => [
          i ? h('span', { class: 'sc-arrow', 'aria-hidden': 'true' }, '→') : null,
          h('span', { class: `sc-order-seat${toAct.includes(seat) ? ' acting' : ''}` }, who(env, seat)),
        ]))
      : null,
    v.privilege && v.phase !== 'over'
      ? h('div', { class: 'sc-privilege small muted' }, t('sc.privilege', { name: env.name(v.privilege.seat), used: v.privilege.used }))
      : null,
    h('div', { class: 'small muted' }, t('sc.piles.left', { birds: v.bird_chips_left ?? 0, cards: v.score_cards_set_aside ?? 0 })),
  );
}

// ---- the action bar: what to do now, and the buttons that are not on the board or in the hand ------------
function actionBar(env) {
  const { m, ui, mode, send, redraw } = env;
  const v = m.view;
  const kindName = (k) => t(`sc.kind.${k}`);
  const button = (label, testid, onclick, extra = {}) =>
    h('button', { type: 'button', disabled: !!m.ctx.busy, dataset: { testid, ...(extra.dataset || {}) }, class: extra.class || '', onclick }, label);
  const cancel = () => button(t('sc.cancel'), 'sc-cancel', () => {
    ui.selected = null;
    ui.siteChoice = null;
    redraw();
  });
  let prompt;
  const buttons = [];
  switch (mode) {
    case 'over':
      prompt = t('sc.prompt.over');
      break;
    case 'wait': {
      const waiting = (v.to_act || []).filter((s) => s !== m.me);
      if (m.ctx.status === 'replay') {
        prompt = t('replay.toPlay', { names: waiting.map(env.name).join(', ') });
        break;
      }
      const parts = [];
      if (m.me === null) parts.push(t('sc.prompt.watch'));
      else if (v.phase === 'discard' && !m.players[m.me]?.must_discard) parts.push(t('sc.prompt.discarded'));
      if (waiting.length && !(v.phase === 'discard' && m.me !== null && !m.players[m.me]?.must_discard))
        parts.push(t('sc.prompt.wait', { names: waiting.map(env.name).join(', ') }));
      prompt = parts.join(' ');
      break;
    }
    case 'set':
      prompt = t('sc.prompt.set');
      break;
    case 'pile':
      prompt = t('sc.prompt.pile');
      break;
    case 'discard':
      prompt = t('sc.prompt.discard');
      break;
    case 'land':
      prompt = m.bySite.size ? t('sc.prompt.land') : t('sc.prompt.passOnly');
      if (m.pass && m.bySite.size) prompt = `${prompt} ${t('sc.prompt.passOnly')}`;
      break;
    case 'double-build': {
      const d = v.pending_double || {};
      prompt = t('sc.prompt.doubleBuild', { kind: kindName(d.kind), left: d.builds_left ?? 1 });
      if (m.pass) prompt = `${prompt} ${t('sc.prompt.passOnly')}`;
      break;
    }
    case 'card':
      prompt = BUILD_KINDS.some((k) => cardPlayable(m, k)) || cardPlayable(m, 'double') ? t('sc.prompt.card') : t('sc.prompt.cardOnlyScore');
      break;
    case 'card-selected':
      prompt = t('sc.prompt.selected', { kind: t(`sc.Kind.${ui.selected}`) });
      buttons.push(cancel());
      break;
    case 'double-kind':
      prompt = t('sc.prompt.doubleKind');
      for (const k of BUILD_KINDS) {
        const entry = m.doubles.get(k);
        if (entry)
          buttons.push(h('button', { type: 'button', class: 'primary sc-kind-button', disabled: !!m.ctx.busy, dataset: { testid: 'sc-double-kind', kind: k }, onclick: () => send(entry) },
            kindIcon(k, 18), ' ', t(`sc.Kind.${k}`)));
      }
      buttons.push(cancel());
      break;
    case 'site-choice':
      prompt = t('sc.prompt.siteChoice', { site: ui.siteChoice });
      for (const entry of m.bySite.get(ui.siteChoice) || [])
        buttons.push(h('button', { type: 'button', class: 'primary sc-kind-button', disabled: !!m.ctx.busy, dataset: { testid: 'sc-site-option', kind: entry.action.card }, onclick: () => send(entry) },
          kindIcon(entry.action.card, 18), ' ', t('sc.withCard', { kind: kindName(entry.action.card) })));
      buttons.push(cancel());
      break;
    default:
      prompt = '';
  }
  if (m.pass && m.myTurn) buttons.unshift(button(t('sc.pass'), 'sc-pass', () => send(m.pass), { class: 'primary' }));
  return h('div', { class: `sc-actionbar${m.myTurn ? ' my-turn' : ''}`, dataset: { testid: 'sc-actionbar' }, role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'sc-prompt', dataset: { testid: 'sc-prompt' } }, prompt),
    buttons.length ? h('span', { class: 'sc-buttons' }, buttons) : null);
}

// ---- sets (round 1) and piles (round 2) -----------------------------------------------------------------
function composition(cards) {
  return h('span', { class: 'sc-composition' }, KINDS.map((k, i) =>
    h('span', { class: 'sc-comp', title: t(`sc.Kind.${k}`) }, kindIcon(k, 18), h('b', {}, String(cards?.[i] ?? 0)))));
}

function choicePanel(env) {
  const { m, send } = env;
  const v = m.view;
  const rules = v.rules;
  if (v.phase === 'choose_set' && Array.isArray(v.sets)) {
    return h('section', { class: 'sc-choices', dataset: { testid: 'sc-sets' } }, h('h3', {}, t('sc.sets')),
      h('div', { class: 'sc-choice-list' }, v.sets.map((set) => {
        const entry = m.sets.get(set.set);
        const taken = set.taken_by !== null && set.taken_by !== undefined;
        return h('button', {
          type: 'button', class: `sc-choice${entry ? ' legal' : ''}${taken ? ' taken' : ''}`, disabled: !entry || !!m.ctx.busy,
          dataset: { testid: 'sc-choice', set: set.set, legal: !!entry, focusKey: `set-${set.set}` }, onclick: () => send(entry),
        }, h('span', { class: 'sc-letter' }, set.set), composition(setComposition(set.set)),
        h('span', { class: 'sc-choice-note' }, taken ? [t('sc.taken'), ' ', who(env, set.taken_by)] : t('sc.available')));
      })));
  }
  if (v.phase === 'choose_pile' && Array.isArray(v.piles)) {
    return h('section', { class: 'sc-choices', dataset: { testid: 'sc-piles' } }, h('h3', {}, t('sc.piles')),
      h('div', { class: 'sc-choice-list' }, v.piles.map((pile) => {
        const entry = m.piles.get(pile.set);
        const taken = pile.taken_by !== null && pile.taken_by !== undefined;
        const cards = Array.isArray(pile.score_cards) ? pile.score_cards : [];
        return h('button', {
          type: 'button', class: `sc-choice${entry ? ' legal' : ''}${taken ? ' taken' : ''}`, disabled: !entry || !!m.ctx.busy,
          dataset: { testid: 'sc-choice', set: pile.set, legal: !!entry, focusKey: `pile-${pile.set}` }, onclick: () => send(entry),
        }, h('span', { class: 'sc-letter' }, pile.set), composition(setComposition(pile.set)),
        h('span', { class: 'sc-choice-note' }, t('sc.from', { name: env.name(pile.from) })),
        cards.length ? h('span', { class: 'sc-choice-note' }, t('sc.withScoreCards'), ' ', cards.map((c) => cardInfo(c, rules).title).join(', ')) : null,
        h('span', { class: 'sc-choice-note' }, taken ? [t('sc.taken'), ' ', who(env, pile.taken_by)] : t('sc.available')));
      })));
  }
  return null;
}

// ---- the island ---------------------------------------------------------------------------------------------
const SITE_SIZE = { coast: { w: 64, h: 42 }, land: { w: 64, h: 44 }, volcano: { w: 62, h: 54 } };

function siteShape(kind, extra = {}) {
  const { w, h: ht } = SITE_SIZE[kind] || SITE_SIZE.land;
  if (kind === 'coast') return s('ellipse', { rx: w / 2, ry: ht / 2, ...extra });
  if (kind === 'volcano') {
    const r = w / 2;
    const pts = [0, 60, 120, 180, 240, 300].map((a) => {
      const rad = (a * Math.PI) / 180;
      return `${(r * Math.cos(rad)).toFixed(1)},${((ht / 2) * Math.sin(rad) / Math.sin(Math.PI / 3)).toFixed(1)}`;
    });
    return s('polygon', { points: pts.join(' '), ...extra });
  }
  return s('rect', { x: -w / 2, y: -ht / 2, width: w, height: ht, rx: 5, ...extra });
}

function hull(points) {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Groups of sites joined by edges (each group drawn as one landmass). */
function groups(sites, edges, keep = () => true) {
  const parent = new Map(sites.filter(keep).map((x) => [x.id, x.id]));
  const find = (x) => (parent.get(x) === x ? x : (parent.set(x, find(parent.get(x))), parent.get(x)));
  for (const [a, b] of edges) if (parent.has(a) && parent.has(b)) parent.set(find(a), find(b));
  const out = new Map();
  for (const x of sites) if (parent.has(x.id)) {
    const root = find(x.id);
    if (!out.has(root)) out.set(root, []);
    out.get(root).push(x);
  }
  return [...out.values()];
}

function blob(sites, margin, cls) {
  const pts = hull(sites.map((x) => [x.x, x.y]));
  const attrs = { class: cls, 'stroke-width': margin * 2, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
  if (pts.length === 1) return s('circle', { cx: pts[0][0], cy: pts[0][1], r: margin, class: cls });
  return s('polygon', { points: pts.map((p) => p.join(',')).join(' '), ...attrs });
}

/** Per site kind, how much to shrink its sites so that none overlaps its nearest neighbour (1: full size). */
function siteScales(sites) {
  const scale = {};
  for (const a of sites) {
    let nearest = Infinity;
    for (const b of sites) if (a !== b) nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y));
    const { w } = SITE_SIZE[a.kind] || SITE_SIZE.land;
    const k = Math.max(0.6, Math.min(1, nearest / (w + 4)));
    scale[a.kind] = Math.min(scale[a.kind] ?? 1, k);
  }
  return scale;
}

function boardPanel(env) {
  const { m, ui, mode, send, redraw, map } = env;
  const v = m.view;
  const board = v.board || {};
  const owners = v.buildings || {};
  const pos = new Map(map.sites.map((x) => [x.id, x]));
  const roads = (map.roads || []).filter(([a, c]) => pos.has(a) && pos.has(c));
  const rivers = (map.rivers || []).filter(([a, c]) => pos.has(a) && pos.has(c));
  const flags = flagged(m, mode, ui);
  const dim = mode === 'card-selected' || mode === 'site-choice';
  const line = ([a, c], attrs) => s('line', { x1: pos.get(a).x, y1: pos.get(a).y, x2: pos.get(c).x, y2: pos.get(c).y, ...attrs });

  const scale = siteScales(map.sites);
  const islands = groups(map.sites, [...roads, ...rivers]);
  const volcanic = groups(map.sites, roads, (x) => x.kind === 'volcano');
  const layers = [
    s('rect', { class: 'sc-sea', x: 0, y: 0, width: map.width, height: map.height, rx: 14 }),
    s('g', { class: 'sc-shore' }, islands.map((g) => blob(g, 42, 'sc-island-edge'))),
    s('g', { class: 'sc-land' }, islands.map((g) => blob(g, 36, 'sc-island'))),
    s('g', { class: 'sc-lava' }, volcanic.map((g) => blob(g, 30, 'sc-volcanic'))),
    s('g', { class: 'sc-rivers' }, rivers.map((e) => line(e, { class: 'sc-river' })), rivers.map((e) => line(e, { class: 'sc-river-inner' }))),
    s('g', { class: 'sc-roads' }, roads.map((e) => line(e, { class: 'sc-road-under' })), roads.map((e) => line(e, { class: 'sc-road' }))),
  ];

  const sitesLayer = s('g', { class: 'sc-sites' });
  for (const pt of map.sites) {
    const site = parseSite(board[pt.id] ?? `${pt.kind} face_down`);
    const kind = pt.kind || site.kind;
    const { w, h: ht } = SITE_SIZE[kind] || SITE_SIZE.land;
    const here = Array.isArray(owners[pt.id]) ? owners[pt.id] : [];
    const entries = flags.get(pt.id) || [];
    const flag = entries.length > 0;
    const privileged = flag && here.length > 0;
    const g = s('g', {
      class: ['sc-site', `kind-${kind}`, site.faceDown ? 'face-down' : 'revealed', here.length ? 'occupied' : '', flag ? 'flagged' : '',
        dim && !flag ? 'dimmed' : '', ui.siteChoice === pt.id ? 'chosen' : ''].filter(Boolean).join(' '),
      transform: `translate(${pt.x} ${pt.y})${scale[kind] < 1 ? ` scale(${scale[kind]})` : ''}`,
      'data-testid': 'sc-site',
      'data-site': pt.id,
      'data-flag': String(flag),
      'data-choices': flag ? entries.length : null,
      'data-owners': here.join(','),
      'data-tile': site.faceDown ? 'face_down' : `${site.building} ${site.points}`,
    });
    const description = describeSite(pt.id, site, here, env.name);
    const how = entries.map((e) => (e.action.type === 'land' ? t('sc.phase.landing') : t(`sc.kind.${e.action.card}`))).join(' / ');
    titled(g, flag ? `${description} · ${t('sc.flag', { how })}${privileged ? ` (${t('sc.flagPrivilege')})` : ''}` : description);
    if (flag) g.append(s('circle', { class: 'sc-hit', r: Math.max(w, ht) / 2 + 8 }));
    g.append(siteShape(kind, { class: 'sc-site-shape' }));
    // The tile: building and points on top, resource, fish bonus and bird disc below; squeezed to the left
    // when a building stands on it (the piece takes the right side).
    const tile = s('g', { class: 'sc-tile', transform: here.length ? `translate(${here.length > 1 ? -12 : -9} 0) scale(${here.length > 1 ? 0.75 : 0.85})` : null });
    if (site.faceDown) {
      tile.append(s('text', { class: 'sc-qmark', y: 7, 'text-anchor': 'middle' }, '?'));
    } else {
      tile.append(s('g', { transform: 'translate(-15 -7) scale(0.62)' }, buildingGlyph(site.building, { class: 'sc-tile-building' })));
      tile.append(s('text', { class: 'sc-points', x: 1, y: -1.5 }, String(site.points)));
      let x = -16;
      if (site.resource) {
        tile.append(s('g', { transform: `translate(${x} 11)` }, titled(s('g', {}, resourceIcon(site.resource)), t(`sc.res.${site.resource}`))));
        x += 15;
      }
      if (site.fish) {
        tile.append(s('text', { class: 'sc-fish-bonus', x: x - 5, y: 15.5 }, `+${site.fish}`));
        x += 15;
      }
      if (site.bird) tile.append(s('g', { transform: `translate(${Math.max(x, 4) + 2} 11)` }, birdDisc()));
    }
    g.append(tile);
    if (here.length) g.querySelector('.sc-site-shape').setAttribute('style', `stroke:${seatColor(here[0])};stroke-width:4`);
    const type = site.faceDown ? 'house' : site.building;
    if (here.length === 1) g.append(piece(here[0], type, w / 2 - 12, -1, 1.3));
    else here.forEach((seat, i) => g.append(piece(seat, type, w / 2 - 11 - (1 - i) * 4, i ? 9 : -9, 0.95)));
    g.append(s('text', { class: 'sc-site-id', y: ht / 2 + 11, 'text-anchor': 'middle' }, pt.id));
    if (flag) {
      g.append(s('g', { class: `sc-flag${privileged ? ' privileged' : ''}`, transform: `translate(${-w / 2 + 4} ${-ht / 2 + 6})` },
        s('line', { x1: 0, y1: 0, x2: 0, y2: -24, class: 'sc-flag-pole' }),
        s('polygon', { points: '0,-24 16,-18.5 0,-13', class: 'sc-flag-cloth' })));
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `${pt.id}: ${t('sc.flag', { how })}`);
      g.setAttribute('data-focus-key', `site-${pt.id}`);
      const choose = () => {
        if (m.ctx.busy) return;
        if (entries.length === 1) send(entries[0]);
        else {
          ui.siteChoice = pt.id;
          redraw();
        }
      };
      g.addEventListener('click', choose);
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          choose();
        }
      });
    }
    sitesLayer.append(g);
  }

  const svg = s('svg', {
    class: 'sc-map', viewBox: `0 0 ${map.width} ${map.height}`, role: 'group', 'aria-label': t('sc.board'),
    'data-testid': 'sc-board', preserveAspectRatio: 'xMidYMid meet',
  }, layers, sitesLayer);
  return h('section', { class: `sc-board-panel${ui.zoom ? ' zoomed' : ''}` },
    h('div', { class: 'sc-board-scroll' }, svg),
    h('div', { class: 'sc-board-tools' },
      h('button', { type: 'button', class: 'link', dataset: { testid: 'sc-zoom' }, 'aria-pressed': String(ui.zoom), onclick: () => {
        ui.zoom = !ui.zoom;
        redraw();
      } }, ui.zoom ? t('sc.zoomOut') : t('sc.zoomIn')),
      legend()));
}

function legend() {
  const icon = (body, vb = '-10 -10 20 20') => s('svg', { viewBox: vb, width: 18, height: 18, 'aria-hidden': 'true' }, body);
  const item = (node, label) => h('span', { class: 'sc-legend-item' }, node, label);
  return h('details', { class: 'sc-legend' }, h('summary', {}, t('sc.legend')),
    h('div', { class: 'sc-legend-items' },
      item(icon(s('g', { class: 'sc-flag' }, s('line', { x1: -5, y1: 9, x2: -5, y2: -9, class: 'sc-flag-pole' }), s('polygon', { points: '-5,-9 9,-4 -5,1', class: 'sc-flag-cloth' }))), t('sc.legend.flag')),
      item(icon(s('text', { y: 6, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700 }, '?')), t('sc.legend.faceDown')),
      ['coast', 'land', 'volcano'].map((k) => item(icon(siteShape(k, { class: `sc-site-shape kind-${k}`, transform: 'scale(0.28)' })), t(`sc.site.${k}`))),
      BUILDINGS.map((bt) => item(icon(buildingGlyph(bt, { fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 1 }), '-12 -17 24 27'), t(`sc.building.${bt}`))),
      ['sheep', 'wood', 'sugar', 'gold', 'fish'].map((r) => item(icon(resourceIcon(r)), t(`sc.res.${r}`))),
      item(icon(s('text', { y: 5, 'text-anchor': 'middle', class: 'sc-fish-bonus' }, '+2')), t('sc.fishBonus', { n: 'N' })),
      item(icon(birdDisc()), t('sc.birdDisc')),
      item(icon(s('line', { x1: -9, y1: 0, x2: 9, y2: 0, class: 'sc-road' })), t('sc.legend.road')),
      item(icon(s('line', { x1: -9, y1: 0, x2: 9, y2: 0, class: 'sc-river' })), t('sc.legend.river'))));
}

// ---- score track ---------------------------------------------------------------------------------------------
function trackPanel(env) {
  const { m } = env;
  const v = m.view;
  const track = Array.isArray(v.track) ? v.track : m.players.map((p) => p.seat);
  const max = Math.max(1, ...m.players.map((p) => p.score || 0));
  let place = 0;
  let last = null;
  return h('section', { class: 'sc-track', dataset: { testid: 'sc-track' } }, h('h3', {}, t('sc.track')),
    h('ol', { class: 'sc-track-list' }, track.map((seat, i) => {
      const p = m.players[seat] || {};
      if (p.score !== last) place = i + 1;
      last = p.score;
      const shownPlace = v.final?.places?.[seat] ?? place;
      return h('li', { class: `sc-track-row${seat === m.me ? ' mine' : ''}`, dataset: { testid: 'sc-track-row', seat, score: p.score } },
        h('span', { class: 'sc-track-place' }, `${shownPlace}.`), who(env, seat),
        h('span', { class: 'sc-track-score' }, String(p.score ?? 0)),
        h('span', { class: 'sc-track-bar', 'aria-hidden': 'true' },
          h('span', { style: `width:${Math.max(0, Math.round((100 * (p.score || 0)) / max))}%;background:${seatColor(seat)}` })));
    })));
}

// ---- one's own hand ----------------------------------------------------------------------------------------
/** A hand card's preview (the engine's card_points_by_seat, in the private view): "+3 you · +5 Bob · 0 Carla",
 *  one's own points first, then the others in seat order; null when the view carries none. */
function previewText(env, card) {
  const points = Array.isArray(card.preview) ? card.preview : null;
  if (!points) return null;
  const signed = (k) => (k > 0 ? `+${k}` : String(k));
  const me = env.m.me;
  const seats = points.map((_, seat) => seat).filter((seat) => seat !== me);
  const parts = (me !== null && me < points.length ? [`${signed(points[me])} ${t('sc.preview.you')}`] : [])
    .concat(seats.map((seat) => `${signed(points[seat])} ${env.name(seat)}`));
  return t('sc.preview', { gains: parts.join(' · ') });
}

function scoreCard(env, card, { entry, testid, extraClass = '' } = {}) {
  const info = cardInfo(card, env.m.view.rules);
  const preview = previewText(env, card);
  const attrs = {
    class: `sc-score-card${entry ? ' legal' : ''} ${extraClass}`.trim(),
    dataset: { testid, card: card.id, name: card.name, legal: !!entry, focusKey: `${testid}-${card.id}` },
    title: preview ? `${info.text}\n${preview}` : info.text,
  };
  // The preview is written on the card itself, so a phone shows it without hover.
  const body = [h('span', { class: 'sc-card-value' }, info.value), h('span', { class: 'sc-card-title' }, info.title), h('span', { class: 'sc-card-text' }, info.text),
    preview ? h('span', { class: 'sc-card-preview', dataset: { testid: 'sc-card-preview', points: JSON.stringify(card.preview) } }, preview) : null];
  if (!entry) return h('div', attrs, body);
  return h('button', { type: 'button', ...attrs, disabled: !!env.m.ctx.busy, onclick: () => env.send(entry) }, body);
}

function handPanel(env) {
  const { m, ui, send, redraw, b } = env;
  const v = m.view;
  const you = v.you;
  if (m.me === null || !you) return null;
  const me = m.players[m.me] || {};
  const left = me.cards_left || [0, 0, 0, 0];
  const inPlay = v.phase === 'play' && m.myTurn && !v.pending_double;
  const clickCard = (kind) => {
    if (m.ctx.busy || !inPlay) return;
    const builds = kind === 'double' ? m.doubles.size : (m.builds[kind] || []).length;
    if (builds) {
      ui.selected = ui.selected === kind ? null : kind;
      ui.siteChoice = null;
      redraw();
      if (ui.selected && kind !== 'double') showBoard(b.root);
      return;
    }
    const entry = m.plays.get(kind);
    if (entry) openConfirm(b, kind, entry, send);
  };
  const cards = KINDS.map((kind, i) => {
    const playable = inPlay && cardPlayable(m, kind);
    const count = left[i] ?? 0;
    return h('button', {
      type: 'button',
      class: ['sc-card', `kind-${kind}`, playable ? 'legal' : '', ui.selected === kind ? 'selected' : '', count ? '' : 'empty'].filter(Boolean).join(' '),
      disabled: !playable || !!m.ctx.busy,
      'aria-pressed': String(ui.selected === kind),
      dataset: { testid: 'sc-card', kind, playable, count, focusKey: `card-${kind}` },
      title: playable ? null : whyNotPlayable(m, v, count),
      onclick: () => clickCard(kind),
    }, kindIcon(kind, 30), h('span', { class: 'sc-card-name' }, t(`sc.Kind.${kind}`)), h('span', { class: 'sc-card-count' }, `×${count}`));
  });
  const hand = Array.isArray(you.hand) ? you.hand : [];
  const entryFor = (card) => (v.phase === 'discard' ? m.discards.get(card.id) : m.scores.get(card.id));
  const birds = Array.isArray(you.birds) ? you.birds : [];
  const discarded = Array.isArray(you.discarded) ? you.discarded : [];
  return h('section', { class: `sc-hand${m.myTurn ? ' my-turn' : ''}`, dataset: { testid: 'sc-hand' } },
    h('h3', {}, who(env, m.me), ' · ', t('sc.hand')),
    h('div', { class: 'sc-hand-row' },
      h('div', { class: 'sc-hand-group' }, h('h4', {}, t('sc.construction')), h('div', { class: 'sc-cards' }, cards)),
      h('div', { class: 'sc-hand-group grow' }, h('h4', {}, t('sc.scoreCards')),
        hand.length ? h('div', { class: 'sc-score-cards' }, hand.map((card) => scoreCard(env, card, { entry: entryFor(card), testid: 'sc-score-card' })))
          : h('p', { class: 'muted small' }, t('sc.noScoreCards')),
        discarded.length ? h('div', { class: 'sc-discarded small muted' }, `${t('sc.discarded')} `, discarded.map((c) => cardInfo(c, v.rules).title).join(', ')) : null),
      h('div', { class: 'sc-hand-group' }, h('h4', {}, t('sc.yourBirds')),
        // Grouped by species (issue 12): "Macaw (3) ×2" rather than the same chip twice.
        birds.length ? h('ul', { class: 'sc-birds' }, [...groupCounts(birds)].map(([sp, k]) =>
          h('li', { dataset: { testid: 'sc-bird-group', species: sp, count: k } }, birdIcon(), `${t(`sc.bird.${sp}`)} (${birdValue(sp)})${k > 1 ? ` ×${k}` : ''}`)))
          : h('p', { class: 'muted small' }, t('sc.noBirds')))));
}

/** ["tern", "tern", "macaw"] -> "tern 1 ×2, macaw 3" (species, value, how many). */
/** Why a construction card cannot be played now (its tooltip, and the page's tap-for-details line). */
function whyNotPlayable(m, v, count) {
  if (!count) return t('sc.why.noneLeft');
  if (m.me === null || !m.myTurn) return t('sc.why.notYourTurn');
  if (v.phase !== 'play') return t('sc.why.notNow');
  if (v.pending_double) return t('sc.why.double');
  return t('sc.why.noSite');
}

/** Each distinct item of `list` with how many times it is there, in the order first met. */
function groupCounts(list) {
  const counts = new Map();
  for (const x of list) counts.set(x, (counts.get(x) || 0) + 1);
  return counts;
}

function birdList(species) {
  return [...groupCounts(species)].map(([sp, k]) => `${t(`sc.bird.${sp}`)} ${birdValue(sp)}${k > 1 ? ` ×${k}` : ''}`).join(', ');
}

/** Scrolls the board into view when less than half of it is visible (the flags are what to click next). */
function showBoard(root) {
  const board = root.querySelector('.sc-board-panel');
  if (!board) return;
  const r = board.getBoundingClientRect();
  const visible = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
  if (visible < r.height / 2) board.scrollIntoView({ block: 'nearest' });
}

function birdIcon() {
  return s('svg', { viewBox: '-8 -8 16 16', width: 14, height: 14, 'aria-hidden': 'true' }, birdDisc());
}

function openConfirm(b, kind, entry, send) {
  b.confirm = entry;
  fill(b.dialog,
    h('form', { method: 'dialog', class: 'sc-dialog-form' },
      h('h3', {}, kindIcon(kind, 22), ' ', t('sc.confirm.title')),
      h('p', {}, t('sc.confirm.text', { kind: t(`sc.kind.${kind}`) })),
      h('div', { class: 'sc-dialog-buttons' },
        h('button', { type: 'submit', value: 'no', dataset: { testid: 'sc-confirm-no' }, autofocus: true }, t('sc.confirm.no')),
        h('button', { type: 'button', class: 'primary', dataset: { testid: 'sc-confirm-yes' }, onclick: () => {
          b.dialog.close();
          send(entry);
        } }, t('sc.confirm.yes')))));
  b.dialog.showModal();
}

// ---- the players ----------------------------------------------------------------------------------------------
function playersPanel(env) {
  const { m } = env;
  const v = m.view;
  const finalBirds = v.final?.birds;
  return h('section', { class: 'sc-players', dataset: { testid: 'sc-players' } }, h('h3', {}, t('sc.players')),
    h('div', { class: 'sc-player-list' }, m.players.map((p, i) => {
      const seat = p.seat ?? i;
      const total = KINDS.map((_, k) => (p.cards_left?.[k] ?? 0) + (p.cards_played?.[k] ?? 0));
      const species = finalBirds?.[seat] ?? (seat === m.me ? v.you?.birds : null);
      const removed = BUILDINGS.map((bt, k) => [bt, p.buildings_removed?.[k] ?? 0]).filter(([, c]) => c > 0);
      const acting = (v.to_act || []).includes(seat);
      return h('article', { class: `sc-player${acting ? ' acting' : ''}${seat === m.me ? ' mine' : ''}`, dataset: { testid: 'sc-player', seat }, style: `--seat-color:${seatColor(seat)}` },
        h('header', {}, who(env, seat), seat === m.me ? h('span', { class: 'tag tag-you' }, t('sc.you')) : null,
          acting && v.phase !== 'over' ? h('span', { class: 'tag tag-act' }, t('seat.toAct')) : null,
          h('span', { class: 'sc-player-set' }, p.set ? t('sc.set', { s: p.set }) : t('sc.noSet')),
          h('span', { class: 'sc-player-score', dataset: { testid: 'sc-player-score' } }, t('sc.pts', { p: p.score ?? 0 }))),
        h('table', { class: 'sc-cards-table' },
          h('thead', {}, h('tr', {}, h('th', {}), KINDS.map((k) => h('th', { title: t(`sc.Kind.${k}`), scope: 'col' }, kindIcon(k, 18), h('span', { class: 'visually-hidden' }, t(`sc.Kind.${k}`)))))),
          h('tbody', {},
            h('tr', {}, h('th', { scope: 'row' }, t('sc.left')), KINDS.map((_, k) => h('td', { dataset: { testid: 'sc-cards-left' } }, `${p.cards_left?.[k] ?? 0}/${total[k]}`))),
            h('tr', {}, h('th', { scope: 'row' }, t('sc.played')), KINDS.map((_, k) => h('td', {}, String(p.cards_played?.[k] ?? 0)))))),
        h('div', { class: 'sc-player-line' }, t('sc.scoreCardsLeft', { k: p.score_cards_left ?? 0 })),
        h('div', { class: 'sc-player-line' }, `${t('sc.scoreCardsPlayed')} `,
          (p.score_cards_played || []).length
            ? (p.score_cards_played || []).map((c) => { const info = cardInfo(c, v.rules); return h('span', { class: 'sc-chip', title: info.text }, info.title); })
            : h('span', { class: 'muted' }, t('sc.none'))),
        resourceTicks(v, seat),
        h('div', { class: 'sc-player-line' }, birdIcon(), ' ', t('sc.birds', { k: p.birds ?? 0 }),
          Array.isArray(species) && species.length ? h('span', { class: 'muted' }, ` (${birdList(species)})`) : null),
        h('div', { class: 'sc-player-line sc-supply' }, h('span', { class: 'muted' }, `${t('sc.buildingsLeft')} `),
          BUILDINGS.map((bt, k) => h('span', { class: 'sc-supply-item', title: t(`sc.buildings.${bt}`) }, buildingIcon(bt, seat, 14), `×${p.buildings_left?.[k] ?? 0}`))),
        removed.length ? h('div', { class: 'sc-player-line small muted' }, t('sc.removed', { list: removed.map(([bt, c]) => `${c} ${t(c === 1 ? `sc.building.${bt}` : `sc.buildings.${bt}`)}`).join(', ') })) : null,
        v.phase === 'discard' ? h('div', { class: 'sc-player-line small' }, p.must_discard ? t('sc.mustDiscard') : t('sc.hasDiscarded')) : null);
    })));
}

/**
 * A player's resources (issue 12, point 9): how many of the seat's buildings stand on a revealed tile of each
 * resource, as the score cards count them; all from the public view (the board's tiles and who built where).
 */
const RESOURCES = ['wood', 'sugar', 'sheep', 'fish', 'gold'];
function resourceTicks(v, seat) {
  const counts = Object.fromEntries(RESOURCES.map((r) => [r, 0]));
  for (const [siteId, owners] of Object.entries(v.buildings || {})) {
    if (!Array.isArray(owners) || !owners.includes(seat)) continue;
    const site = parseSite((v.board || {})[siteId]);
    if (!site.faceDown && site.resource in counts) counts[site.resource] += owners.filter((o) => o === seat).length;
  }
  return h('div', { class: 'sc-player-line sc-resources', dataset: { testid: 'sc-resources', seat } },
    h('span', { class: 'muted' }, `${t('sc.resources')} `),
    RESOURCES.map((r) => h('span', { class: 'sc-supply-item', title: `${t(`sc.res.${r}`)}: ${counts[r]}`, dataset: { resource: r, count: counts[r] } },
      s('svg', { viewBox: '-8 -8 16 16', width: 15, height: 15, 'aria-hidden': 'true' }, resourceIcon(r)),
      h('span', { class: 'visually-hidden' }, t(`sc.res.${r}`)), `×${counts[r]}`)));
}

// ---- the end ------------------------------------------------------------------------------------------------
function finalPanel(env) {
  const { m } = env;
  const v = m.view;
  const places = v.final?.places || [];
  const rows = m.players.map((p, i) => ({ seat: p.seat ?? i, score: p.score ?? 0, place: places[p.seat ?? i] ?? null }))
    .sort((a, c) => (a.place ?? 99) - (c.place ?? 99) || a.seat - c.seat);
  return h('section', { class: 'sc-final', dataset: { testid: 'sc-final' } }, h('h3', {}, t('sc.final')),
    h('table', { class: 'ranking' },
      h('thead', {}, h('tr', {}, h('th', {}, t('sc.place')), h('th', {}, t('sc.player')), h('th', {}, t('sc.birdChips')), h('th', {}, t('sc.score')))),
      h('tbody', {}, rows.map((r) => {
        const birds = v.final?.birds?.[r.seat] || [];
        return h('tr', { class: r.seat === m.me ? 'mine' : '', dataset: { testid: 'sc-final-row', seat: r.seat, place: r.place ?? '', score: r.score } },
          h('td', {}, r.place ?? '–'), h('td', {}, who(env, r.seat)),
          h('td', {}, birds.length ? birdList(birds) : '–'),
          h('td', { class: 'num' }, String(r.score)));
      }))));
}
