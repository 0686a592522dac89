// The client rules for following one room's game from `state` and `patch` messages (docs/protocol.md), shared
// by the web client (app.js) and the JavaScript bot example (bots/examples/random_bot.mjs). The C++ bots keep
// the same rules in bots/view_tracker.cpp (ViewTracker in bots/strategy.hpp): the two copies are tested apart,
// this one by tests/browser/view_tracker.test.mjs, so a change here goes there too.
//
// - A `state` replaces the view, its version, the seat and the static data (sent only with a full state).
// - A `patch` applies when its `from` is the version held; an older one (`to` not above the version held, e.g.
//   a state came in between) is stale and ignored; any other gap, or a patch that does not apply, asks the
//   caller to send a `sync`. While that sync is unanswered (up to syncWaitMs), further gaps are ignored rather
//   than asking again: one sync per gap.
// - One move at a time: after acted(), mayAct() stays false until the patch of that move (`by` this seat), a
//   full state newer than the version the move was chosen on, or forgetAction() (an error refused it). A state
//   at that same version was made before the move arrived (a sync asked for earlier, a second /join): the move
//   is still on its way. "A new version" is not enough either: where several seats act at once (Santa Cruz's
//   secret discards), another seat's patch arrives first and still offers the move just sent.
// - The trail of other players' moves (the board's last-move marks, issue 12): the JSON paths each patch with a
//   `by` changed, gathered by seat. A patch of this seat's own move clears it (the marks last until your next
//   move); for a spectator a seat's entry restarts when that seat moves again after another one. A full state
//   carries no history: the trail starts again empty. This is display only; the C++ copy has no need of it.
//
// Pure data: no I/O, no DOM; runs in browsers and in Node.

import { applyPatch } from './patch.js';

/** What a message did: nothing, a new view, or the caller must send {type: 'sync', room}. */
export const Update = Object.freeze({ ignored: 'ignored', updated: 'updated', needSync: 'need_sync' });

const isInteger = (v) => Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

export class ViewTracker {
  /**
   * @param {object} [options]
   * @param {number} [options.syncWaitMs]  how long a sync asked for silences further gaps (then it is asked again)
   * @param {() => number} [options.now]  the clock, in ms (tests pass their own)
   */
  constructor({ syncWaitMs = 5000, now = () => Date.now() } = {}) {
    this.syncWaitMs = syncWaitMs;
    this.now = now;
    this.reset();
  }

  /** Forgets the room and the view (before following another room or game). */
  reset() {
    this.room = null; // the room followed, set by the first state; other rooms are ignored until reset()
    this.view = null; // the last good view (kept on screen after a failed patch, until the sync answer)
    this.staticData = {}; // the game's unchanging data from the last state ({} when none was sent)
    this.version = 0;
    this.seat = null; // this client's seat index, null for a spectator
    this.hasView = false; // the view is current: false before the first state and after a failed patch
    this.patchError = null; // why the patch just taken did not apply, or null
    this.moveInFlight = false; // a move was sent and neither its patch nor a refusal has come
    this.actedVersion = -1; // the version that move was chosen on
    this.syncAskedAt = null; // when need_sync was last answered, until a state comes
    this.trail = new Map(); // seat -> {moves, paths: Set of JSON pointers, log: [lines]}: see changedSince()
    this.lastBy = null; // the seat whose patch came last
  }

  /**
   * What other seats changed since this seat's last move (a spectator: since each seat's last turn began), as
   * [{seat, moves, paths: [JSON pointer], log: [line]}] by seat; `log` holds the patches' `log` lines.
   */
  changedSince() {
    return [...this.trail.entries()]
      .sort(([a], [b]) => a - b)
      .map(([seat, e]) => ({ seat, moves: e.moves, paths: [...e.paths], log: [...e.log] }));
  }

  noteTrail(message) {
    const by = message.by;
    if (!isInteger(by)) return; // not a move (e.g. a seat changing hands): nothing to mark
    if (this.seat !== null && by === this.seat) {
      this.trail.clear();
    } else {
      let entry = this.trail.get(by);
      if (!entry || (this.seat === null && this.lastBy !== by)) {
        entry = { moves: 0, paths: new Set(), log: [] };
        this.trail.set(by, entry);
      }
      entry.moves += 1;
      for (const op of message.ops) {
        if (op && typeof op.path === 'string') entry.paths.add(op.path);
        if (op && typeof op.from === 'string') entry.paths.add(op.from);
      }
      if (Array.isArray(message.log)) entry.log.push(...message.log.filter((l) => typeof l === 'string'));
    }
    this.lastBy = by;
  }

  /** A new connection: a move sent on the old one may be lost, and a sync asked there is never answered. */
  reconnected() {
    this.moveInFlight = false;
    this.syncAskedAt = null;
  }

  /** This client's seat must act now, with legal moves, and no move of its own is still on its way. */
  mayAct() {
    if (!this.hasView || this.seat === null || this.moveInFlight) return false;
    const { to_act: toAct, legal } = this.view;
    return Array.isArray(toAct) && Array.isArray(legal) && legal.length > 0 && toAct.includes(this.seat);
  }

  /** A move was sent for the current view. */
  acted() {
    this.moveInFlight = true;
    this.actedVersion = this.version;
  }

  /** The move sent will not be applied (an error answered it): the seat may act again. */
  forgetAction() {
    this.moveInFlight = false;
  }

  /**
   * Takes any server message; returns Update.updated when the view changed, Update.needSync when the caller
   * must send {type: 'sync', room: tracker.room}, else Update.ignored.
   */
  onMessage(message) {
    if (!isObject(message) || (message.type !== 'state' && message.type !== 'patch')) return Update.ignored;
    if (!isInteger(message.room)) return Update.ignored;
    if (this.room !== null && this.room !== message.room) return Update.ignored;
    return message.type === 'state' ? this.onState(message) : this.onPatch(message);
  }

  onState(message) {
    if (!isObject(message.view) || !isInteger(message.version)) return Update.ignored;
    this.room = message.room;
    this.view = message.view;
    this.version = message.version;
    this.seat = isInteger(message.seat) ? message.seat : null;
    this.staticData = isObject(message.static) ? message.static : {};
    this.hasView = true;
    this.patchError = null;
    this.syncAskedAt = null;
    this.trail.clear();
    this.lastBy = null;
    if (this.version > this.actedVersion) this.moveInFlight = false; // made after our move: it shows it
    return Update.updated;
  }

  onPatch(message) {
    if (this.room === null) return Update.ignored; // not following a room yet: its state will come
    this.patchError = null;
    const { from, to, ops } = message;
    if (!isInteger(from) || !isInteger(to) || !Array.isArray(ops)) return this.askSync();
    if (this.hasView && to <= this.version) return Update.ignored; // stale: already in the view held
    if (!this.hasView || from !== this.version) return this.askSync();
    try {
      this.view = applyPatch(this.view, ops); // leaves the held view intact when it throws
    } catch (e) {
      this.hasView = false;
      this.patchError = e.message;
      return this.askSync();
    }
    this.version = to;
    this.noteTrail(message);
    if (this.seat !== null && message.by === this.seat) this.moveInFlight = false;
    return Update.updated;
  }

  askSync() {
    const now = this.now();
    if (this.syncAskedAt !== null && now - this.syncAskedAt < this.syncWaitMs) return Update.ignored;
    this.syncAskedAt = now;
    return Update.needSync;
  }
}
