// validateEphemeralContainers (1.16+), the part of ValidatePodSpec that checks spec.ephemeralContainers,
// per Kubernetes minor:
// - 1.16-1.24: targetContainerName must name a container, init container or earlier ephemeral
//   container (NotFound); an empty name is `Required: ephemeralContainer requires a name` on the
//   element and ends its checks; otherwise validateContainers on a one-element list (paths carry the
//   extra index: `spec.ephemeralContainers[0][0].name`), the image's whitespace, the name unique across
//   every container kind, the fields outside the allow list, and from 1.23 subPath / subPathExpr;
// - 1.25+: validateContainerCommon, the image's whitespace, the name unique, targetContainerName among
//   the containers and init containers only, the allow list, subPath / subPathExpr.
// The allow list is walked in the internal struct's field order (the same as v1's): a field that is not
// its type's zero value (reflect.DeepEqual: an empty non-nil list or map is set) is Forbidden at its
// Go name with the first letter lowered. 1.16-1.22 also forbid volumeDevices, 1.16-1.21 securityContext.
// How ValidatePodUpdate treats spec.ephemeralContainers: it is not munged, so any change there is part
// of the `spec` Forbidden comparison (update.ts).

import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, RawV } from "../../../typed/value";
import { fieldCount, fieldName, fieldType } from "../../../schema/schema";
import { ErrList } from "./errlist";
import { fld, str, sliceLen, at, slot } from "./view";
import { ContainerOpts } from "./containeropts";
import { Vols } from "./volumes";
import { containerList, containerCommon, containersOnlyForPod } from "./containers";

const ALLOWED_OLD: StaticArray<string> = ["Name", "Image", "Command", "Args", "WorkingDir", "EnvFrom", "Env", "VolumeMounts",
  "TerminationMessagePath", "TerminationMessagePolicy", "ImagePullPolicy", "Stdin", "StdinOnce", "TTY"];
const FORBIDDEN_TEXT = "cannot be set for an Ephemeral Container";

/** validateEphemeralContainers of the new spec at `o.minor` (1.16+; nothing before). */
export function validateEphemeralContainers(spec: Val | null, vols: Vols, o: ContainerOpts, errs: ErrList): void {
  const minor = o.minor;
  const list = fld(spec, "EphemeralContainers");
  const n = sliceLen(list);
  if (minor < 16 || n == 0) return;
  const other = new Set<string>(), all = new Set<string>();
  const kinds = ["Containers", "InitContainers"];
  for (let k = 0; k < 2; k++) {
    const l = fld(spec, kinds[k]);
    for (let i = 0; i < sliceLen(l); i++) {
      const name = str(fld(at(l, i), "Name"));
      other.add(name);
      all.add(name);
    }
  }
  const path = "spec.ephemeralContainers";
  for (let i = 0; i < n; i++) {
    const ec = at(list, i);
    const c = fld(ec, "EphemeralContainerCommon");
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(c, "Name"));
    const target = str(fld(ec, "TargetContainerName"));
    if (minor <= 24) {
      if (target.length > 0 && !all.has(target)) errs.notFound(p + ".targetContainerName", target);
      if (name.length == 0) {
        errs.required(p, "ephemeralContainer requires a name");
        continue;
      }
      const one = new SliceV(list === null ? 0 : list.t);
      one.items.push(c);
      one.len = 1;
      containerList(one, null, false, vols, p, o, errs);
      containersOnlyForPod(one, p, errs);
    } else {
      containerCommon(c, vols, p, o, new Set<string>(), errs);
      const img = str(fld(c, "Image"));
      if (img != img.trim()) errs.invalidStr(p + ".image", img, "must not have leading or trailing whitespace");
    }
    if (all.has(name)) errs.duplicate(p + ".name", name);
    else all.add(name);
    if (minor >= 25 && target.length > 0 && !other.has(target)) errs.notFound(p + ".targetContainerName", target);
    allowList(c, p, minor, errs);
    if (minor >= 23) {
      const mounts = fld(c, "VolumeMounts");
      for (let j = 0; j < sliceLen(mounts); j++) {
        const m = at(mounts, j);
        const mp = p + ".volumeMounts[" + j.toString() + "]";
        if (str(fld(m, "SubPath")).length > 0) errs.forbidden(mp + ".subPath", FORBIDDEN_TEXT);
        if (str(fld(m, "SubPathExpr")).length > 0) errs.forbidden(mp + ".subPathExpr", FORBIDDEN_TEXT);
      }
    }
  }
}

/** validateFieldAllowList over EphemeralContainerCommon `c` (struct field order). */
function allowList(c: Val | null, p: string, minor: i32, errs: ErrList): void {
  if (c === null) return;
  const t = c.t;
  const n = fieldCount(t);
  for (let i = 0; i < n; i++) {
    const name = fieldName(t, i);
    if (allowed(name, minor)) continue;
    if (isZero(fieldType(t, i), slot(c, i))) continue;
    errs.forbidden(p + "." + name.charAt(0).toLowerCase() + name.substring(1), FORBIDDEN_TEXT);
  }
}

function allowed(name: string, minor: i32): bool {
  if (ALLOWED_OLD.includes(name)) return true;
  return (minor >= 22 && name == "SecurityContext") || (minor >= 23 && name == "VolumeDevices");
}

/** reflect.DeepEqual(v, zero value of its type): nil pointers, slices and maps, "" and 0, zero structs. */
function isZero(t: i32, v: Val | null): bool {
  if (v === null) return true;
  if (v instanceof PtrV || v instanceof SliceV || v instanceof MapV || v instanceof BytesV) return false;
  if (v instanceof StrV) return changetype<StrV>(v).n == 0;
  if (v instanceof IntV) return changetype<IntV>(v).v == 0;
  if (v instanceof FloatV) return changetype<FloatV>(v).v == 0;
  if (v instanceof RawV) return changetype<RawV>(v).isNil;
  if (v instanceof QuantityV) return false; // never a field of EphemeralContainerCommon itself
  if (v instanceof StructV) {
    const n = fieldCount(t);
    for (let i = 0; i < n; i++) if (!isZero(fieldType(t, i), slot(v, i))) return false;
    return true;
  }
  return false;
}
