// Touch targets of at least 44 px on a phone (issue 12, point 4; the WCAG 2.5.5 target size). A board drawn
// to fit a 390 px screen has sites of 16–21 px; on a narrow screen, whenever the board flags targets, the
// renderer calls zoomToTargets() after drawing: the board's SVG grows until its smallest flagged target is
// 44 px, inside a frame of its own that pans (scrolls) by touch, centred on the flagged area. The page itself
// never scrolls sideways; with nothing flagged (not your turn) the board fits the screen again.

export const MIN_TARGET_PX = 44;
const NARROW = '(max-width: 600px)';

/**
 * After a draw: zooms `svgEl` (an <svg> in the DOM, sized by CSS to its container's width) so that each
 * element matching `selector` inside it is at least `minPx` on its smaller side, when the screen is narrow.
 * Returns the zoom factor applied (1: none).
 */
export function zoomToTargets(svgEl, { selector = '.flagged', minPx = MIN_TARGET_PX } = {}) {
  if (!svgEl || !svgEl.isConnected) return 1;
  const frame = frameOf(svgEl);
  svgEl.style.removeProperty('width');
  svgEl.style.removeProperty('height');
  svgEl.style.removeProperty('max-width');
  frame.classList.remove('zoomed-in');
  if (!window.matchMedia(NARROW).matches) return 1;
  const targets = [...svgEl.querySelectorAll(selector)];
  const sides = targets
    .map((el) => el.getBoundingClientRect())
    .map((r) => Math.min(r.width, r.height))
    .filter((side) => side > 0);
  if (!sides.length) return 1;
  const smallest = Math.min(...sides);
  if (smallest >= minPx) return 1;
  const box = svgEl.getBoundingClientRect();
  const k = (minPx / smallest) * 1.04; // a little over, for rounding
  svgEl.style.maxWidth = 'none';
  svgEl.style.width = `${box.width * k}px`;
  svgEl.style.height = `${box.height * k}px`;
  frame.classList.add('zoomed-in');
  // Centre the frame on the flagged area (its bounding box, or the first target when it is wider than the frame).
  const rects = targets.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
  const f = frame.getBoundingClientRect();
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const cx = right - left <= f.width ? (left + right) / 2 : rects[0].left + rects[0].width / 2;
  const cy = bottom - top <= f.height ? (top + bottom) / 2 : rects[0].top + rects[0].height / 2;
  frame.scrollLeft += cx - (f.left + f.width / 2);
  frame.scrollTop += cy - (f.top + f.height / 2);
  return k;
}

/** The pannable frame around the board's SVG (made once per SVG element: renderers draw a new one each time). */
function frameOf(svgEl) {
  const parent = svgEl.parentElement;
  if (parent && parent.classList.contains('board-pan')) return parent;
  const frame = document.createElement('div');
  frame.className = 'board-pan';
  parent.insertBefore(frame, svgEl);
  frame.append(svgEl);
  return frame;
}
