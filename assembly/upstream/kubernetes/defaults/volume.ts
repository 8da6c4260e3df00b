// Volume defaults of the Pod/PodTemplate defaulters: SetDefaults_Volume (an empty source becomes
// emptyDir; 1.35+ with ImageVolume on by default: image volume pullPolicy from the reference's tag),
// hostPath type "", defaultMode 0644 of secret / configMap / downwardAPI / projected, fieldRef
// apiVersion, service-account token expiration 3600, iSCSI / RBD / ScaleIO / AzureDisk field defaults,
// and the generic ephemeral volume's claim template (volumeMode Filesystem, resource lists rounded).

import { StructV } from "../../../typed/value";
import {
  structField, ptrStruct, isNil, newPtrStruct, allPtrFieldsNil, setPtrInt, setPtrStr, strEmpty, setStr,
  structItems,
} from "./tree";
import { defaultFieldRef, pullPolicyFor } from "./container";
import { roundRequirements } from "./resources";

/** The Kubernetes minor from which ImageVolume is enabled by default (beta on in 1.35, GA 1.36). */
const IMAGE_VOLUME_ON: i32 = 35;

/** Every volume default for volume `v` (a v1.Volume) at Kubernetes `minor`; `legacy`: the iSCSI, RBD, AzureDisk and
 *  ScaleIO defaults, `claims`: the generic ephemeral volume's claim template (OpenKruise v1.9.0's own pod defaulting
 *  leaves out both, v1.8.3 the claims). */
export function defaultVolume(v: StructV, minor: i32, legacy: bool = true, claims: bool = true): void {
  const src = structField(v, "VolumeSource");
  if (src === null) return;
  if (allPtrFieldsNil(src)) newPtrStruct(src, "EmptyDir");
  if (minor >= IMAGE_VOLUME_ON) {
    const img = ptrStruct(src, "Image");
    if (img !== null && strEmpty(img, "PullPolicy")) setStr(img, "PullPolicy", pullPolicyFor(img, "Reference", minor));
  }
  const hp = ptrStruct(src, "HostPath");
  if (hp !== null && isNil(hp, "Type")) setPtrStr(hp, "Type", "");
  const sec = ptrStruct(src, "Secret");
  if (sec !== null) defaultMode(sec);
  const iscsi = legacy ? ptrStruct(src, "ISCSI") : null;
  if (iscsi !== null && strEmpty(iscsi, "ISCSIInterface")) setStr(iscsi, "ISCSIInterface", "default");
  const rbd = legacy ? ptrStruct(src, "RBD") : null;
  if (rbd !== null) {
    if (strEmpty(rbd, "RBDPool")) setStr(rbd, "RBDPool", "rbd");
    if (strEmpty(rbd, "RadosUser")) setStr(rbd, "RadosUser", "admin");
    if (strEmpty(rbd, "Keyring")) setStr(rbd, "Keyring", "/etc/ceph/keyring");
  }
  const dapi = ptrStruct(src, "DownwardAPI");
  if (dapi !== null) {
    defaultMode(dapi);
    fieldRefs(dapi);
  }
  const cm = ptrStruct(src, "ConfigMap");
  if (cm !== null) defaultMode(cm);
  const az = legacy ? ptrStruct(src, "AzureDisk") : null;
  if (az !== null) {
    if (isNil(az, "CachingMode")) setPtrStr(az, "CachingMode", "ReadWrite");
    if (isNil(az, "FSType")) setPtrStr(az, "FSType", "ext4");
    if (isNil(az, "ReadOnly")) setPtrInt(az, "ReadOnly", 0);
    if (isNil(az, "Kind")) setPtrStr(az, "Kind", "Shared");
  }
  const pr = ptrStruct(src, "Projected");
  if (pr !== null) {
    defaultMode(pr);
    const sources = structItems(pr, "Sources");
    for (let j = 0; j < sources.length; j++) {
      const d = ptrStruct(sources[j], "DownwardAPI");
      if (d !== null) fieldRefs(d);
      const t = ptrStruct(sources[j], "ServiceAccountToken");
      if (t !== null && isNil(t, "ExpirationSeconds")) setPtrInt(t, "ExpirationSeconds", 3600);
    }
  }
  const sio = legacy ? ptrStruct(src, "ScaleIO") : null;
  if (sio !== null) {
    if (strEmpty(sio, "StorageMode")) setStr(sio, "StorageMode", "ThinProvisioned");
    if (strEmpty(sio, "FSType")) setStr(sio, "FSType", "xfs");
  }
  const eph = claims ? ptrStruct(src, "Ephemeral") : null;
  if (eph !== null) {
    const tpl = ptrStruct(eph, "VolumeClaimTemplate");
    if (tpl !== null) {
      const spec = structField(tpl, "Spec");
      if (spec !== null) defaultClaimSpec(spec);
    }
  }
}

/** SetDefaults_PersistentVolumeClaimSpec (volumeMode Filesystem) and its resource lists rounded. */
export function defaultClaimSpec(spec: StructV): void {
  if (isNil(spec, "VolumeMode")) setPtrStr(spec, "VolumeMode", "Filesystem");
  roundRequirements(structField(spec, "Resources"));
}

/** defaultMode 0644 (420) when nil. */
function defaultMode(s: StructV): void {
  if (isNil(s, "DefaultMode")) setPtrInt(s, "DefaultMode", 420);
}

/** fieldRef apiVersion of each item of a downward API source. */
function fieldRefs(d: StructV): void {
  const items = structItems(d, "Items");
  for (let j = 0; j < items.length; j++) {
    const f = ptrStruct(items[j], "FieldRef");
    if (f !== null) defaultFieldRef(f);
  }
}
