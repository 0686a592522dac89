// Each seat's colour and shape, the same on every board, in the seat list and in the final ranking. Up to six
// seats (beyond, they repeat). Colours from the Okabe-Ito palette, which colour-blind readers tell apart; and the
// shape alone tells seats apart too, in print or in a high-contrast mode.

import { svg } from './dom.js';

export const SEAT_STYLES = Object.freeze([
  { color: '#d55e00', shape: 'circle' }, // vermilion
  { color: '#0072b2', shape: 'square' }, // blue
  { color: '#009e73', shape: 'triangle' }, // bluish green
  { color: '#cc79a7', shape: 'diamond' }, // reddish purple
  { color: '#e69f00', shape: 'hexagon' }, // orange
  { color: '#56b4e9', shape: 'star' }, // sky blue
]);

/** {color, shape} of a seat index (0-based). */
export function seatStyle(seat) {
  const n = SEAT_STYLES.length;
  const i = Number.isInteger(seat) ? ((seat % n) + n) % n : 0;
  return SEAT_STYLES[i];
}

export const seatColor = (seat) => seatStyle(seat).color;

const polygon = (points) => points.map(([x, y]) => `${+x.toFixed(2)},${+y.toFixed(2)}`).join(' ');
const around = (count, radius, turn = 0) =>
  Array.from({ length: count }, (_, k) => {
    const a = turn + (2 * Math.PI * k) / count - Math.PI / 2;
    return [radius * Math.cos(a), radius * Math.sin(a)];
  });

/** The seat's shape as an SVG element centred on 0,0 with radius r; attrs (fill, stroke, ...) are its own. */
export function seatSymbol(seat, r, attrs = {}) {
  switch (seatStyle(seat).shape) {
    case 'circle':
      return svg('circle', { r: r * 0.9, ...attrs });
    case 'square':
      return svg('rect', { x: -r * 0.8, y: -r * 0.8, width: r * 1.6, height: r * 1.6, ...attrs });
    case 'triangle':
      return svg('polygon', { points: `0,${-r} ${r * 0.95},${r * 0.7} ${-r * 0.95},${r * 0.7}`, ...attrs });
    case 'diamond':
      return svg('polygon', { points: `0,${-r} ${r},0 0,${r} ${-r},0`, ...attrs });
    case 'hexagon':
      return svg('polygon', { points: polygon(around(6, r * 0.95, Math.PI / 6)), ...attrs });
    default: {
      // A five-pointed star: outer and inner corners in turn.
      const outer = around(5, r);
      const inner = around(5, r * 0.45, Math.PI / 5);
      return svg('polygon', { points: polygon(outer.flatMap((p, k) => [p, inner[k]])), ...attrs });
    }
  }
}

/** The seat's marker as a small inline SVG, for lists (seats, ranking, a board's panels). */
export function seatMarker(seat, size = 16) {
  return svg(
    'svg',
    { class: 'seat-marker', viewBox: '-10 -10 20 20', width: size, height: size, 'aria-hidden': 'true', 'data-seat': seat },
    seatSymbol(seat, 8.5, { fill: seatColor(seat), stroke: '#1b1b1b', 'stroke-width': 1.4 }),
  );
}
