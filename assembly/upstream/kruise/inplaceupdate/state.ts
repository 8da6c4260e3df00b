// apps.kruise.io/inplace-update-state (appspub.InPlaceUpdateState) as the in-place code keeps it, written as
// json.Marshal writes it (struct order: revision, updateTimestamp (metav1.Time: UTC RFC 3339 seconds, zero →
// null), lastContainerStatuses (no omitempty: nil → null), then the omitempty fields). Reading it (and the
// UpdateSpec, the runtime containers meta) as json.Unmarshal does: unmarshal.ts.

import { ByteSink } from "../../../io/sink";
import { formatRFC3339UTC } from "../../../typed/time";
import { UpdateSpec, StrMap, ObjMeta, ResReq, Named, goStr, sortedKeys, writeMetas, writeResources } from "./model";

/** The pod annotation holding the state (appspub.InPlaceUpdateStateKey). */
export const STATE_KEY = "apps.kruise.io/inplace-update-state";

/** A metav1.Time: zero, or `ext` seconds since January 1, year 1 UTC (sub-second part dropped on output). */
export class KTime {
  zero: bool = true;
  ext: i64 = 0;
  /** Nanoseconds within the second (kept from parsing; not written). */
  nsec: i64 = 0;

  /** MarshalJSON. */
  write(out: ByteSink): void {
    if (this.zero) { out.ascii("null"); return; }
    out.byte(0x22);
    formatRFC3339UTC(out, this.ext);
    out.byte(0x22);
  }
}

/** One containerBatchesRecord entry. */
export class Batch {
  timestamp: KTime = new KTime();
  /** null: a nil slice. */
  containers: Array<string> | null = null;
}

/** The state updatePodInPlace of OpenKruise minor `kruise` starts PatchSpecToPod with: {revision, updateTimestamp: now, updateEnvFromMetadata, and from v1.8 updateImages, updateResources}. */
export function updateState(spec: UpdateSpec, now: KTime, kruise: i32): InPlaceState {
  const state = new InPlaceState();
  state.revision = spec.revision;
  state.updateTimestamp = now;
  state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
  if (kruise < 8) return state;
  state.updateImages = spec.containerImages.size > 0;
  state.updateResources = spec.containerResources.size > 0;
  return state;
}

/** appspub.InPlaceUpdateState. */
export class InPlaceState {
  revision: string = "";
  updateTimestamp: KTime = new KTime();
  /** container → imageID; null: nil map. */
  lastContainerStatuses: StrMap | null = null;
  updateEnvFromMetadata: bool = false;
  updateResources: bool = false;
  updateImages: bool = false;
  nextContainerImages: StrMap = new StrMap();
  nextContainerRefMetadata: Named<ObjMeta> = new Named<ObjMeta>();
  nextContainerResources: Named<ResReq> = new Named<ResReq>();
  /** null: nil pointer; otherwise containersRequiredReady (null inside: nil slice). */
  hasPreCheck: bool = false;
  preCheck: Array<string> | null = null;
  batches: Array<Batch> = new Array<Batch>();

  /** json.Marshal(state). */
  write(out: ByteSink): void {
    out.ascii("{\"revision\":");
    goStrFast(out, this.revision);
    out.ascii(",\"updateTimestamp\":");
    this.updateTimestamp.write(out);
    out.ascii(",\"lastContainerStatuses\":");
    const l = this.lastContainerStatuses;
    if (l === null) out.ascii("null");
    else {
      const ks = sortedKeys(l.keys);
      out.byte(0x7b);
      for (let i = 0; i < ks.length; i++) {
        if (i > 0) out.byte(0x2c);
        goStrFast(out, ks[i]);
        const id = l.get(ks[i]);
        if (id.length == 0) out.ascii(":{}");
        else { out.ascii(":{\"imageID\":"); goStrFast(out, id); out.byte(0x7d); }
      }
      out.byte(0x7d);
    }
    if (this.updateEnvFromMetadata) out.ascii(",\"updateEnvFromMetadata\":true");
    if (this.updateResources) out.ascii(",\"updateResources\":true");
    if (this.updateImages) out.ascii(",\"updateImages\":true");
    if (this.nextContainerImages.size > 0) { out.ascii(",\"nextContainerImages\":"); this.nextContainerImages.write(out); }
    if (this.nextContainerRefMetadata.size > 0) { out.ascii(",\"nextContainerRefMetadata\":"); writeMetas(out, this.nextContainerRefMetadata); }
    if (this.nextContainerResources.size > 0) { out.ascii(",\"nextContainerResources\":"); writeResources(out, this.nextContainerResources); }
    if (this.hasPreCheck) {
      out.ascii(",\"preCheckBeforeNext\":{");
      const p = this.preCheck;
      if (p !== null && p.length > 0) { out.ascii("\"containersRequiredReady\":"); writeStrings(out, p); }
      out.byte(0x7d);
    }
    if (this.batches.length > 0) {
      out.ascii(",\"containerBatchesRecord\":[");
      for (let i = 0; i < this.batches.length; i++) {
        const b = this.batches[i];
        if (i > 0) out.byte(0x2c);
        out.ascii("{\"timestamp\":");
        b.timestamp.write(out);
        out.ascii(",\"containers\":");
        if (b.containers === null) out.ascii("null");
        else writeStrings(out, b.containers!);
        out.byte(0x7d);
      }
      out.byte(0x5d);
    }
    out.byte(0x7d);
  }
}

/** goStr without its scratch buffer for the common strings (printable ASCII that Go writes as it is). */
function goStrFast(out: ByteSink, s: string): void {
  const n = s.length;
  const p = changetype<usize>(s);
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u16>(p + (<usize>i << 1));
    if (c < 0x20 || c > 0x7e || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26) { goStr(out, s); return; }
  }
  out.reserve(n + 2);
  const d = out.ptr + <usize>out.len;
  store<u8>(d, 0x22);
  for (let i = 0; i < n; i++) store<u8>(d + <usize>(i + 1), <u8>load<u16>(p + (<usize>i << 1)));
  store<u8>(d + <usize>(n + 1), 0x22);
  out.len += n + 2;
}

/** A []string as JSON. */
export function writeStrings(out: ByteSink, a: Array<string>): void {
  out.byte(0x5b);
  for (let i = 0; i < a.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStrFast(out, a[i]);
  }
  out.byte(0x5d);
}
