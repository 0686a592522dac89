// The hand as a bottom drawer on a phone (issue 12, point 4): a board's hand section stays at the bottom of the
// screen while the board scrolls above it (position: sticky, style.css .hand-drawer), so the cards and the map
// are seen together; a toggle folds it to its heading and unfolds it. On a wide screen it is a plain section.
// Unfolded at your turn it would cover the map's flagged sites: targets_in_view.js scrolls them above it.

import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * Makes `section` (the board's hand, drawn anew on each draw) a drawer. It unfolds by itself when the hand holds
 * a move (a flagged or playable card) and folds when it holds none, so the board is seen whole; a toggle by the
 * player holds until that changes. `ui` keeps the state between draws; `redraw()` draws again after a toggle.
 * Returns the section.
 */
export function handDrawer(section, ui, redraw) {
  if (!section) return section;
  const hasMove = !!section.querySelector('.flagged, [data-legal=true], [data-playable=true]');
  if (ui.drawerFor !== hasMove) {
    ui.drawerFor = hasMove;
    ui.handFolded = !hasMove;
  }
  section.classList.add('hand-drawer');
  section.classList.toggle('folded', !!ui.handFolded);
  section.prepend(
    h('button', {
      type: 'button',
      class: 'drawer-toggle',
      'aria-expanded': String(!ui.handFolded),
      dataset: { testid: 'hand-drawer-toggle' },
      onclick: () => {
        ui.handFolded = !ui.handFolded;
        redraw();
      },
    }, ui.handFolded ? t('drawer.show') : t('drawer.hide')),
  );
  return section;
}
