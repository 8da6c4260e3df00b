// ValidateVolumes with each volume source's own fields, per minor 1.15-1.37 (validateVolumeSource:
// exactly one source, in upstream's order with its Forbidden paths — "downwarAPI" included —, then the
// source's checks). Sources whose fields are checked: emptyDir (sizeLimit; mode 1.37), hostPath
// (path, type), gitRepo, secret, nfs, glusterfs, persistentVolumeClaim, downwardAPI, configMap,
// projected (secret / configMap / downwardAPI / serviceAccountToken sources, paths, modes), csi (driver
// name, nodePublishSecretRef),
// ephemeral (the claim template: claimtemplate.ts; the PVC name it makes), image (1.31+: reference,
// pull policy), and the in-tree ones of legacyvolumes.ts.

import { Val, StructV, QuantityV } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { ErrList, quote } from "./errlist";
import { fld, str, int, isSet, deref, sliceLen, at } from "./view";
import { isDNS1123Subdomain, isDNS1123Label, byteLen } from "./names";
import { pathNoBacksteps, localDescendingPath, localNonReservedPath } from "./localpath";
import { objectFieldSelector, downwardAPIHostIPs, resourceFieldSelector, volumeFieldPaths } from "./downward";
import { refName } from "./envsource";
import { PodValidationOptions } from "./options";
import { legacySource } from "./legacyvolumes";
import { claimTemplate } from "./claimtemplate";
import { clusterTrustBundleSource, podCertificateSource } from "./projcerts";

/** The volumes a container may mount or use as a device: the error-free ones (upstream's map) and their kinds. */
export class Vols {
  names: Set<string> = new Set<string>();
  /** Volumes backed by a claim (persistentVolumeClaim or ephemeral): the ones volumeDevices may use. */
  claims: Set<string> = new Set<string>();
  /** Image volumes whose mounts may not use subPath (1.32). */
  images: Set<string> = new Set<string>();
  /** Every image volume (1.37: bindMountOptions may not be used with them). */
  anyImage: Set<string> = new Set<string>();

  /** True when `name` is an error-free volume. */
  has(name: string): bool {
    return this.names.has(name);
  }
}

// validateVolumeSource's order: Go field of the v1 VolumeSource, the path of its "more than 1" error
const SOURCES = ["EmptyDir", "HostPath", "GitRepo", "GCEPersistentDisk", "AWSElasticBlockStore", "Secret", "NFS", "ISCSI",
  "Glusterfs", "Flocker", "PersistentVolumeClaim", "RBD", "Cinder", "CephFS", "Quobyte", "DownwardAPI", "FC", "FlexVolume",
  "ConfigMap", "AzureFile", "VsphereVolume", "PhotonPersistentDisk", "PortworxVolume", "AzureDisk", "StorageOS", "Projected",
  "ScaleIO", "CSI", "Ephemeral", "Image"];
const FORBIDDEN_PATHS = ["emptyDir", "hostPath", "gitRepo", "gcePersistentDisk", "awsElasticBlockStore", "secret", "nfs", "iscsi",
  "glusterfs", "flocker", "persistentVolumeClaim", "rbd", "cinder", "cephFS", "quobyte", "downwarAPI", "fc", "flexVolume",
  "configMap", "azureFile", "vsphereVolume", "photonPersistentDisk", "portworxVolume", "azureDisk", "storageos", "projected",
  "scaleIO", "csi", "ephemeral", "image"];

const FILE_MODE_MSG = "must be a number between 0 and 0777 (octal), both inclusive";

/** ValidateVolumes(volumes, podMeta, path) at `minor`: errors into `errs`, the usable volumes returned. */
export function validateVolumes(list: Val | null, podName: string, path: string, opts: PodValidationOptions, errs: ErrList): Vols {
  const minor = opts.minor;
  const vols = new Vols();
  const n = sliceLen(list);
  const created = new Set<string>(); // 1.19+: PVCs the pod's ephemeral volumes create
  if (minor >= 19 && podName.length > 0) {
    for (let i = 0; i < n; i++) {
      const v = at(list, i);
      if (fld(fld(v, "VolumeSource"), "Ephemeral") !== null) created.add(podName + "-" + str(fld(v, "Name")));
    }
  }
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const v = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(v, "Name"));
    const src = fld(v, "VolumeSource");
    const el = new ErrList();
    volumeSource(src, p, name, podName, opts, el);
    if (name.length == 0) el.required(p + ".name");
    else {
      const ne = isDNS1123Label(name, minor);
      for (let j = 0; j < ne.length; j++) el.invalidStr(p + ".name", name, ne[j]);
    }
    if (seen.has(name)) el.duplicate(p + ".name", name);
    if (el.list.length == 0) {
      seen.add(name);
      vols.names.add(name);
      if (fld(src, "PersistentVolumeClaim") !== null || (minor >= 23 && fld(src, "Ephemeral") !== null)) vols.claims.add(name);
      if (minor == 32 && fld(src, "Image") !== null) vols.images.add(name); // only 1.32 refuses subPath on them
      if (fld(src, "Image") !== null) vols.anyImage.add(name);
    } else errs.addAll(el);
    const pvc = fld(src, "PersistentVolumeClaim");
    if (pvc !== null && created.has(str(fld(pvc, "ClaimName")))) {
      errs.invalidStr(p + ".persistentVolumeClaim.claimName", str(fld(pvc, "ClaimName")), "must not reference a PVC that gets created for an ephemeral volume");
    }
  }
  return vols;
}

/** validateVolumeSource: the first source given is checked, every further one is Forbidden; none is Required. */
function volumeSource(src: Val | null, p: string, volName: string, podName: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  if (src === null || !(src instanceof StructV)) { errs.required(p, "must specify a volume type"); return; }
  let count = 0;
  for (let k = 0; k < SOURCES.length; k++) {
    const s = fld(src, SOURCES[k]);
    if (s === null) continue;
    // 1.31: an image volume counts only with the ImageVolume gate (off by default)
    if (k == 29 && minor == 31) continue;
    if (k == 0) { // emptyDir is always first: no "more than 1" check
      count++;
      emptyDir(s, p + ".emptyDir", minor, errs);
      continue;
    }
    if (count > 0) { errs.forbidden(p + "." + FORBIDDEN_PATHS[k], "may not specify more than 1 volume type"); }
    else {
      count++;
      sourceFields(k, s, p, volName, podName, opts, errs);
    }
    if (k == 7 && fld(s, "InitiatorName") !== null && isSet(fld(s, "InitiatorName")) && byteLen(volName + ":" + str(fld(s, "TargetPortal"))) > 64) {
      errs.invalidStr(p + ".name", volName, "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.");
    }
  }
  if (count == 0) errs.required(p, "must specify a volume type");
}

/** The emptyDir checks: sizeLimit not negative; 1.37: mode within 01777. */
function emptyDir(s: Val | null, p: string, minor: i32, errs: ErrList): void {
  const sl = deref(fld(s, "SizeLimit"));
  if (sl !== null && quantityCmpValues(changetype<QuantityV>(sl).q, new Quantity()) < 0) {
    errs.forbidden(p + ".sizeLimit", "SizeLimit field must be a valid resource quantity");
  }
  const mode = fld(s, "Mode");
  if (minor >= 37 && isSet(mode)) {
    const m = int(mode);
    if (m > 0o1777 || m < 0) errs.invalidInt(p + ".mode", m, "must be a number between 0 and 01777 (octal), both inclusive");
  }
}

/** The checks of source number `k` (the first source given). */
function sourceFields(k: i32, s: Val | null, p: string, volName: string, podName: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  if (k == 1) { // hostPath
    const hp = str(fld(s, "Path"));
    if (hp.length == 0) { errs.required(p + ".hostPath.path"); return; }
    pathNoBacksteps(hp, p + ".hostPath.path", errs);
    const ty = fld(s, "Type");
    if (isSet(ty)) {
      const t = str(ty);
      if (t != "" && t != "DirectoryOrCreate" && t != "Directory" && t != "FileOrCreate" && t != "File" && t != "Socket" && t != "CharDevice" && t != "BlockDevice") {
        errs.notSupported(p + ".hostPath.type", t, ["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"]);
      }
    }
  } else if (k == 2) { // gitRepo
    if (str(fld(s, "Repository")).length == 0) errs.required(p + ".gitRepo.repository");
    localDescendingPath(str(fld(s, "Directory")), p + ".gitRepo.directory", errs);
  } else if (k == 5) { // secret
    const q = p + ".secret";
    if (str(fld(s, "SecretName")).length == 0) errs.required(q + ".secretName");
    fileMode(fld(s, "DefaultMode"), q + ".defaultMode", errs);
    userField(fld(s, "DefaultUser"), q + ".defaultUser", errs);
    const items = fld(s, "Items");
    for (let i = 0; i < sliceLen(items); i++) keyToPath(at(items, i), q + ".items[" + i.toString() + "]", errs);
  } else if (k == 6) { // nfs
    const q = p + ".nfs";
    if (str(fld(s, "Server")).length == 0) errs.required(q + ".server");
    const np = str(fld(s, "Path"));
    if (np.length == 0) errs.required(q + ".path");
    if (!np.startsWith("/")) errs.invalidStr(q + ".path", np, "must be an absolute path");
  } else if (k == 8) { // glusterfs
    const q = p + ".glusterfs";
    if (str(fld(s, "EndpointsName")).length == 0) errs.required(q + ".endpoints");
    if (str(fld(s, "Path")).length == 0) errs.required(q + ".path");
  } else if (k == 10) { // persistentVolumeClaim
    if (str(fld(s, "ClaimName")).length == 0) errs.required(p + ".persistentVolumeClaim.claimName");
  } else if (k == 15) { // downwardAPI
    const q = p + ".downwardAPI";
    fileMode(fld(s, "DefaultMode"), q + ".defaultMode", errs);
    userField(fld(s, "DefaultUser"), q + ".defaultUser", errs);
    const items = fld(s, "Items");
    for (let i = 0; i < sliceLen(items); i++) downwardAPIFile(at(items, i), q, opts, errs);
  } else if (k == 18) { // configMap
    const q = p + ".configMap";
    if (refName(s).length == 0) errs.required(q + ".name");
    fileMode(fld(s, "DefaultMode"), q + ".defaultMode", errs);
    userField(fld(s, "DefaultUser"), q + ".defaultUser", errs);
    const items = fld(s, "Items");
    for (let i = 0; i < sliceLen(items); i++) keyToPath(at(items, i), q + ".items[" + i.toString() + "]", errs);
  } else if (k == 25) { // projected
    const q = p + ".projected";
    fileMode(fld(s, "DefaultMode"), q + ".defaultMode", errs);
    userField(fld(s, "DefaultUser"), q + ".defaultUser", errs);
    projectionSources(s, q, opts, errs);
  } else if (k == 3 || k == 4 || k == 7 || k == 9 || (k >= 11 && k <= 14) || k == 16 || k == 17 || (k >= 19 && k <= 24) || k == 26) {
    legacySource(k, s, p, errs, minor);
  } else if (k == 27) { // csi
    csiVolumeSource(s, p + ".csi", minor, errs);
  } else if (k == 28) { // ephemeral
    const tpl = fld(s, "VolumeClaimTemplate");
    if (tpl === null) errs.required(p + ".ephemeral.volumeClaimTemplate");
    else claimTemplate(tpl, p + ".ephemeral.volumeClaimTemplate", opts, errs);
    if (podName.length > 0 && volName.length > 0) {
      const pvc = podName + "-" + volName;
      const ne = isDNS1123Subdomain(pvc, minor);
      for (let i = 0; i < ne.length; i++) errs.invalidStr(p + ".name", volName, "PVC name " + quote(pvc) + ": " + ne[i]);
    }
  } else if (k == 29) { // image
    if (!opts.emptyImageRef && str(fld(s, "Reference")).length == 0) errs.required(p + ".image.reference");
    const pull = str(fld(s, "PullPolicy"));
    if (pull.length == 0) errs.required(p + ".image.pullPolicy");
    else if (pull != "Always" && pull != "IfNotPresent" && pull != "Never") errs.notSupported(p + ".image.pullPolicy", pull, ["Always", "IfNotPresent", "Never"]);
  }
}

/** ValidateCSIDriverName: required (1.35+: and nothing else), at most 63 bytes, a DNS subdomain once lowercased. */
function csiDriverName(name: string, path: string, minor: i32, errs: ErrList): void {
  if (name.length == 0) {
    errs.required(path);
    if (minor >= 35) return;
  }
  if (byteLen(name) > 63) errs.tooLong(path, 63, minor);
  const ne = isDNS1123Subdomain(name.toLowerCase(), minor);
  for (let i = 0; i < ne.length; i++) errs.invalidStr(path, name, ne[i]);
}

/** validateCSIVolumeSource (1.15-1.23 name the secret's path "nodePublishSecretRef .name", with a space). */
function csiVolumeSource(s: Val | null, p: string, minor: i32, errs: ErrList): void {
  csiDriverName(str(fld(s, "Driver")), p + ".driver", minor, errs);
  const ref = fld(s, "NodePublishSecretRef");
  if (ref === null) return;
  const name = str(fld(ref, "Name"));
  if (name.length == 0) errs.required(p + (minor <= 23 ? ".nodePublishSecretRef .name" : ".nodePublishSecretRef.name"));
  else {
    const ne = isDNS1123Subdomain(name, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr(p + ".name", name, ne[i]);
  }
}

/** A file mode pointer within 0..0777. */
function fileMode(v: Val | null, path: string, errs: ErrList): void {
  if (!isSet(v)) return;
  const m = int(v);
  if (m > 0o777 || m < 0) errs.invalidInt(path, m, FILE_MODE_MSG);
}

/** validateUserField (1.37): a set user ID within 0..2147483647. */
function userField(v: Val | null, path: string, errs: ErrList): void {
  if (!isSet(v)) return;
  const u = int(v);
  if (u < 0 || u > 2147483647) errs.invalidInt(path, u, "must be between 0 and 2147483647, inclusive");
}

/** validateKeyToPath. */
function keyToPath(kp: Val | null, path: string, errs: ErrList): void {
  if (str(fld(kp, "Key")).length == 0) errs.required(path + ".key");
  const fp = str(fld(kp, "Path"));
  if (fp.length == 0) errs.required(path + ".path");
  localNonReservedPath(fp, path + ".path", errs);
  fileMode(fld(kp, "Mode"), path + ".mode", errs);
  userField(fld(kp, "User"), path + ".user", errs);
}

/** validateDownwardAPIVolumeFile(file, path). */
function downwardAPIFile(file: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const fp = str(fld(file, "Path"));
  if (fp.length == 0) errs.required(path + ".path");
  localNonReservedPath(fp, path + ".path", errs);
  const fr = fld(file, "FieldRef"), rf = fld(file, "ResourceFieldRef");
  if (fr !== null) {
    objectFieldSelector(fr, volumeFieldPaths(), path + ".fieldRef", minor, errs);
    downwardAPIHostIPs(fr, path + ".fieldRef", opts, errs);
    if (rf !== null) errs.invalidStr(path, "resource", "fieldRef and resourceFieldRef can not be specified simultaneously");
  } else if (rf !== null) {
    resourceFieldSelector(rf, path + ".resourceFieldRef", true, opts, errs);
  } else {
    errs.required(path, "one of fieldRef and resourceFieldRef is required");
  }
  fileMode(fld(file, "Mode"), path + ".mode", errs);
  userField(fld(file, "User"), path + ".user", errs);
}

/** validateProjectionSources (secret, configMap, downwardAPI, serviceAccountToken; the certificate sources in projcerts.ts). */
function projectionSources(s: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const srcs = fld(s, "Sources");
  const paths = new Set<string>();
  for (let i = 0; i < sliceLen(srcs); i++) {
    const src = at(srcs, i);
    const sp = path + ".sources[" + i.toString() + "]";
    let num = 0;
    const kinds = ["Secret", "ConfigMap"];
    const names = [".secret", ".configMap"];
    for (let k = 0; k < 2; k++) {
      const ref = fld(src, kinds[k]);
      if (ref === null) continue;
      num++;
      const name = refName(ref);
      if (name.length == 0) errs.required(sp + names[k] + ".name");
      const items = fld(ref, "Items");
      for (let j = 0; j < sliceLen(items); j++) {
        const kp = at(items, j);
        keyToPath(kp, sp + names[k] + ".items[" + j.toString() + "]", errs);
        const kpPath = str(fld(kp, "Path"));
        if (kpPath.length > 0) {
          if (!paths.has(kpPath)) paths.add(kpPath);
          else errs.invalidStr(path, name, "conflicting duplicate paths");
        }
      }
    }
    const da = fld(src, "DownwardAPI");
    if (da !== null) {
      num++;
      const items = fld(da, "Items");
      for (let j = 0; j < sliceLen(items); j++) {
        const file = at(items, j);
        downwardAPIFile(file, sp + ".downwardAPI", opts, errs);
        const fp = str(fld(file, "Path"));
        if (fp.length > 0) {
          if (!paths.has(fp)) paths.add(fp);
          else errs.invalidStr(path, fp, "conflicting duplicate paths");
        }
      }
    }
    const sat = fld(src, "ServiceAccountToken");
    if (sat !== null) {
      num++;
      const ep = sp + ".serviceAccountToken.expirationSeconds";
      const exp = fld(sat, "ExpirationSeconds");
      if (minor >= 37 && !isSet(exp)) errs.required(ep);
      else {
        const e = int(exp);
        if (e < 600) errs.invalidInt(ep, e, "may not specify a duration less than 10 minutes");
        if (e > 4294967296) errs.invalidInt(ep, e, "may not specify a duration larger than 2^32 seconds");
      }
      const tp = str(fld(sat, "Path"));
      if (tp.length == 0) errs.required(path + ".path");
      else if (minor >= 30 && !opts.nonLocalTokenPath) localNonReservedPath(tp, path + ".path", errs);
      userField(fld(sat, "User"), sp + ".serviceAccountToken.user", errs);
    }
    const ctb = minor >= 29 ? fld(src, "ClusterTrustBundle") : null;
    if (ctb !== null) { num++; clusterTrustBundleSource(ctb, sp, path, paths, minor, errs); } // projcerts.ts
    const pc = minor >= 34 ? fld(src, "PodCertificate") : null;
    if (pc !== null) { num++; podCertificateSource(pc, sp, path, paths, minor, errs); } // projcerts.ts
    if (num > 1) errs.forbidden(sp, minor >= 31 ? "may not specify more than 1 volume type per source" : "may not specify more than 1 volume type");
  }
}
