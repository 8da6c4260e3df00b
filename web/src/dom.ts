// A small DOM helper: elements with attributes and children, text always as text nodes (never HTML).

/** Attributes of `h`: strings/numbers set as attributes, booleans toggle them, functions become listeners (on…). */
export type Attrs = { [name: string]: string | number | boolean | undefined | ((ev: Event) => void) };

/** A child: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Creates an HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Creates an SVG element. */
export function s(tag: string, attrs: Attrs = {}, ...children: (Child | Child[])[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Sets attributes and listeners on an element. */
function setAttrs(el: Element, attrs: Attrs): void {
  for (const [name, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === "function") el.addEventListener(name.slice(2).toLowerCase(), v);
    else el.setAttribute(name, v === true ? "" : String(v));
  }
}

/** Appends children (flattened) as nodes or text. */
function append(el: Element, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "object" ? c : String(c));
  }
}

/** The element with id `id` (throws when the page lacks it). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`page element #${id} is missing`);
  return el as T;
}

/** Replaces all children of `el`. */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}
