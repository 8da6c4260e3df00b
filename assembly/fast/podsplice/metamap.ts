// The recognizer of plain label/annotation MetaDataPatches: {"metadata":{"annotations":{...},"labels":{...}}}
// with string or null values. The strategic merge patch of such a patch onto json.Marshal(pod) sets or
// deletes those keys of the two maps (creating a missing map) and changes nothing else, so the shortcuts of
// PatchSpecToPod (typedmeta.ts on the typed pod, podsplice.ts on its text) may apply it directly. Any other
// shape (other keys, directives, duplicate keys, escapes, non-ASCII bytes, whitespace) gives null: the
// port's strategic merge patch (upstream/kruise/inplaceupdate/patchpod.ts MetaDataPatcher) answers.

/** One entry of a metadata map patch: kind 0 labels / 1 annotations, the key and value bytes (value n < 0: null). */
export class MetaEntry {
  constructor(public kind: i32, public kp: usize, public kn: i32, public vp: usize, public vn: i32) {}
}

/** Position of the closing quote of a plain printable-ASCII string starting after the quote at `i`, or -1. */
function plainString(p: usize, n: i32, i: i32): i32 {
  for (let j = i; j < n; j++) {
    const c = load<u8>(p + <usize>j);
    if (c == 0x22) return j;
    if (c < 0x20 || c > 0x7e || c == 0x5c) return -1;
  }
  return -1;
}

/** True when the bytes at i are exactly `s`. */
function at(p: usize, n: i32, i: i32, s: string): bool {
  if (i + s.length > n) return false;
  for (let j = 0; j < s.length; j++) if (<i32>load<u8>(p + <usize>(i + j)) != s.charCodeAt(j)) return false;
  return true;
}

/** The entries of one map `{"k":"v"|null,...}` starting at i (kind 0/1) appended to `out`; the index after it, or -1. */
function mapEntries(p: usize, n: i32, i: i32, kind: i32, out: Array<MetaEntry>): i32 {
  if (!at(p, n, i, "{")) return -1;
  i++;
  if (at(p, n, i, "}")) return i + 1;
  let more = true;
  while (more) {
    if (!at(p, n, i, "\"")) return -1;
    const ke = plainString(p, n, i + 1);
    if (ke < 0 || !at(p, n, ke + 1, ":")) return -1;
    const kp = p + <usize>(i + 1);
    const kn = ke - i - 1;
    i = ke + 2;
    if (at(p, n, i, "null")) {
      out.push(new MetaEntry(kind, kp, kn, 0, -1));
      i += 4;
    } else {
      if (!at(p, n, i, "\"")) return -1;
      const ve = plainString(p, n, i + 1);
      if (ve < 0) return -1;
      out.push(new MetaEntry(kind, kp, kn, p + <usize>(i + 1), ve - i - 1));
      i = ve + 1;
    }
    if (at(p, n, i, ",")) i++;
    else if (at(p, n, i, "}")) { i++; more = false; }
    else return -1;
  }
  return i;
}

/** The entries of a metadata-only labels/annotations patch, or null when the patch has another shape. */
export function metadataMapPatch(p: usize, n: i32): Array<MetaEntry> | null {
  const out = new Array<MetaEntry>();
  if (n == 2 && at(p, n, 0, "{}")) return out;
  if (!at(p, n, 0, "{\"metadata\":{")) return null;
  let i = 13;
  if (at(p, n, i, "}")) i++;
  else {
    let seen = 0;
    let more = true;
    while (more) {
      let kind = -1;
      if (at(p, n, i, "\"labels\":")) { kind = 0; i += 9; }
      else if (at(p, n, i, "\"annotations\":")) { kind = 1; i += 14; }
      if (kind < 0 || (seen & (1 << kind)) != 0) return null;
      seen |= 1 << kind;
      i = mapEntries(p, n, i, kind, out);
      if (i < 0) return null;
      if (at(p, n, i, ",")) i++;
      else if (at(p, n, i, "}")) { i++; more = false; }
      else return null;
    }
  }
  if (i + 1 != n || !at(p, n, i, "}")) return null;
  return out;
}
