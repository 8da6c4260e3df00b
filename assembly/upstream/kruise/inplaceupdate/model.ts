// In-memory forms of the Kruise values the in-place update code passes around, with their Go JSON
// (encoding/json: struct fields in declaration order, omitempty, map keys sorted by bytes, strings with
// HTML escaping, []byte as base64, Quantity as its canonical string):
//   UpdateSpec (pkg/util/inplaceupdate), metav1.ObjectMeta restricted to labels/annotations (the only
//   fields the default code fills), v1.ResourceRequirements restricted to limits/requests.

import { ByteSink } from "../../../io/sink";
import { writeGoString } from "../../../json/strings";
import { writeBase64 } from "../../../typed/encode";
import { Quantity } from "../../../quantity/quantity";
import { writeQuantityJSON } from "../../../quantity/canonical";

/** Byte order of two strings as Go compares them (UTF-8 bytes). */
export function goLess(a: string, b: string): i32 {
  const x = String.UTF8.encode(a);
  const y = String.UTF8.encode(b);
  const n = min(x.byteLength, y.byteLength);
  const d = memory.compare(changetype<usize>(x), changetype<usize>(y), <usize>n);
  if (d != 0) return d;
  return x.byteLength - y.byteLength;
}

/** `keys` sorted as Go's json.Marshal sorts map keys. */
export function sortedKeys(keys: Array<string>): Array<string> {
  const s = keys.slice(0);
  s.sort((a: string, b: string): i32 => goLess(a, b));
  return s;
}

/**
 * Writes `s` quoted as it is when every character is printable ASCII that no JSON writer escapes (not `"`
 * or `\\`; with `html`, not `<`, `>` or `&` either); false, nothing written, otherwise.
 */
export function plainQuoted(out: ByteSink, s: string, html: bool): bool {
  const n = s.length;
  const sp = changetype<usize>(s);
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u16>(sp + (<usize>i << 1));
    if (c < 0x20 || c > 0x7e || c == 0x22 || c == 0x5c || (html && (c == 0x3c || c == 0x3e || c == 0x26))) return false;
  }
  out.reserve(n + 2);
  const base = out.ptr + <usize>out.len;
  store<u8>(base, 0x22);
  for (let i = 0; i < n; i++) store<u8>(base + 1 + <usize>i, <u8>load<u16>(sp + (<usize>i << 1)));
  store<u8>(base + 1 + <usize>n, 0x22);
  out.len += n + 2;
  return true;
}

/** Appends ASCII text `s` (no checks; for literals). */
export function lit(out: ByteSink, s: string): void {
  const n = s.length;
  const sp = changetype<usize>(s);
  out.reserve(n);
  const base = out.ptr + <usize>out.len;
  for (let i = 0; i < n; i++) store<u8>(base + <usize>i, <u8>load<u16>(sp + (<usize>i << 1)));
  out.len += n;
}

/** Writes a Go string with encoding/json's escaping (HTML-safe). */
export function goStr(out: ByteSink, s: string): void {
  if (plainQuoted(out, s, true)) return;
  const b = new ByteSink(s.length * 3 + 2);
  b.utf8(s);
  writeGoString(out, b.ptr, b.len, true, false, true);
}

/** A map[string]string in insertion order; `nil` distinguishes a nil map from an empty one. */
export class StrMap {
  /** Keys in insertion order (read only: change the map through set and delete). */
  keys: Array<string> = new Array<string>();
  vals: Array<string> = new Array<string>();
  private at: Map<string, i32> = new Map<string, i32>();

  get size(): i32 { return this.keys.length; }
  has(k: string): bool { return this.at.has(k); }
  get(k: string): string {
    return this.at.has(k) ? this.vals[this.at.get(k)] : "";
  }
  set(k: string, v: string): void {
    if (this.at.has(k)) { this.vals[this.at.get(k)] = v; return; }
    this.at.set(k, this.keys.length);
    this.keys.push(k);
    this.vals.push(v);
  }
  delete(k: string): void {
    if (!this.at.has(k)) return;
    const i = this.at.get(k);
    this.keys.splice(i, 1);
    this.vals.splice(i, 1);
    this.at.delete(k);
    for (let j = i; j < this.keys.length; j++) this.at.set(this.keys[j], j);
  }
  /** Go JSON of the map (`{}` when empty). */
  write(out: ByteSink): void {
    const ks = sortedKeys(this.keys);
    out.byte(0x7b);
    for (let i = 0; i < ks.length; i++) {
      if (i > 0) out.byte(0x2c);
      goStr(out, ks[i]);
      out.byte(0x3a);
      goStr(out, this.get(ks[i]));
    }
    out.byte(0x7d);
  }
}

/** A v1.ResourceList (name → Quantity). */
export class QMap {
  /** Keys in insertion order (read only: change the map through set). */
  keys: Array<string> = new Array<string>();
  vals: Array<Quantity> = new Array<Quantity>();
  private at: Map<string, i32> = new Map<string, i32>();

  get size(): i32 { return this.keys.length; }
  get(k: string): Quantity | null {
    return this.at.has(k) ? this.vals[this.at.get(k)] : null;
  }
  set(k: string, q: Quantity): void {
    if (this.at.has(k)) { this.vals[this.at.get(k)] = q; return; }
    this.at.set(k, this.keys.length);
    this.keys.push(k);
    this.vals.push(q);
  }
  write(out: ByteSink): void {
    const ks = sortedKeys(this.keys);
    out.byte(0x7b);
    for (let i = 0; i < ks.length; i++) {
      if (i > 0) out.byte(0x2c);
      goStr(out, ks[i]);
      out.byte(0x3a);
      writeQuantityJSON(out, this.get(ks[i])!);
    }
    out.byte(0x7d);
  }
}

/** metav1.ObjectMeta as the in-place code uses it: labels and annotations. */
export class ObjMeta {
  labels: StrMap | null = null;
  annotations: StrMap | null = null;

  /** json.Marshal(metav1.ObjectMeta{Labels, Annotations}). */
  write(out: ByteSink): void {
    lit(out, "{\"creationTimestamp\":null");
    const l = this.labels;
    if (l !== null && l.size > 0) { lit(out, ",\"labels\":"); l.write(out); }
    const a = this.annotations;
    if (a !== null && a.size > 0) { lit(out, ",\"annotations\":"); a.write(out); }
    out.byte(0x7d);
  }
}

/** v1.ResourceRequirements: limits and requests. */
export class ResReq {
  limits: QMap | null = null;
  requests: QMap | null = null;

  /** json.Marshal(v1.ResourceRequirements{Limits, Requests}). */
  write(out: ByteSink): void {
    out.byte(0x7b);
    let first = true;
    const l = this.limits;
    if (l !== null && l.size > 0) { lit(out, "\"limits\":"); l.write(out); first = false; }
    const r = this.requests;
    if (r !== null && r.size > 0) { if (!first) out.byte(0x2c); lit(out, "\"requests\":"); r.write(out); }
    out.byte(0x7d);
  }
}

/** A map[string]V of container name → value, insertion order. */
export class Named<T> {
  /** Keys in insertion order (read only: change the map through set). */
  keys: Array<string> = new Array<string>();
  vals: Array<T> = new Array<T>();
  private at: Map<string, i32> = new Map<string, i32>();

  get size(): i32 { return this.keys.length; }
  has(k: string): bool { return this.at.has(k); }
  get(k: string): T {
    return this.vals[this.at.has(k) ? this.at.get(k) : -1];
  }
  set(k: string, v: T): void {
    if (this.at.has(k)) { this.vals[this.at.get(k)] = v; return; }
    this.at.set(k, this.keys.length);
    this.keys.push(k);
    this.vals.push(v);
  }
}

/** Writes a Named<ObjMeta> as Go JSON. */
export function writeMetas(out: ByteSink, m: Named<ObjMeta>): void {
  const ks = sortedKeys(m.keys);
  out.byte(0x7b);
  for (let i = 0; i < ks.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStr(out, ks[i]);
    out.byte(0x3a);
    m.get(ks[i]).write(out);
  }
  out.byte(0x7d);
}

/** Writes a Named<ResReq> as Go JSON. */
export function writeResources(out: ByteSink, m: Named<ResReq>): void {
  const ks = sortedKeys(m.keys);
  out.byte(0x7b);
  for (let i = 0; i < ks.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStr(out, ks[i]);
    out.byte(0x3a);
    m.get(ks[i]).write(out);
  }
  out.byte(0x7d);
}

/** inplaceupdate.UpdateSpec. */
export class UpdateSpec {
  revision: string = "";
  containerImages: StrMap = new StrMap();
  containerRefMetadata: Named<ObjMeta> = new Named<ObjMeta>();
  containerResources: Named<ResReq> = new Named<ResReq>();
  /** MetaDataPatch bytes; `hasPatch` false means nil. */
  hasPatch: bool = false;
  patch: ByteSink = new ByteSink(16);
  updateEnvFromMetadata: bool = false;
  graceSeconds: i32 = 0;

  /** VerticalUpdateOnly(). */
  verticalUpdateOnly(): bool {
    return this.containerResources.size > 0 && this.containerImages.size == 0 && !this.updateEnvFromMetadata;
  }

  /** json.Marshal(spec). */
  write(out: ByteSink): void {
    lit(out, "{\"revision\":");
    goStr(out, this.revision);
    if (this.containerImages.size > 0) { lit(out, ",\"containerImages\":"); this.containerImages.write(out); }
    if (this.containerRefMetadata.size > 0) { lit(out, ",\"containerRefMetadata\":"); writeMetas(out, this.containerRefMetadata); }
    if (this.containerResources.size > 0) { lit(out, ",\"containerResources\":"); writeResources(out, this.containerResources); }
    if (this.hasPatch && this.patch.len > 0) {
      lit(out, ",\"metaDataPatch\":\"");
      writeBase64(out, this.patch.ptr, this.patch.len);
      out.byte(0x22);
    }
    if (this.updateEnvFromMetadata) lit(out, ",\"updateEnvFromMetadata\":true");
    if (this.graceSeconds != 0) { lit(out, ",\"graceSeconds\":"); out.int(this.graceSeconds); }
    out.byte(0x7d);
  }
}
