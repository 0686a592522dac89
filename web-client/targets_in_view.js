// The board where you must act is on screen at your turn (issue 35, point 1). On a phone the room's header and
// the hand drawer left a Santa Cruz island's flagged sites below the screen or under the drawer, and Capa
// d'Oro's tall board showed a third of itself; so, at your turn, the page scrolls (vertically only) until the
// flagged targets drawn on the board are in the band between the sticky prompt and the drawer: the whole band
// of them when it fits, else from its top. It acts only when what is flagged changes (a new turn, a card
// chosen, the drawer unfolded by hand), never while the person is scrolling, panning or typing, and not at
// all when the targets are already in view.

/** The targets a board flags, drawn on its map (an SVG): not the hand's cards nor the buttons. */
const TARGETS = 'svg :is(.flagged, .sm-target, [data-flag=true])';
const USER_SCROLL_MS = 1500; // a wheel, a touch pan, a scroll key or the scrollbar holds the page still for this long
const TYPING_MS = 3000; // and a key typed in a field (the chat) for this long: the field stays where the caret is
const GAP_PX = 8; // room left above and below the targets
const CONTEXT_PX = 48; // above targets shown from their top: their heading (a continent's name, a row's label)

/**
 * Watches `board` (the page's board container, whose content the renderers redraw) and, whenever `myTurn()`
 * and the flagged targets or the drawer's state changed since the last look, scrolls the window so that the
 * targets are seen. One watcher per page.
 */
export function keepTargetsInView(board, myTurn) {
  let userAt = -Infinity;
  let typedAt = -Infinity;
  let lastKey = '';
  let pending = false;
  const person = () => (userAt = performance.now());
  for (const type of ['wheel', 'touchmove']) window.addEventListener(type, person, { passive: true, capture: true });
  window.addEventListener('keydown', (e) => {
    if (editable(e.target)) typedAt = performance.now();
    // The keys that scroll the page, pressed on the page itself (on a card or a site, Space and Enter play).
    else if ((e.target === document.body || e.target === document.documentElement) &&
      ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(e.key)) person();
  }, { capture: true });
  // The scrollbar dragged. (Not every scroll event: the browser's scroll anchoring moves the page on a redraw.)
  window.addEventListener('pointerdown', (e) => e.target === document.documentElement && person(), { capture: true });

  const look = () => {
    pending = false;
    if (!myTurn()) {
      lastKey = '';
      return;
    }
    const targets = [...board.querySelectorAll(TARGETS)].filter((el) => !el.matches('[data-flag=false]'));
    const drawer = board.querySelector('.hand-drawer');
    const key = `${targets.map(keyOf).join(',')}|${drawer ? drawer.classList.contains('folded') : '-'}`;
    if (key === lastKey) return;
    lastKey = key;
    const now = performance.now();
    if (!targets.length || now - userAt < USER_SCROLL_MS || now - typedAt < TYPING_MS || composing()) return;
    const dy = scrollNeeded(board, targets, drawer);
    if (Math.abs(dy) < 1) return;
    window.scrollBy({ top: dy, behavior: 'instant' });
  };
  // After each draw (the renderers redraw on their own too: a card chosen, the drawer toggled), once per frame.
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(look);
  }).observe(board, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'data-flag'] });
  // A board drawn before this module was loaded (it loads with the first room) is looked at once now.
  pending = true;
  requestAnimationFrame(look);
}

/** A target's identity for "what is flagged changed": its data keys, else its place in the drawing. */
function keyOf(el, i) {
  const d = el.dataset || {};
  return d.focusKey || d.site || d.key || d.testid || `#${i}`;
}

/** Whether the person is writing a line: the focus in a field that holds text not sent yet (however long ago the last
 * key was typed: the page must not move away from a line being written). */
function composing() {
  const el = document.activeElement;
  if (!editable(el)) return false;
  return (el.isContentEditable ? el.textContent : el.value || '').length > 0;
}

/** A field one types in (the chat, a name), where a key is typing and not a scroll. */
function editable(el) {
  return el instanceof Element &&
    (el.isContentEditable || el.matches('input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select'));
}

/**
 * How far to scroll the window (px, down positive) so that the targets' box lies in the free band of the
 * screen: below the board's sticky prompt, above the sticky hand drawer. A box taller than the band is shown
 * from its top. Parts of a target outside its pannable frame (touch_zoom.js) do not count: the frame shows them.
 */
function scrollNeeded(board, targets, drawer) {
  const rects = targets.map((el) => clipToFrame(el, el.getBoundingClientRect())).filter((r) => r.bottom > r.top);
  if (!rects.length) return 0;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const prompt = board.querySelector('.my-turn');
  const sticky = (el) => !!el && getComputedStyle(el).position === 'sticky';
  const bandTop = (sticky(prompt) ? prompt.offsetHeight : 0) + GAP_PX;
  const bandBottom = window.innerHeight - (sticky(drawer) ? drawer.offsetHeight : 0) - GAP_PX;
  if (top >= bandTop && bottom <= bandBottom) return 0;
  if (bottom - top > bandBottom - bandTop) return top - bandTop - CONTEXT_PX;
  if (top < bandTop) return top - bandTop;
  return bottom - bandBottom;
}

function clipToFrame(el, r) {
  const frame = el.closest('.board-pan.zoomed-in');
  if (!frame) return r;
  const f = frame.getBoundingClientRect();
  return { top: Math.max(r.top, f.top), bottom: Math.min(r.bottom, f.bottom) };
}
