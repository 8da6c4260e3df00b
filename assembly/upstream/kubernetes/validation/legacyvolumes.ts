// The checks of the in-tree (mostly deprecated) volume sources of validateVolumeSource, unchanged
// from 1.15 to 1.37: gcePersistentDisk (reported under "persistentDisk"), awsElasticBlockStore, iscsi,
// flocker, rbd, cinder, cephfs, quobyte, fc, flexVolume, azureFile, vsphereVolume,
// photonPersistentDisk, portworxVolume, azureDisk, storageos, scaleIO.

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, int, isSet, sliceLen, at, strMap } from "./view";
import { isDNS1123Label } from "./names";
import { renderStrings } from "./render";

const PD_PARTITION_MSG = "must be between 1 and 255, inclusive";
const LUN_MSG = "must be between 0 and 255, inclusive";

/** Required when the string field is empty. */
function need(s: Val | null, name: string, path: string, errs: ErrList): void {
  if (str(fld(s, name)).length == 0) errs.required(path);
}


/** The checks of legacy source number `k` (validateVolumeSource's order) at `p` (the volume's path). */
export function legacySource(k: i32, s: Val | null, p: string, errs: ErrList, minor: i32): void {
  if (k == 3 || k == 4) { // gcePersistentDisk (path "persistentDisk"), awsElasticBlockStore
    const q = p + (k == 3 ? ".persistentDisk" : ".awsElasticBlockStore");
    need(s, k == 3 ? "PDName" : "VolumeID", q + (k == 3 ? ".pdName" : ".volumeID"), errs);
    const part = int(fld(s, "Partition"));
    if (part < 0 || part > 255) errs.invalidInt(q + ".partition", part, PD_PARTITION_MSG);
  } else if (k == 7) iscsi(s, p + ".iscsi", errs);
  else if (k == 9) { // flocker
    const q = p + ".flocker";
    const name = str(fld(s, "DatasetName")), uuid = str(fld(s, "DatasetUUID"));
    if (name.length == 0 && uuid.length == 0) errs.required(q, "one of datasetName and datasetUUID is required");
    if (name.length != 0 && uuid.length != 0) errs.invalidStr(q, "resource", "datasetName and datasetUUID can not be specified simultaneously");
    if (name.includes("/")) errs.invalidStr(q + ".datasetName", name, "must not contain '/'");
  } else if (k == 11) { // rbd
    if (sliceLen(fld(s, "CephMonitors")) == 0) errs.required(p + ".rbd.monitors");
    need(s, "RBDImage", p + ".rbd.image", errs);
  } else if (k == 12) { // cinder
    need(s, "VolumeID", p + ".cinder.volumeID", errs);
    const ref = fld(s, "SecretRef");
    if (ref !== null && str(fld(ref, "Name")).length == 0) errs.required(p + ".cinder.secretRef.name");
  } else if (k == 13) { // cephfs (its "more than 1" path says cephFS)
    if (sliceLen(fld(s, "Monitors")) == 0) errs.required(p + ".cephfs.monitors");
  } else if (k == 14) quobyte(s, p + ".quobyte", errs);
  else if (k == 16) fc(s, p + ".fc", minor, errs);
  else if (k == 17) { // flexVolume (option keys in ascending order; Go ranges over the map)
    need(s, "Driver", p + ".flexVolume.driver", errs);
    const opts = strMap(fld(s, "Options"));
    for (let i = 0; i < opts.keys.length; i++) {
      const key = opts.keys[i];
      const slash = key.indexOf("/");
      const ns = "." + (slash >= 0 ? key.substring(0, slash) : key).toLowerCase();
      if (ns.endsWith(".kubernetes.io") || ns.endsWith(".k8s.io")) errs.invalidStr(p + ".flexVolume.options[" + key + "]", key, "kubernetes.io and k8s.io namespaces are reserved");
    }
  } else if (k == 19) { // azureFile
    need(s, "SecretName", p + ".azureFile.secretName", errs);
    need(s, "ShareName", p + ".azureFile.shareName", errs);
  } else if (k == 20) need(s, "VolumePath", p + ".vsphereVolume.volumePath", errs);
  else if (k == 21) need(s, "PdID", p + ".photonPersistentDisk.pdID", errs);
  else if (k == 22) need(s, "VolumeID", p + ".portworxVolume.volumeID", errs);
  else if (k == 23) azureDisk(s, p + ".azureDisk", errs);
  else if (k == 24) { // storageos
    const q = p + ".storageos";
    const vn = str(fld(s, "VolumeName"));
    if (vn.length == 0) errs.required(q + ".volumeName");
    else labelErrs(vn, q + ".volumeName", minor, errs);
    const ns = str(fld(s, "VolumeNamespace"));
    if (ns.length > 0) labelErrs(ns, q + ".volumeNamespace", minor, errs);
    const ref = fld(s, "SecretRef");
    if (ref !== null && str(fld(ref, "Name")).length == 0) errs.required(q + ".secretRef.name");
  } else if (k == 26) { // scaleIO
    need(s, "Gateway", p + ".scaleIO.gateway", errs);
    need(s, "System", p + ".scaleIO.system", errs);
    need(s, "VolumeName", p + ".scaleIO.volumeName", errs);
  }
}

function labelErrs(v: string, path: string, minor: i32, errs: ErrList): void {
  const e = isDNS1123Label(v, minor);
  for (let i = 0; i < e.length; i++) errs.invalidStr(path, v, e[i]);
}

function isAlnum(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** ^(eui|naa).[[:alnum:]]{n}$ (the "." is any character). */
function matchFixed(s: string, n: i32): bool {
  if (s.length != 4 + n) return false;
  for (let i = 4; i < s.length; i++) if (!isAlnum(s.charCodeAt(i))) return false;
  return true;
}

/** iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$, searched anywhere in the string (Go's MatchString). */
function matchIqn(s: string): bool {
  for (let st = 0; st + 12 <= s.length; st++) {
    if (!s.startsWith("iqn.", st)) continue;
    let i = st + 4, ok = true;
    for (let j = 0; j < 4; j++) { const c = s.charCodeAt(i + j); if (c < 48 || c > 57) ok = false; }
    i += 4;
    if (!ok || s.charCodeAt(i) != 45) continue;
    i++;
    for (let j = 0; j < 2; j++) { const c = s.charCodeAt(i + j); if (c < 48 || c > 57) ok = false; }
    i += 2;
    if (!ok || i >= s.length || s.charCodeAt(i) != 46) continue;
    i++;
    // ([[:alnum:]-.]+) then ':' then [^,;*&$|\s]+ to the end: some ':' after at least one name char, name chars before it
    for (let colon = i + 1; colon < s.length; colon++) {
      if (s.charCodeAt(colon) != 58) continue;
      let name = true;
      for (let j = i; j < colon; j++) { const c = s.charCodeAt(j); if (!isAlnum(c) && c != 45 && c != 46) { name = false; break; } }
      if (!name) break;
      if (colon + 1 >= s.length) continue;
      let tail = true;
      for (let j = colon + 1; j < s.length; j++) {
        const c = s.charCodeAt(j);
        if (c == 44 || c == 59 || c == 42 || c == 38 || c == 36 || c == 124 || c == 32 || c == 9 || c == 10 || c == 12 || c == 13) { tail = false; break; }
      }
      if (tail) return true;
    }
  }
  return false;
}

/** The iqn / eui / naa format checks of an IQN or initiator name ("" when valid). */
function iqnFormat(v: string): string {
  if (!v.startsWith("iqn") && !v.startsWith("eui") && !v.startsWith("naa")) return "must be valid format starting with iqn, eui, or naa";
  if (v.startsWith("iqn") && !matchIqn(v)) return "must be valid format";
  if (v.startsWith("eui") && !matchFixed(v, 16)) return "must be valid format";
  if (v.startsWith("naa") && !matchFixed(v, 32)) return "must be valid format";
  return "";
}

/** validateISCSIVolumeSource. */
function iscsi(s: Val | null, q: string, errs: ErrList): void {
  need(s, "TargetPortal", q + ".targetPortal", errs);
  const iqn = str(fld(s, "IQN"));
  if (iqn.length == 0) errs.required(q + ".iqn");
  else {
    const m = iqnFormat(iqn);
    if (m.length > 0) errs.invalidStr(q + ".iqn", iqn, m);
  }
  const lun = int(fld(s, "Lun"));
  if (lun < 0 || lun > 255) errs.invalidInt(q + ".lun", lun, LUN_MSG);
  if ((int(fld(s, "DiscoveryCHAPAuth")) != 0 || int(fld(s, "SessionCHAPAuth")) != 0) && fld(s, "SecretRef") === null) errs.required(q + ".secretRef");
  const ini = fld(s, "InitiatorName");
  if (isSet(ini)) {
    const v = str(ini);
    if (!v.startsWith("iqn") && !v.startsWith("eui") && !v.startsWith("naa")) errs.invalidStr(q + ".initiatorname", v, "must be valid format starting with iqn, eui, or naa");
    const m = iqnFormat(v);
    if (m == "must be valid format") errs.invalidStr(q + ".initiatorname", v, m);
  }
}

/** net.SplitHostPort succeeds. */
function splitHostPortOk(hp: string): bool {
  const i = hp.lastIndexOf(":");
  if (i < 0) return false;
  if (hp.startsWith("[")) {
    const end = hp.indexOf("]");
    if (end < 0) return false;
    if (end + 1 == hp.length || end + 1 != i) return false;
    const host = hp.substring(1, end);
    if (host.includes("[") || host.includes("]")) return false;
    return !hp.substring(end + 1).includes("[") && !hp.substring(end + 1).includes("]");
  }
  const host = hp.substring(0, i);
  if (host.includes(":")) return false;
  if (hp.includes("[") || hp.includes("]")) return false;
  return true;
}

/** validateQuobyteVolumeSource. */
function quobyte(s: Val | null, q: string, errs: ErrList): void {
  const reg = str(fld(s, "Registry"));
  const msg = "must be a host:port pair or multiple pairs separated by commas";
  if (reg.length == 0) errs.required(q + ".registry", msg);
  else if (str(fld(s, "Tenant")).length >= 65) errs.required(q + ".tenant", "must be a UUID and may not exceed a length of 64 characters");
  else {
    const pairs = reg.split(",");
    for (let i = 0; i < pairs.length; i++) if (!splitHostPortOk(pairs[i])) errs.invalidStr(q + ".registry", reg, msg);
  }
  need(s, "Volume", q + ".volume", errs);
}

/** validateFCVolumeSource. */
function fc(s: Val | null, q: string, minor: i32, errs: ErrList): void {
  const wwns = fld(s, "TargetWWNs"), wwids = fld(s, "WWIDs");
  if (sliceLen(wwns) < 1 && sliceLen(wwids) < 1) errs.required(q + ".targetWWNs", "must specify either targetWWNs or wwids, but not both");
  if (sliceLen(wwns) != 0 && sliceLen(wwids) != 0) errs.invalid(q + ".targetWWNs", renderStrings(wwns, minor >= 34), "targetWWNs and wwids can not be specified simultaneously");
  if (sliceLen(wwns) != 0) {
    const lun = fld(s, "Lun");
    if (!isSet(lun)) errs.required(q + ".lun", "lun is required if targetWWNs is specified");
    else if (int(lun) < 0 || int(lun) > 255) errs.invalidInt(q + ".lun", int(lun), LUN_MSG);
  }
}

/** validateAzureDisk. */
function azureDisk(s: Val | null, q: string, errs: ErrList): void {
  need(s, "DiskName", q + ".diskName", errs);
  const uri = str(fld(s, "DataDiskURI"));
  if (uri.length == 0) errs.required(q + ".diskURI");
  const cm = fld(s, "CachingMode"), kind = fld(s, "Kind");
  if (isSet(cm)) {
    const v = str(cm);
    if (v != "None" && v != "ReadOnly" && v != "ReadWrite") errs.notSupported(q + ".cachingMode", v, ["None", "ReadOnly", "ReadWrite"]);
  }
  if (isSet(kind)) {
    const v = str(kind);
    if (v != "Shared" && v != "Dedicated" && v != "Managed") errs.notSupported(q + ".kind", v, ["Dedicated", "Managed", "Shared"]);
    if (v == "Managed" && !uri.startsWith("/subscriptions/")) errs.notSupported(q + ".diskURI", uri, ["/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"]);
    if (v != "Managed" && !uri.startsWith("https://")) errs.notSupported(q + ".diskURI", uri, ["https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"]);
  }
}
