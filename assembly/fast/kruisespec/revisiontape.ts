// A ControllerRevision request value read straight from the tape once its whole typed decode is proven
// (typedcheck.ts): metadata.name, metadata.annotations and data, each the only member with its key on the
// way, as upstream/kruise/inplaceupdate/revision.ts `revisionInput` reads them from the decode (which it must
// equal); anything else (an escaped or repeated key, non-ASCII annotation keys) gives up to that decode.

import { Tape, K_OBJECT, K_STRING, F_ESCAPE, F_HIGH } from "../../json/tape";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { RawV } from "../../typed/value";
import { JField } from "../../typed/fields";
import { kruiseGoOfK8s } from "../../base/pins";
import { fieldNamed } from "../../upstream/kruise/inplaceupdate/typed";
import { StrMap } from "../../upstream/kruise/inplaceupdate/model";
import { RevisionInput } from "../../upstream/kruise/inplaceupdate/revision";
import { kruiseType, T_REVISION } from "../../upstream/kruise/inplaceupdate/types";
import { TypedCheck } from "./typedcheck";
import { onlyMember, tapeString } from "./containersview";

/** The RevisionInput of ControllerRevision object `node` on `t` (Kubernetes `minor`); null when the shortcut does not apply (the caller decodes, which also reports errors). */
export function revisionFromTape(t: Tape, node: i32, minor: i32): RevisionInput | null {
  if (t.kind(node) != K_OBJECT) return null;
  const rev = kruiseType(T_REVISION, minor);
  const df: JField | null = rev < 0 ? null : fieldNamed(rev, "data");
  if (df === null) return null;
  const o = new DecodeOptions();
  o.minor = minor;
  o.goMinor = kruiseGoOfK8s(minor);
  o.warnings = false;
  if (!new TypedCheck(t, new Decoder(t, o), null).ok(rev, node, -1)) return null;
  const r = new RevisionInput();
  const meta = onlyMember(t, node, "metadata");
  if (meta == -2) return null;
  if (meta >= 0) {
    const nm = onlyMember(t, meta, "name");
    if (nm == -2) return null;
    if (nm >= 0) r.name = tapeString(t, nm);
    const an = onlyMember(t, meta, "annotations");
    if (an == -2) return null;
    if (an >= 0) {
      const sm = new StrMap();
      let k = an + 1;
      for (let i = 0, n = t.children(an); i < n; i++) {
        const v = t.next(k);
        if ((t.flags(k) & (F_ESCAPE | F_HIGH)) != 0) return null;
        sm.set(String.UTF8.decodeUnsafe(t.ptr(k), <usize>t.len(k)), t.kind(v) == K_STRING ? tapeString(t, v) : "");
        k = t.next(v);
      }
      r.annotations = sm;
    }
  }
  const data = onlyMember(t, node, "data");
  if (data == -2) return null;
  if (data >= 0) {
    const raw = new RawV(df.t);
    raw.p = t.src + <usize>t.rawStart(data);
    raw.n = t.rawEnd(data) - t.rawStart(data);
    raw.isNil = false;
    r.data = raw;
    r.tape = t;
    r.node = data;
  }
  return r;
}
