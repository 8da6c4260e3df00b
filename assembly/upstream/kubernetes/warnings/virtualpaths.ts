// pkg/api/pod/warnings.go warningsForOverlappingVirtualPaths (1.32+): within one ConfigMap, Secret, DownwardAPI or
// Projected volume, two items whose paths are equal or one inside the other (trailing "/" dropped), and a
// projected source with nothing set. 1.32-1.33 keep the last source's paths across the projected sources, so a
// source that names none of its own (a configMap or secret without items) checks the previous source's paths again;
// 1.34 starts each source afresh and adds PodCertificate paths.

import { Val, SliceV, StructV, PtrV } from "../../../typed/value";
import { fld, str, sliceLen, at, isSet, deref } from "../validation/view";
import { quote } from "../validation/errlist";
import { WarningRecorder } from "./recorder";

/** 1.32: the overlapping-paths warnings appear. */
export const VIRTUAL_PATHS_FROM: i32 = 32;
/** 1.34: each projected source's paths start empty (before: the previous source's are kept), PodCertificate sources count. */
const FRESH_SOURCE_PATHS_FROM: i32 = 34;

/** A path and where it came from (pathAndSource). */
class Source {
  private printed: string | null = null;
  /** Id of the (path, source) pair in its volume's Warned, -1 until assigned. */
  id: i32 = -1;
  constructor(public path: string, public source: string) {}

  /** pathAndSource.String(): %q of the path, then the source in parentheses when there is one (written once). */
  text(): string {
    const t = this.printed;
    if (t !== null) return t;
    const made = this.source.length > 0 ? quote(this.path) + " (" + this.source + ")" : quote(this.path);
    this.printed = made;
    return made;
  }
}

/** The collisions of one volume already warned, by the ids of their two (path, source) pairs: paths that repeat
 *  collide with the square of their number in the same few texts, which are then looked up instead of written again. */
class Warned {
  private ids: Map<string, i32> = new Map<string, i32>();
  private pairs: Set<u64> = new Set<u64>();

  /** The id of `s`'s (path, source) pair, the same for equal pairs (assigned once per Source). */
  id(s: Source): i32 {
    if (s.id >= 0) return s.id;
    const key = s.path + "\u0000" + s.source;
    if (!this.ids.has(key)) this.ids.set(key, this.ids.size);
    s.id = this.ids.get(key);
    return s.id;
  }

  /** True the first time `a` meets `b` (their texts are then warned). */
  first(a: Source, b: Source): bool {
    const k = (<u64>this.id(a) << 32) | <u64>this.id(b);
    if (this.pairs.has(k)) return false;
    this.pairs.add(k);
    return true;
  }
}

/** A non-nil slice (Go's `!= nil`). */
function nonNil(v: Val | null): bool {
  return v !== null && v instanceof SliceV;
}

/** extractPaths / extractPathsDownwardAPI: each item's Path with `source`. */
function paths(items: Val | null, source: string): Array<Source> {
  const out = new Array<Source>();
  for (let i = 0; i < sliceLen(items); i++) out.push(new Source(str(fld(at(items, i), "Path")), source));
  return out;
}

/** strings.TrimRight(p, "/"). */
function trimSlashes(p: string): string {
  let e = p.length;
  while (e > 0 && p.charCodeAt(e - 1) == 0x2f) e--;
  return p.substring(0, e);
}

/** strings.HasPrefix(a+"/", b+"/"): `a` is `b` or lies inside it. */
function within(a: string, b: string): bool {
  return a.startsWith(b) && (a.length == b.length || a.charCodeAt(b.length) == 0x2f);
}

/** Whether checkForOverlap(haystack, needle) keeps haystack item `item`: neither path empty, and the item equal to the
 *  needle or its path containing the needle's or lying inside it. */
function overlaps(item: Source, needle: Source): bool {
  if (needle.path.length == 0 || item.path.length == 0) return false;
  return (item.path == needle.path && item.source == needle.source) || within(item.path, needle.path) || within(needle.path, item.path);
}

/** Checks each path against those before it (checkVolumeMappingForOverlap and the projected loop), adding the
 *  trimmed paths to `all`; each collision warns `volume "<name>" (<desc>): overlapping paths: <path> with <other>`. */
function collide(list: Array<Source>, all: Array<Source>, name: string, desc: string, warned: Warned, out: WarningRecorder): void {
  const head = "volume " + quote(name) + " (" + desc + "): overlapping paths: ";
  for (let i = 0; i < list.length && !out.full(); i++) {
    const ps = new Source(trimSlashes(list[i].path), list[i].source);
    for (let j = 0; j < all.length && !out.full(); j++) {
      const hit = all[j];
      if (overlaps(hit, ps) && warned.first(ps, hit)) out.add(head + ps.text() + " with " + hit.text());
    }
    all.push(ps);
  }
}

/** Whether every field of VolumeProjection `s` is nil (`source == (api.VolumeProjection{})`). */
function emptyProjection(s: Val | null): bool {
  if (s === null) return true;
  const v = changetype<StructV>(s);
  for (let i = 0; i < v.f.length; i++) if (v.f[i] !== null && v.f[i] instanceof PtrV) return false;
  return true;
}

/** The paths one projected source names (the switch of warningsForOverlappingVirtualPaths), or null when no case matches. */
function sourcePaths(s: Val | null, minor: i32): Array<Source> | null {
  const cm = fld(s, "ConfigMap"), sec = fld(s, "Secret"), dw = fld(s, "DownwardAPI");
  if (isSet(cm) && nonNil(fld(cm, "Items"))) return paths(fld(cm, "Items"), "ConfigMap " + quote(str(fld(fld(cm, "LocalObjectReference"), "Name"))));
  if (isSet(sec) && nonNil(fld(sec, "Items"))) return paths(fld(sec, "Items"), "Secret " + quote(str(fld(fld(sec, "LocalObjectReference"), "Name"))));
  if (isSet(dw) && nonNil(fld(dw, "Items"))) return paths(fld(dw, "Items"), "DownwardAPI");
  const sat = fld(s, "ServiceAccountToken");
  if (isSet(sat)) return [new Source(str(fld(sat, "Path")), "ServiceAccountToken")];
  const ctb = fld(s, "ClusterTrustBundle");
  if (isSet(ctb)) {
    const name = isSet(fld(ctb, "Name")) ? str(fld(ctb, "Name")) : str(fld(ctb, "SignerName"));
    return [new Source(str(fld(ctb, "Path")), "ClusterTrustBundle " + quote(name))];
  }
  const pc = fld(s, "PodCertificate");
  if (minor >= FRESH_SOURCE_PATHS_FROM && isSet(pc)) {
    const list = new Array<Source>();
    const chain = str(fld(pc, "CertificateChainPath")), key = str(fld(pc, "KeyPath")), bundle = str(fld(pc, "CredentialBundlePath"));
    if (chain.length > 0) list.push(new Source(chain, "PodCertificate chain"));
    if (key.length > 0) list.push(new Source(key, "PodCertificate key"));
    if (bundle.length > 0) list.push(new Source(bundle, "PodCertificate credential bundle"));
    return list;
  }
  return null;
}

/** warningsForOverlappingVirtualPaths(volumes) at `minor` (1.32+), appended to `out`. */
export function overlappingVirtualPaths(volumes: Val | null, minor: i32, out: WarningRecorder): void {
  for (let i = 0; i < sliceLen(volumes) && !out.full(); i++) {
    const v = at(volumes, i);
    const name = str(fld(v, "Name"));
    const src = fld(v, "VolumeSource");
    const cm = fld(src, "ConfigMap");
    if (isSet(cm) && nonNil(fld(cm, "Items"))) {
      collide(paths(fld(cm, "Items"), ""), new Array<Source>(), name, "ConfigMap " + quote(str(fld(fld(cm, "LocalObjectReference"), "Name"))), new Warned(), out);
    }
    const sec = fld(src, "Secret");
    if (isSet(sec) && nonNil(fld(sec, "Items"))) collide(paths(fld(sec, "Items"), ""), new Array<Source>(), name, "Secret " + quote(str(fld(sec, "SecretName"))), new Warned(), out);
    const dw = fld(src, "DownwardAPI");
    if (isSet(dw) && nonNil(fld(dw, "Items"))) collide(paths(fld(dw, "Items"), ""), new Array<Source>(), name, "DownwardAPI", new Warned(), out);
    const pr = fld(src, "Projected");
    if (!isSet(pr)) continue;
    const sources = fld(deref(pr), "Sources");
    const all = new Array<Source>();
    const warned = new Warned();
    let kept = new Array<Source>();
    for (let j = 0; j < sliceLen(sources); j++) {
      const s = at(sources, j);
      if (emptyProjection(s)) {
        out.add("volume " + quote(name) + " (Projected) has no sources provided");
        continue;
      }
      const named = sourcePaths(s, minor);
      if (named !== null) kept = named;
      else if (minor >= FRESH_SOURCE_PATHS_FROM) kept = new Array<Source>();
      if (kept.length == 0) continue;
      collide(kept, all, name, "Projected", warned, out);
    }
  }
}
