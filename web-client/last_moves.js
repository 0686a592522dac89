// The board's last-move marks (issue 12): what the other players changed since your last move, drawn on the
// board in their seat's colour, with a short animation the first time a mark appears.
//
// The view tracker (view_tracker.js) gathers, by seat, the JSON paths each patch changed (`changedSince()`); the
// page hands that list to the renderer as `ctx.changedSince`. Each renderer knows its own view, so it maps paths to
// its elements with changedKeys() (e.g. the keys under /board are Santa Cruz's sites) and marks them with
// markLastMove(); markMovers() marks the player panels of the seats that moved. The CSS (.last-move) is the page's,
// in style.css, the same for every game.

import { seatColor } from './markers.js';

/** The unescaped segments of a JSON pointer ("/a~1b/0" -> ["a/b", "0"]). */
export function pointerSegments(path) {
  return String(path)
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The keys right under `prefix` (path segments; '*' matches any one) that other seats changed, as a Map from the
 * key (a list index or an object key, as a string) to {seat, stamp}: the seat that changed it last, and a stamp
 * that is new each time that seat moves again (so a mark animates once per move).
 *   changedKeys(ctx.changedSince, 'board')            -> Map {'L10' => {seat: 1, ...}}
 *   changedKeys(ctx.changedSince, 'players', '*', 'cells')
 */
export function changedKeys(changedSince, ...prefix) {
  const out = new Map();
  for (const entry of Array.isArray(changedSince) ? changedSince : []) {
    for (const path of entry.paths || []) {
      const parts = pointerSegments(path);
      if (parts.length <= prefix.length) continue;
      if (!prefix.every((p, i) => p === '*' || p === parts[i])) continue;
      out.set(parts[prefix.length], { seat: entry.seat, stamp: `${entry.seat}.${entry.moves}` });
    }
  }
  return out;
}

/** The seats that moved since your last move (each with {seat, stamp}). */
export function movers(changedSince) {
  return (Array.isArray(changedSince) ? changedSince : []).map((e) => ({ seat: e.seat, stamp: `${e.seat}.${e.moves}` }));
}

const animated = new WeakMap(); // a board's root -> the ids of the marks already animated there

/**
 * Marks `el` (an HTML or SVG element of the board under `root`) as changed by `mark.seat`: the class last-move,
 * the seat's colour in --last-move-color, data-last-move="<seat>". `id` names the thing marked (a site, a
 * panel); the animation (last-move-new) plays the first time a given move marks it, not on every redraw.
 */
export function markLastMove(root, el, mark, id) {
  if (!el || !mark) return;
  let seen = animated.get(root);
  if (!seen) {
    seen = new Set();
    animated.set(root, seen);
  }
  const key = `${mark.stamp}|${id}`;
  el.classList.add('last-move');
  if (!seen.has(key)) {
    seen.add(key);
    el.classList.add('last-move-new');
  }
  el.style.setProperty('--last-move-color', seatColor(mark.seat));
  el.setAttribute('data-last-move', String(mark.seat));
}

/** Marks the element `find(seat)` (a player's panel) of each seat that moved since your last move. */
export function markMovers(root, changedSince, find) {
  for (const mark of movers(changedSince)) markLastMove(root, find(mark.seat), mark, `seat:${mark.seat}`);
}

/** Marks the elements `find(key)` of each key under `prefix` that other seats changed (see changedKeys()). */
export function markChanged(root, changedSince, prefix, find) {
  for (const [key, mark] of changedKeys(changedSince, ...prefix)) markLastMove(root, find(key), mark, `${prefix.join('/')}/${key}`);
}
