// Checks a YAML document around the `yaml` package's recursive steps, without recursion and in time linear
// in the document: the nesting depth of its token tree (before the package composes it, one stack frame
// per level), then on the composed tree duplicate keys (the package's own check compares every key with
// every earlier one, so it is turned off), nesting with aliases expanded, and aliases themselves. Each
// alias is resolved here (the package's resolution scans the document per alias) and replaced by the node
// it names, so converting the tree to JS costs what the expanded document holds, which is capped.

import { CST, isAlias, isCollection, isMap, isPair, isScalar, type Document, type Node } from "yaml";
import { tooDeepMessage, type InputLimits } from "./limits.js";

/** Something wrong with a document: the source offset it is at and the message. */
export interface Problem {
  offset: number;
  message: string;
}

/** A duplicate key, with where the package would have reported it among the document's other errors. */
export interface Duplicate extends Problem {
  order: number;
}

/** What checkTree found: the first duplicate key (in the package's order) and the first other problem, if any, and
 *  how many nodes the aliases added. */
export interface TreeCheck {
  duplicate?: Duplicate;
  problem?: Problem;
  aliasNodes?: number;
}

/** The offset of the first collection token nested deeper than `maxDepth`, or -1. */
export function tokenTooDeep(token: CST.Token, maxDepth: number): number {
  const stack: { token: CST.Token; depth: number }[] = [{ token, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const t = top.token;
    if (t.type === "document" && t.value !== undefined) stack.push({ token: t.value, depth: top.depth });
    if (!CST.isCollection(t)) continue;
    const depth = top.depth + 1;
    if (depth > maxDepth) return t.offset;
    // pushed last first, so tokens come off the stack in document order
    for (let i = t.items.length - 1; i >= 0; i--) {
      const item = t.items[i]!;
      if (item.value) stack.push({ token: item.value, depth });
      if (item.key) stack.push({ token: item.key, depth });
    }
  }
  return -1;
}

/** The offset of the collection nested deeper than `maxDepth` among the parser's open tokens, or -1 (cheap while few are open). */
export function openTooDeep(open: readonly CST.Token[], maxDepth: number): number {
  // open: the document, its open collections, at most one scalar on top
  if (open.length <= maxDepth + 2) return -1;
  let depth = 0;
  for (const t of open) if (CST.isCollection(t) && ++depth > maxDepth) return t.offset;
  return -1;
}

/** Height (collection levels, 0 for a scalar) and node count of a finished subtree, aliases expanded. */
interface Measure {
  height: number;
  size: number;
}

/** A collection being walked: its children are item k >> 1, or the key (k even) or value (k odd) of a pair item. */
interface Frame {
  items: unknown[];
  node: Node | undefined;
  depth: number;
  next: number;
  height: number;
  size: number;
}

/** The start offset of a node. */
function offsetOf(node: Node): number {
  return node.range?.[0] ?? 0;
}

/** The first key among a map's `items` equal to an earlier one (the package's equality: same scalar value), if any. */
function duplicateKey(items: unknown[], flow: boolean): Duplicate | undefined {
  const seen = new Set<unknown>();
  for (const pair of items) {
    const key = isPair(pair) ? pair.key : undefined;
    if (!isScalar(key) || Number.isNaN(key.value)) continue;
    if (!seen.has(key.value)) {
      seen.add(key.value);
      continue;
    }
    // the package checks a flow map's key once its value is read (errors in the value come first), a block map's before
    const value = (pair as { value?: Node | null }).value;
    const order = flow && value ? (value.range?.[1] ?? offsetOf(key)) : offsetOf(key);
    return { offset: offsetOf(key), message: "Map keys must be unique", order };
  }
  return undefined;
}

/** The slot of a frame's k-th child: the key or value of a pair item, or the item itself (k even). */
function slotOf(items: unknown[], k: number): { holder: { [slot: string]: unknown }; slot: string | number } | undefined {
  const item = items[k >> 1];
  if (isPair(item)) return { holder: item as unknown as { [slot: string]: unknown }, slot: k & 1 ? "value" : "key" };
  return k & 1 ? undefined : { holder: items as unknown as { [slot: string]: unknown }, slot: k >> 1 };
}

/** Walks `doc`'s tree: finds duplicate keys and problems, replaces aliases by their nodes and drops anchors. */
export function checkTree(doc: Document, limits: InputLimits): TreeCheck {
  const out: TreeCheck = {};
  const anchors = new Map<string, Node>(); // the last node with each anchor so far, in document order
  const done = new Map<Node, Measure>(); // anchored nodes whose subtree is finished
  let added = 0; // nodes the aliases add
  const stack: Frame[] = [{ items: [doc.contents], node: undefined, depth: 0, next: 0, height: 0, size: 0 }];
  const fail = (node: Node, message: string): TreeCheck => ({ ...out, problem: { offset: offsetOf(node), message } });
  /** Adds a finished child's measure to the frame holding it. */
  const count = (f: Frame, m: Measure): void => {
    f.height = Math.max(f.height, m.height);
    f.size += m.size;
  };
  /** Records a finished anchored node (its anchor is not needed once aliases are replaced). */
  const finish = (node: Node, m: Measure): void => {
    if (!node.anchor) return;
    done.set(node, m);
    node.anchor = undefined;
  };
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next >= 2 * f.items.length) {
      stack.pop();
      const m = { height: f.height + 1, size: f.size + 1 };
      if (f.node !== undefined) finish(f.node, m);
      if (stack.length > 0) count(stack[stack.length - 1]!, m);
      continue;
    }
    const at = slotOf(f.items, f.next++);
    const child = at?.holder[at.slot] as Node | null | undefined;
    if (at === undefined || child === null || child === undefined) continue;
    if (isAlias(child)) {
      const target = anchors.get(child.source);
      if (target === undefined) return fail(child, `Unresolved alias (the anchor must be set before the alias): ${child.source}`);
      const m = done.get(target);
      if (m === undefined) return fail(child, `alias *${child.source} is inside the node it names`);
      if (f.depth + m.height > limits.maxDepth) return fail(child, `alias *${child.source}: ${tooDeepMessage(limits.maxDepth)}`);
      added += m.size - 1;
      if (added > limits.maxAliasNodes) return fail(child, `aliases add more than ${limits.maxAliasNodes} nodes to this document (--max-alias-nodes)`);
      at.holder[at.slot] = target;
      count(f, m);
      continue;
    }
    if (child.anchor) anchors.set(child.anchor, child);
    if (!isCollection(child)) {
      finish(child, { height: 0, size: 1 });
      count(f, { height: 0, size: 1 });
      continue;
    }
    if (f.depth + 1 > limits.maxDepth) return fail(child, tooDeepMessage(limits.maxDepth));
    const dup = isMap(child) ? duplicateKey(child.items, child.flow === true) : undefined;
    if (dup !== undefined && (out.duplicate === undefined || dup.order < out.duplicate.order)) out.duplicate = dup;
    stack.push({ items: child.items as unknown[], node: child, depth: f.depth + 1, next: 0, height: 0, size: 0 });
  }
  return { ...out, aliasNodes: added };
}
