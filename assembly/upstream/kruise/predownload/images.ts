// diffImagesBetweenRevisions of the three controllers: the containers of the update revision's template whose
// image is new (their name is absent from the old templates, or an old template's container of that name has
// another image). The DaemonSet compares against every old revision; the others against the current one.

import { Tape } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { clearError } from "../../../base/errors";
import { KRUISE_GO } from "../../../base/pins";
import { Val, RawV } from "../../../typed/value";
import { fld, str, sliceLen, at } from "../../kubernetes/validation/view";
import { getTemplateFromRevision, RevisionData } from "../inplaceupdate/revision";
import { GoMap } from "./gomap";

/** GetTemplateFromRevision on a revision's Data.Raw: the template value (null: the zero template), or false when json.Unmarshal fails. */
export class TemplateRead {
  constructor(public ok: bool, public v: Val | null) {}
}

/** Reads the template of revision data `raw` (null: nil Raw) at Kubernetes `minor`. */
export function templateOfRevision(raw: RawV | null, minor: i32): TemplateRead {
  if (raw === null || raw.isNil) return new TemplateRead(false, null);
  const o = new ReadOptions();
  o.goMinor = KRUISE_GO;
  const t: Tape | null = readJSON(raw.p, raw.n, o);
  if (t === null) { clearError(); return new TemplateRead(false, null); }
  const tv = getTemplateFromRevision(new RevisionData(t, 0), minor);
  if (tv === null) return new TemplateRead(false, null);
  return new TemplateRead(true, tv.v);
}

/** The containers of template `tmpl` (spec.containers). */
function containers(tmpl: Val | null): Val | null {
  return fld(fld(tmpl, "Spec"), "Containers");
}

/** diffImagesBetweenRevisions: container name → new image, or null when a template cannot be read (upstream's nil map). */
export function diffImages(olds: Array<RevisionDataRef>, upd: RawV | null, minor: i32): GoMap | null {
  const oldTemps = new Array<Val | null>();
  for (let i = 0; i < olds.length; i++) {
    const r = templateOfRevision(olds[i].raw, minor);
    if (!r.ok) return null;
    oldTemps.push(r.v);
  }
  const nr = templateOfRevision(upd, minor);
  if (!nr.ok) return null;
  const out = new GoMap();
  const nc = containers(nr.v);
  for (let i = 0, n = sliceLen(nc); i < n; i++) {
    const c = at(nc, i);
    const name = str(fld(c, "Name"));
    const image = str(fld(c, "Image"));
    let found = false;
    for (let t = 0; t < oldTemps.length; t++) {
      const oc = containers(oldTemps[t]);
      for (let j = 0, m = sliceLen(oc); j < m; j++) {
        const o = at(oc, j);
        if (str(fld(o, "Name")) != name) continue;
        if (str(fld(o, "Image")) != image) out.set(name, image);
        found = true;
        break;
      }
    }
    if (!found) out.set(name, image);
  }
  return out;
}

/** One old revision's Data.Raw. */
export class RevisionDataRef {
  constructor(public raw: RawV | null) {}
}
