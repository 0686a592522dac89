// Unit tests of the web client's JSON Patch (web-client/patch.js): RFC 6902 operations, RFC 6901 escaping,
// and failures that leave the input untouched. Runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, parsePointer, getPointer, PatchError } from '../../web-client/patch.js';

test('pointers unescape ~1 then ~0', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/m~0n/~01'), ['a/b', 'm~n', '~1']);
  assert.throws(() => parsePointer('a'), PatchError);
  assert.throws(() => parsePointer('/a~2'), PatchError);
  assert.equal(getPointer({ 'a/b': { '~': [5, 6] } }, '/a~1b/~0/1'), 6);
});

test('add, remove, replace on objects and arrays', () => {
  const doc = { a: 1, list: [1, 2, 3], o: { x: 1 } };
  const out = applyPatch(doc, [
    { op: 'add', path: '/b', value: { c: [1] } },
    { op: 'add', path: '/list/1', value: 9 },
    { op: 'add', path: '/list/-', value: 4 },
    { op: 'remove', path: '/list/0' },
    { op: 'replace', path: '/a', value: 'one' },
    { op: 'remove', path: '/o/x' },
    { op: 'add', path: '/a~1b', value: true },
  ]);
  assert.deepEqual(out, { a: 'one', b: { c: [1] }, list: [9, 2, 3, 4], o: {}, 'a/b': true });
  assert.deepEqual(doc, { a: 1, list: [1, 2, 3], o: { x: 1 } }, 'the input is not changed');
});

test('move, copy, test', () => {
  const out = applyPatch({ a: { b: [1, 2] }, c: null }, [
    { op: 'copy', from: '/a/b', path: '/d' },
    { op: 'move', from: '/a/b/0', path: '/e' },
    { op: 'test', path: '/d', value: [1, 2] },
    { op: 'test', path: '/c', value: null },
    { op: 'move', from: '/a', path: '/z' },
  ]);
  assert.deepEqual(out, { c: null, d: [1, 2], e: 1, z: { b: [2] } });
  const copied = applyPatch({ a: { n: 1 } }, [{ op: 'copy', from: '/a', path: '/b' }, { op: 'replace', path: '/b/n', value: 2 }]);
  assert.deepEqual(copied, { a: { n: 1 }, b: { n: 2 } }, 'copy is deep');
});

test('the whole document', () => {
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }]), [1]);
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'add', path: '', value: 'x' }]), 'x');
});

test('failures throw and leave the input intact', () => {
  const doc = { a: [1], o: {} };
  const bad = [
    [{ op: 'remove', path: '/missing' }],
    [{ op: 'replace', path: '/o/x', value: 1 }],
    [{ op: 'add', path: '/a/5', value: 1 }],
    [{ op: 'add', path: '/a/01', value: 1 }],
    [{ op: 'remove', path: '/a/1' }],
    [{ op: 'add', path: '/no/such', value: 1 }],
    [{ op: 'test', path: '/a', value: [2] }],
    [{ op: 'move', from: '/o', path: '/o/inner' }],
    [{ op: 'add', path: '/x', value: 1 }, { op: 'frob', path: '/x' }],
    [{ op: 'add', path: '/x' }],
    'not a list',
  ];
  for (const ops of bad) assert.throws(() => applyPatch(doc, ops), PatchError, JSON.stringify(ops));
  assert.deepEqual(doc, { a: [1], o: {} });
});
