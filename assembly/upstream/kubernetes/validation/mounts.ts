// A container's volumeMounts and volumeDevices as pod validation checks them per minor:
// ValidateVolumeMounts (name and mountPath, overlap with the devices, 1.32's image-volume subPath
// ban, subPath / subPathExpr — relative, no "..", mutually exclusive —, mountPropagation with its
// privileged rule, 1.30+ recursiveReadOnly, 1.37 bindMountOptions) and ValidateVolumeDevices.
// Upstream reports the subPath, subPathExpr, mountPropagation and recursiveReadOnly errors under the
// list's path (`volumeMounts.subPath`), not the element's; so does this.

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, int, isSet, sliceLen, at } from "./view";
import { localDescendingPath, hasBackstep } from "./localpath";
import { Vols } from "./volumes";
import { renderStrings } from "./render";

/** GetVolumeMountMap / GetVolumeDeviceMap: name → path (the last entry of a name wins), and the set of those
 * paths (upstream ranges over the map's values). */
class PathMap {
  byName: Map<string, string> = new Map<string, string>();
  paths: Set<string> = new Set<string>();

  constructor(list: Val | null, pathField: string) {
    for (let i = 0; i < sliceLen(list); i++) {
      const e = at(list, i);
      this.byName.set(str(fld(e, "Name")), str(fld(e, pathField)));
    }
    const vs = this.byName.values();
    for (let i = 0; i < vs.length; i++) this.paths.add(vs[i]);
  }

  /** An entry is named `name`. */
  has(name: string): bool { return this.byName.has(name); }

  /** Some entry's path is `p`. */
  hasValue(p: string): bool { return this.paths.has(p); }
}

/** ValidateVolumeMounts(container.volumeMounts, devices, volumes, container, path) at `minor`. */
export function validateVolumeMounts(c: Val | null, vols: Vols, path: string, minor: i32, errs: ErrList): void {
  const list = fld(c, "VolumeMounts");
  const devices = new PathMap(fld(c, "VolumeDevices"), "DevicePath");
  const n = sliceLen(list);
  const points = new Set<string>();
  for (let i = 0; i < n; i++) {
    const m = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(m, "Name"));
    if (name.length == 0) errs.required(p + ".name");
    if (!vols.has(name)) errs.notFound(p + ".name", name);
    const mp = str(fld(m, "MountPath"));
    if (mp.length == 0) errs.required(p + ".mountPath");
    if (points.has(mp)) errs.invalidStr(p + ".mountPath", mp, "must be unique");
    points.add(mp);
    if (devices.has(name)) errs.invalidStr(p + ".name", name, "must not already exist in volumeDevices");
    if (devices.hasValue(mp)) errs.invalidStr(p + ".mountPath", mp, "must not already exist as a path in volumeDevices");
    const sub = str(fld(m, "SubPath")), expr = str(fld(m, "SubPathExpr"));
    if (vols.images.has(name)) {
      if (sub.length != 0) errs.invalidStr(p + ".subPath", sub, "not allowed in image volume sources");
      if (expr.length != 0) errs.invalidStr(p + ".subPathExpr", expr, "not allowed in image volume sources");
    }
    if (sub.length > 0) localDescendingPath(sub, path + ".subPath", errs);
    if (expr.length > 0) {
      if (sub.length > 0) errs.invalidStr(p + ".subPathExpr", expr, "subPathExpr and subPath are mutually exclusive");
      localDescendingPath(expr, path + ".subPathExpr", errs);
    }
    const prop = fld(m, "MountPropagation");
    if (isSet(prop)) mountPropagation(str(prop), c, path + ".mountPropagation", errs);
    if (minor >= 30) recursiveReadOnly(m, path + ".recursiveReadOnly", errs);
    if (minor >= 37) bindMountOptions(fld(m, "BindMountOptions"), p + ".bindMountOptions", vols.anyImage.has(name), errs);
  }
}

/** validateMountPropagation: a supported mode; Bidirectional only in privileged containers. */
function mountPropagation(mode: string, c: Val | null, path: string, errs: ErrList): void {
  if (mode != "Bidirectional" && mode != "HostToContainer" && mode != "None") errs.notSupported(path, mode, ["Bidirectional", "HostToContainer", "None"]);
  const priv = fld(fld(c, "SecurityContext"), "Privileged");
  if (mode == "Bidirectional" && !(isSet(priv) && int(priv) != 0)) errs.forbidden(path, "Bidirectional mount propagation is available only to privileged containers");
}

/** validateMountRecursiveReadOnly (1.30+). */
function recursiveReadOnly(m: Val | null, path: string, errs: ErrList): void {
  const rro = fld(m, "RecursiveReadOnly");
  if (!isSet(rro)) return;
  const v = str(rro);
  if (v == "Disabled") return;
  if (v == "Enabled" || v == "IfPossible") {
    if (int(fld(m, "ReadOnly")) == 0) errs.forbidden(path, "may only be specified when readOnly is true");
    const prop = fld(m, "MountPropagation");
    if (isSet(prop) && str(prop) != "None") errs.forbidden(path, "may only be specified when mountPropagation is None or not specified");
    return;
  }
  errs.notSupported(path, v, ["Disabled", "Enabled", "IfPossible"]);
}

const BIND_OPTIONS = ["nodev", "noexec", "nosuid"];

/** validateBindMountOptions (1.37) and their ban on image volumes. */
function bindMountOptions(list: Val | null, path: string, image: bool, errs: ErrList): void {
  const n = sliceLen(list);
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const o = str(at(list, i));
    const p = path + "[" + i.toString() + "]";
    if (!BIND_OPTIONS.includes(o)) errs.notSupported(p, o, BIND_OPTIONS);
    if (seen.has(o)) errs.duplicate(p, o);
    seen.add(o);
  }
  if (n > 0 && image) errs.invalid(path, renderStrings(list, true), "bindMountOptions may not be used with image volumes");
}

/** ValidateVolumeDevices(container.volumeDevices, mounts, volumes, path). */
export function validateVolumeDevices(c: Val | null, vols: Vols, path: string, minor: i32, errs: ErrList): void {
  const list = fld(c, "VolumeDevices");
  const mounts = new PathMap(fld(c, "VolumeMounts"), "MountPath");
  const paths = new Set<string>(), names = new Set<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const d = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(d, "Name")), dp = str(fld(d, "DevicePath"));
    const matched = vols.has(name), claim = vols.claims.has(name);
    if (name.length == 0) errs.required(p + ".name");
    if (names.has(name)) errs.invalidStr(p + ".name", name, "must be unique");
    if (matched && !claim) errs.invalidStr(p + ".name", name, minor >= 23 ? "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode" : "can only use volume source type of PersistentVolumeClaim for block mode");
    if (!matched) errs.notFound(p + ".name", name);
    if (dp.length == 0) errs.required(p + ".devicePath");
    if (paths.has(dp)) errs.invalidStr(p + ".devicePath", dp, "must be unique");
    if (dp.length > 0 && hasBackstep(dp)) errs.invalidStr(p + ".devicePath", dp, "can not contain backsteps ('..')");
    else paths.add(dp);
    if (mounts.has(name)) errs.invalidStr(p + ".name", name, "must not already exist in volumeMounts");
    if (mounts.hasValue(dp)) errs.invalidStr(p + ".devicePath", dp, "must not already exist as a path in volumeMounts");
    if (name.length > 0) names.add(name);
  }
}
