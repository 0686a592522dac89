// RFC 6902 JSON Patch over RFC 6901 JSON Pointers. The server sends each seat the diff from the view it
// sent last (a `patch` message with from/to versions); applyPatch returns the new view and never changes
// the one it is given, so a failed patch leaves the held view intact (the caller then asks for a `sync`).

export class PatchError extends Error {
  constructor(message, op) {
    super(op ? `${message} (op ${JSON.stringify(op)})` : message);
    this.name = 'PatchError';
  }
}

/** "/a/b~1c/~0d" -> ["a", "b/c", "~d"]; "" -> [] (the whole document). */
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new PatchError('a JSON Pointer is a string');
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`a JSON Pointer starts with "/": ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~(?![01])/.test(token)) throw new PatchError(`bad escape in JSON Pointer: ${pointer}`);
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

function arrayIndex(array, token, { allowEnd }) {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index: ${token}`);
  const index = Number(token);
  if (index > array.length || (!allowEnd && index === array.length))
    throw new PatchError(`array index ${index} out of range (length ${array.length})`);
  return index;
}

/** The value a pointer designates; throws if there is none. */
export function getPointer(doc, pointer) {
  let node = doc;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, { allowEnd: false })];
    else if (isObject(node) && own(node, token)) node = node[token];
    else throw new PatchError(`no value at ${pointer}`);
  }
  return node;
}

function parentOf(doc, tokens, pointer) {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, { allowEnd: false })];
    else if (isObject(node) && own(node, token)) node = node[token];
    else throw new PatchError(`no parent for ${pointer}`);
  }
  if (!Array.isArray(node) && !isObject(node)) throw new PatchError(`the parent of ${pointer} is not a container`);
  return node;
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => own(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

const clone = (v) => (v === undefined ? v : structuredClone(v));

// Each op works on `doc` in place (a private copy) and returns the document (the root may be replaced).
function add(doc, pointer, value) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, { allowEnd: true }), 0, value);
  else parent[last] = value;
  return doc;
}

function remove(doc, pointer) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) throw new PatchError('cannot remove the whole document');
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, last, { allowEnd: false });
    return [doc, parent.splice(index, 1)[0]];
  }
  if (!own(parent, last)) throw new PatchError(`no value to remove at ${pointer}`);
  const value = parent[last];
  delete parent[last];
  return [doc, value];
}

function replace(doc, pointer, value) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[arrayIndex(parent, last, { allowEnd: false })] = value;
  else if (own(parent, last)) parent[last] = value;
  else throw new PatchError(`no value to replace at ${pointer}`);
  return doc;
}

/** Applies `ops` to a copy of `doc` and returns the copy. Throws a PatchError on the first op that fails. */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError('a patch is an array of operations');
  let result = clone(doc);
  for (const op of ops) {
    if (!isObject(op) || typeof op.op !== 'string') throw new PatchError('an operation is an object with "op"', op);
    if (typeof op.path !== 'string') throw new PatchError('an operation needs a "path"', op);
    const needsValue = op.op === 'add' || op.op === 'replace' || op.op === 'test';
    if (needsValue && !own(op, 'value')) throw new PatchError('an operation needs a "value"', op);
    try {
      switch (op.op) {
        case 'add':
          result = add(result, op.path, clone(op.value));
          break;
        case 'remove':
          [result] = remove(result, op.path);
          break;
        case 'replace':
          result = replace(result, op.path, clone(op.value));
          break;
        case 'move': {
          if (typeof op.from !== 'string') throw new PatchError('move needs a "from"');
          if (op.from === op.path) break;
          if (op.path.startsWith(op.from + '/')) throw new PatchError('cannot move a value into itself');
          let value;
          [result, value] = remove(result, op.from);
          result = add(result, op.path, value);
          break;
        }
        case 'copy':
          if (typeof op.from !== 'string') throw new PatchError('copy needs a "from"');
          result = add(result, op.path, clone(getPointer(result, op.from)));
          break;
        case 'test':
          if (!deepEqual(getPointer(result, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
          break;
        default:
          throw new PatchError(`unknown operation "${op.op}"`);
      }
    } catch (e) {
      if (e instanceof PatchError && !e.message.includes('(op ')) throw new PatchError(e.message, op);
      throw e;
    }
  }
  return result;
}
