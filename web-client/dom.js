// Tiny DOM helpers. Every string goes in as text (textContent or an attribute), never as HTML: names, chat
// and everything else from the server are untrusted.

/**
 * h('button', {class: 'x', dataset: {testid: 'y'}, onclick: fn}, 'text', childNode, ...)
 * Attributes named on* are event listeners; `dataset` sets data-* attributes; null/false/undefined
 * attributes and children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'dataset') {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'class') {
      el.className = value;
    } else if (key in el && typeof value !== 'string') {
      el[key] = value; // properties such as disabled, selected, value
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * svg('circle', {r: 3, class: 'x'}, child...): an SVG element. Every attribute is set as is (SVG has no
 * properties to set); attributes named on* are listeners; null/false/undefined attributes and children are
 * skipped.
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** Replaces all children of `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);
