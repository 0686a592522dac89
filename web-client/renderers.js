// Board renderers, found by convention: the game `<id>` draws with games/<id>/renderer.js when that module exists
// (games/README.md says what it exports). It is imported the first time a room of that game is shown, never on
// the first load of the page; a game without one (the import fails) is shown as its JSON view and text moves.
// So a new game's board is one folder, and this file names no game.

/** Game ids as the server spells them; anything else is never turned into a path. */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

const renderers = new Map(); // game id -> {module: the renderer or null, ready: Promise}

/**
 * Starts loading the renderer of `gameId` (once); resolves to it, or to null when the game has none.
 * `onError(error)` hears of a renderer that exists but failed to load (a bug in it, not a missing file).
 */
export function loadRenderer(gameId, onError = () => {}) {
  let entry = renderers.get(gameId);
  if (entry) return entry.ready;
  entry = { module: null, ready: null };
  renderers.set(gameId, entry);
  if (!GAME_ID.test(String(gameId))) {
    entry.ready = Promise.resolve(null);
    return entry.ready;
  }
  entry.ready = import(`./games/${gameId}/renderer.js`).then(
    (module) => {
      entry.module = typeof module.render === 'function' ? module : null;
      return entry.module;
    },
    (error) => {
      // A missing module is the convention's "no board"; a module that is there but does not evaluate is a bug.
      if (!isMissingModule(error)) onError(error);
      return null;
    },
  );
  return entry.ready;
}

/** The renderer of `gameId` if it has loaded, else null (not asked for, still loading, or none). */
export function loadedRenderer(gameId) {
  return renderers.get(gameId)?.module ?? null;
}

// A module that could not be fetched (Chromium: "Failed to fetch dynamically imported module", Firefox: "error
// loading dynamically imported module") is a TypeError; an error inside the module is anything else, including
// its SyntaxError.
function isMissingModule(error) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(String(error.message));
}
