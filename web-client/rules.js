// A rules summary per game, reachable from the room (issue 12, point 8): games/<id>/rules.js, found by
// convention like the boards (renderers.js) and imported the first time a room's "Rules" is opened. It exports
// `rules = {en: [lines], fr: [lines]}`; the full rules are the game's docs page (docs/games/<id>.md). A game
// without one shows no "Rules".

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const loaded = new Map(); // game id -> Promise of the rules or null

/** Resolves to the game's {en, fr} summary, or null when it has none. */
export function loadRules(gameId) {
  if (!GAME_ID.test(String(gameId))) return Promise.resolve(null);
  if (!loaded.has(gameId)) {
    loaded.set(gameId, import(`./games/${gameId}/rules.js`).then((m) => (m && m.rules && typeof m.rules === 'object' ? m.rules : null), () => null));
  }
  return loaded.get(gameId);
}
