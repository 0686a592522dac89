// Unit tests of the JavaScript view tracker (web-client/view_tracker.js), the client rules for `state`, `patch`,
// `by` and `sync` shared by the web client and the JavaScript bot example. The same cases as the C++ copy's
// tests (tests/bots/strategy_test.cpp, BotViewTracker.*), plus the one-sync-per-gap rule. Runs in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewTracker, Update } from '../../web-client/view_tracker.js';

const state = (room, version, seat, view, extra = {}) => ({ type: 'state', room, version, seat, view, ...extra });
const patch = (room, from, to, ops, by) => ({ type: 'patch', room, from, to, ops, ...(by === undefined ? {} : { by }) });
const replace = (path, value) => ({ op: 'replace', path, value });

/** A tracker on a hand-turned clock: `clock.ms` is now. */
function trackerWithClock() {
  const clock = { ms: 1000 };
  return { tracker: new ViewTracker({ syncWaitMs: 5000, now: () => clock.ms }), clock };
}

test('state, patch, another room, a gap, a patch that does not apply', () => {
  const { tracker, clock } = trackerWithClock();
  assert.equal(tracker.onMessage({ type: 'chat', text: 'hi' }), Update.ignored);
  assert.equal(tracker.onMessage(patch(3, 1, 2, [])), Update.ignored, 'no room followed yet: the state will come');
  assert.equal(tracker.onMessage(state(3, 1, 1, { a: 1 }, { static: { map: { w: 3 } } })), Update.updated);
  assert.equal(tracker.hasView, true);
  assert.equal(tracker.seat, 1);
  assert.equal(tracker.room, 3);
  assert.deepEqual(tracker.staticData, { map: { w: 3 } });

  assert.equal(tracker.onMessage(patch(3, 1, 2, [replace('/a', 2)], 0)), Update.updated);
  assert.deepEqual(tracker.view, { a: 2 });
  assert.equal(tracker.version, 2);
  assert.deepEqual(tracker.staticData, { map: { w: 3 } }, 'static data is never patched');
  assert.equal(tracker.onMessage(patch(4, 2, 3, [replace('/a', 3)], 0)), Update.ignored, 'another room');
  assert.equal(tracker.onMessage(patch(3, 1, 2, [replace('/a', 7)], 0)), Update.ignored, 'stale: already applied');
  assert.deepEqual(tracker.view, { a: 2 });

  assert.equal(tracker.onMessage(patch(3, 5, 6, [replace('/a', 3)], 0)), Update.needSync, 'a gap');
  assert.deepEqual(tracker.view, { a: 2 }, 'a gap changes nothing');
  clock.ms += 6000; // the sync went unanswered: the next problem asks again
  assert.equal(tracker.onMessage(patch(3, 2, 3, [{ op: 'remove', path: '/nothing' }], 0)), Update.needSync);
  assert.equal(tracker.hasView, false);
  assert.match(tracker.patchError, /nothing|remove/);
  assert.deepEqual(tracker.view, { a: 2 }, 'the last good view is kept (on screen until the sync answer)');
  assert.equal(tracker.onMessage({ type: 'patch', room: 3, from: 2, to: 3 }), Update.ignored, 'no ops, sync already asked');
  assert.equal(tracker.patchError, null, 'the failure is told once, with the patch that failed');

  assert.equal(tracker.onMessage(state(3, 7, null, { a: 9 })), Update.updated);
  assert.equal(tracker.seat, null, 'a spectator');
  assert.equal(tracker.version, 7);
  assert.equal(tracker.hasView, true);
  assert.equal(tracker.patchError, null);
  assert.deepEqual(tracker.staticData, {}, 'a state without static data has none');
  assert.equal(tracker.onMessage(state(3, 8, null, 'not an object')), Update.ignored);

  tracker.reset();
  assert.equal(tracker.room, null);
  assert.equal(tracker.onMessage(state(4, 1, 0, { b: 1 })), Update.updated, 'after reset, any room');
  assert.equal(tracker.room, 4);
});

test('one sync per gap: later gaps wait for its answer, up to syncWaitMs', () => {
  const { tracker, clock } = trackerWithClock();
  tracker.onMessage(state(1, 10, 0, { n: 0 }));
  assert.equal(tracker.onMessage(patch(1, 11, 12, [replace('/n', 2)], 1)), Update.needSync, 'the patch 10->11 went missing');
  clock.ms += 100;
  assert.equal(tracker.onMessage(patch(1, 12, 13, [replace('/n', 3)], 1)), Update.ignored, 'the sync asked covers it');
  clock.ms += 4000;
  assert.equal(tracker.onMessage(patch(1, 13, 14, [replace('/n', 4)], 1)), Update.ignored);
  assert.equal(tracker.onMessage(state(1, 14, 0, { n: 4 })), Update.updated, 'the answer');
  assert.equal(tracker.onMessage(patch(1, 14, 15, [replace('/n', 5)], 1)), Update.updated, 'patches chain again');
  assert.equal(tracker.onMessage(patch(1, 20, 21, [replace('/n', 5)], 1)), Update.needSync, 'a new gap asks at once');
  clock.ms += 5001;
  assert.equal(tracker.onMessage(patch(1, 21, 22, [replace('/n', 5)], 1)), Update.needSync, 'an unanswered sync is asked again');
  tracker.reconnected();
  assert.equal(tracker.onMessage(patch(1, 22, 23, [replace('/n', 5)], 1)), Update.needSync, 'a new connection asks again');
});

// Several seats act at once (secret discards): another seat's patch, computed before our move was applied, still
// offers the move we sent. Only the patch of our own move (`by`), a newer full state or a refusal frees the seat.
test('a seat waits for the patch of its own move', () => {
  const tracker = new ViewTracker();
  const legal = [{ action: { type: 'discard', card: 'SC01' }, text: 'discard SC01' }];
  const view = { to_act: [0, 1], legal };
  assert.equal(tracker.onMessage(state(5, 1, 1, view)), Update.updated);
  assert.equal(tracker.mayAct(), true);
  tracker.acted();
  assert.equal(tracker.mayAct(), false);
  assert.equal(tracker.moveInFlight, true);

  // Seat 0 discards first: our seat is still listed with its (stale) move.
  assert.equal(tracker.onMessage(patch(5, 1, 2, [replace('/to_act', [1])], 0)), Update.updated);
  assert.deepEqual(tracker.view.to_act, [1]);
  assert.equal(tracker.mayAct(), false, 'our discard is on its way: sending it again would be refused');
  // Our discard lands: nobody acts, and we are free again for whatever comes next.
  assert.equal(tracker.onMessage(patch(5, 2, 3, [replace('/to_act', []), replace('/legal', [])], 1)), Update.updated);
  assert.equal(tracker.moveInFlight, false);
  assert.equal(tracker.mayAct(), false, 'not our turn');
  tracker.onMessage(patch(5, 3, 4, [replace('/to_act', [1]), replace('/legal', [{ action: { type: 'pass' }, text: 'pass' }])], 0));
  assert.equal(tracker.mayAct(), true);

  // A patch without `by` (an older server) does not free the seat either.
  tracker.acted();
  tracker.onMessage(patch(5, 4, 5, [replace('/legal', [{ action: { type: 'pass' }, text: 'pass' }])]));
  assert.equal(tracker.mayAct(), false);
  // A refused move frees the seat at once.
  tracker.forgetAction();
  assert.equal(tracker.mayAct(), true);

  // A full state at the version the move was chosen on was made before the move arrived (a sync asked for
  // earlier, a second /join): the move is still on its way. A newer one frees the seat.
  tracker.acted();
  tracker.onMessage(state(5, 5, 1, view));
  assert.equal(tracker.mayAct(), false, 'a state at the version the move was chosen on');
  tracker.onMessage(state(5, 7, 1, view));
  assert.equal(tracker.mayAct(), true, 'a newer state shows the move');
  // A new connection: the move sent on the old one may be lost, so the seat is free.
  tracker.acted();
  tracker.reconnected();
  assert.equal(tracker.mayAct(), true);
  // A spectator (no seat) never acts.
  tracker.onMessage(state(5, 8, null, view));
  assert.equal(tracker.mayAct(), false);
  // Nor a seat whose view has no legal moves.
  tracker.onMessage(state(5, 9, 1, { to_act: [1], legal: [] }));
  assert.equal(tracker.mayAct(), false);
});

test('the trail: paths changed by other seats since my last move, and each seat\'s last turn for a spectator', () => {
  const tracker = new ViewTracker();
  tracker.onMessage(state(5, 1, 0, { a: 0, b: 0, c: [] }));
  assert.deepEqual(tracker.changedSince(), [], 'a full state carries no history');
  tracker.onMessage({ ...patch(5, 1, 2, [replace('/a', 1)], 1), log: ['Bob builds'] });
  tracker.onMessage(patch(5, 2, 3, [replace('/b', 1), { op: 'add', path: '/c/-', value: 1 }], 1));
  tracker.onMessage(patch(5, 3, 4, [replace('/b', 2)], 2));
  tracker.onMessage(patch(5, 4, 5, [replace('/a', 5)])); // no `by`: not a move
  assert.deepEqual(tracker.changedSince(), [
    { seat: 1, moves: 2, paths: ['/a', '/b', '/c/-'], log: ['Bob builds'] },
    { seat: 2, moves: 1, paths: ['/b'], log: [] },
  ]);
  tracker.onMessage(patch(5, 5, 6, [replace('/a', 6)], 0));
  assert.deepEqual(tracker.changedSince(), [], 'my own move clears the marks');
  tracker.onMessage(patch(5, 6, 7, [replace('/b', 7)], 2));
  assert.deepEqual(tracker.changedSince().map((e) => e.seat), [2]);
  tracker.onMessage(state(5, 8, 0, { a: 0, b: 0, c: [] }));
  assert.deepEqual(tracker.changedSince(), [], 'a new full state starts again');

  const watcher = new ViewTracker();
  watcher.onMessage(state(6, 1, null, { a: 0, b: 0 }));
  watcher.onMessage(patch(6, 1, 2, [replace('/a', 1)], 0));
  watcher.onMessage(patch(6, 2, 3, [replace('/b', 1)], 1));
  watcher.onMessage(patch(6, 3, 4, [replace('/b', 2)], 0));
  assert.deepEqual(watcher.changedSince(), [
    { seat: 0, moves: 1, paths: ['/b'], log: [] },
    { seat: 1, moves: 1, paths: ['/b'], log: [] },
  ], 'a spectator sees each seat\'s last turn');
});
