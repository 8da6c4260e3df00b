// The generated schema tables against facts of the real Go types (k8s.io/api at each minor, OpenKruise v1.9.0).

import {
  arrayLen, elem, fieldCount, fieldFlags, FieldFlag, fieldIndex, fieldJSONName, fieldJSONRef, fieldName,
  fieldNameRef, fieldIndexScan, fieldPatchMergeKey, fieldPatchMergeKeyRef, fieldPatchStrategy, fieldPatchStrategyRef, fieldType, key, Kind, kind, Method, methods, minorAt, minorCount, minorIndex, minorOf, nameCount,
  nameRef, newestMinor, pkgPath, pkgPathRef, resolve, spewName, spewNameRef, strLen, strPtr, typeId, typeIdUTF8,
  kruiseSlotIndex, kruiseTypeId, nameId,
} from "../schema/schema";
import { ByteSink } from "../io/sink";
import { fnv1a_64 } from "../hash/fnv";
import { DIGEST_COUNTS, DIGEST_MINORS, DIGESTS } from "./generated/schema-digests";

/** Go field names of a struct type, comma-separated. */
function goNames(t: i32): string {
  let s = "";
  for (let i = 0; i < fieldCount(t); i++) s += (i > 0 ? "," : "") + fieldName(t, i);
  return s;
}

/** Field `goName` of struct type `t` (fails the test when missing). */
function field(t: i32, goName: string): i32 {
  const i = fieldIndex(t, goName);
  expect(i).toBeGreaterThanOrEqual(0, goName);
  return i;
}

function has(flags: i32, bit: i32): bool {
  return (flags & bit) != 0;
}

const CONTAINER_112 =
  "Name,Image,Command,Args,WorkingDir,Ports,EnvFrom,Env,Resources,VolumeMounts,VolumeDevices,LivenessProbe," +
  "ReadinessProbe,Lifecycle,TerminationMessagePath,TerminationMessagePolicy,ImagePullPolicy,SecurityContext," +
  "Stdin,StdinOnce,TTY";
const CONTAINER_116 =
  "Name,Image,Command,Args,WorkingDir,Ports,EnvFrom,Env,Resources,VolumeMounts,VolumeDevices,LivenessProbe," +
  "ReadinessProbe,StartupProbe,Lifecycle,TerminationMessagePath,TerminationMessagePolicy,ImagePullPolicy," +
  "SecurityContext,Stdin,StdinOnce,TTY";
const CONTAINER_137 =
  "Name,Image,Command,Args,WorkingDir,Ports,EnvFrom,Env,Resources,ResizePolicy,RestartPolicy,RestartPolicyRules," +
  "VolumeMounts,VolumeDevices,LivenessProbe,ReadinessProbe,StartupProbe,Lifecycle,TerminationMessagePath," +
  "TerminationMessagePolicy,ImagePullPolicy,SecurityContext,Stdin,StdinOnce,TTY";

describe("minors", () => {
  it("covers 1.12, 1.15 and every minor from 1.16 to the newest, ascending", () => {
    expect(minorAt(0)).toBe(12);
    expect(minorAt(1)).toBe(15);
    for (let i = 2; i < minorCount(); i++) expect(minorAt(i)).toBe(14 + i);
    expect(newestMinor()).toBe(minorAt(minorCount() - 1));
    expect(newestMinor()).toBeGreaterThanOrEqual(37);
    expect(minorIndex(13)).toBe(-1);
    expect(minorIndex(14)).toBe(-1);
    expect(minorIndex(11)).toBe(-1);
    expect(minorIndex(newestMinor() + 1)).toBe(-1);
    expect(minorAt(minorCount())).toBe(-1);
  });

  it("refuses unsupported minors and unknown names", () => {
    expect(typeId(13, "v1.Container")).toBe(-1);
    expect(typeId(26, "v1.NoSuchType")).toBe(-1);
    expect(typeId(26, "")).toBe(-1);
    expect(typeId(26, "v1.Containe")).toBe(-1);
    expect(typeId(26, "v1.Containerr")).toBe(-1);
    expect(typeId(26, "v1.container")).toBe(-1);
  });
});

describe("v1.Container", () => {
  it("has the field order of each minor", () => {
    expect(goNames(typeId(12, "v1.Container"))).toBe(CONTAINER_112);
    expect(goNames(typeId(15, "v1.Container"))).toBe(CONTAINER_112);
    expect(goNames(typeId(16, "v1.Container"))).toBe(CONTAINER_116);
    expect(goNames(typeId(37, "v1.Container"))).toBe(CONTAINER_137);
  });

  it("shares one record between minors with the same shape, but resolves field types per minor", () => {
    const a = typeId(16, "v1.Container"), b = typeId(17, "v1.Container");
    expect(a & 0xffff).toBe(b & 0xffff);
    expect(minorOf(a)).toBe(16);
    expect(minorOf(b)).toBe(17);
    const sc12 = fieldType(typeId(12, "v1.Container"), field(typeId(12, "v1.Container"), "SecurityContext"));
    const sc16 = fieldType(a, field(a, "SecurityContext"));
    expect(spewName(sc12)).toBe("*v1.SecurityContext");
    expect(spewName(elem(sc12))).toBe("v1.SecurityContext");
    // 1.15 added windowsOptions: the pointer record is shared, its element is not.
    expect(sc12 & 0xffff).toBe(sc16 & 0xffff);
    expect(elem(sc12) & 0xffff).not.toBe(elem(sc16) & 0xffff);
    expect(fieldIndex(elem(sc12), "WindowsOptions")).toBe(-1);
    expect(fieldIndex(elem(sc16), "WindowsOptions")).toBeGreaterThan(0);
  });

  it("has JSON names, omitempty and types as declared", () => {
    const c = typeId(26, "v1.Container");
    expect(kind(c)).toBe(Kind.Struct);
    expect(pkgPath(c)).toBe("k8s.io/api/core/v1");
    const name = field(c, "Name");
    expect(fieldJSONName(c, name)).toBe("name");
    expect(has(fieldFlags(c, name), FieldFlag.OmitEmpty)).toBe(false);
    expect(has(fieldFlags(c, name), FieldFlag.Tagged)).toBe(true);
    expect(has(fieldFlags(c, name), FieldFlag.Exported)).toBe(true);
    const res = field(c, "Resources");
    expect(has(fieldFlags(c, res), FieldFlag.OmitEmpty)).toBe(true);
    expect(spewName(fieldType(c, res))).toBe("v1.ResourceRequirements");
    const cmd = fieldType(c, field(c, "Command"));
    expect(spewName(cmd)).toBe("[]string");
    expect(kind(cmd)).toBe(Kind.Slice);
    expect(kind(elem(cmd))).toBe(Kind.String);
    const tty = field(c, "TTY");
    expect(fieldJSONName(c, tty)).toBe("tty");
    const ref = fieldJSONRef(c, tty);
    expect(strLen(ref)).toBe(3);
    expect(load<u8>(strPtr(ref))).toBe(<u8>0x74);
  });

  it("gains claims in ResourceRequirements at 1.26", () => {
    expect(fieldIndex(typeId(25, "v1.ResourceRequirements"), "Claims")).toBe(-1);
    const r = typeId(26, "v1.ResourceRequirements");
    expect(goNames(r)).toBe("Limits,Requests,Claims");
    expect(typeId(25, "v1.ResourceClaim")).toBe(-1);
    expect(typeId(26, "v1.ResourceClaim")).toBeGreaterThanOrEqual(0);
  });
});

describe("json tags", () => {
  it("SecurityContext.procMount: omitempty at 1.12.10 (the omitEmpty typo of 1.12.0-1.12.2 was fixed in 1.12.3)", () => {
    for (let i = 0; i < minorCount(); i++) {
      const sc = typeId(minorAt(i), "v1.SecurityContext");
      const pm = field(sc, "ProcMount");
      expect(fieldJSONName(sc, pm)).toBe("procMount");
      expect(has(fieldFlags(sc, pm), FieldFlag.OmitEmpty)).toBe(true);
      expect(spewName(fieldType(sc, pm))).toBe("*v1.ProcMountType");
    }
  });

  it("GRPCAction.service has no omitempty and exists from 1.23", () => {
    expect(typeId(22, "v1.GRPCAction")).toBe(-1);
    const g = typeId(23, "v1.GRPCAction");
    expect(goNames(g)).toBe("Port,Service");
    const svc = field(g, "Service");
    expect(fieldJSONName(g, svc)).toBe("service");
    expect(has(fieldFlags(g, svc), FieldFlag.OmitEmpty)).toBe(false);
    expect(spewName(fieldType(g, svc))).toBe("*string");
    expect(has(fieldFlags(g, field(g, "Port")), FieldFlag.OmitEmpty)).toBe(false);
  });

  it("ObjectMeta.creationTimestamp is omitzero from 1.34", () => {
    const m33 = typeId(33, "v1.ObjectMeta"), m34 = typeId(34, "v1.ObjectMeta");
    const f33 = fieldFlags(m33, field(m33, "CreationTimestamp"));
    const f34 = fieldFlags(m34, field(m34, "CreationTimestamp"));
    expect(has(f33, FieldFlag.OmitEmpty)).toBe(true);
    expect(has(f33, FieldFlag.OmitZero)).toBe(false);
    expect(has(f34, FieldFlag.OmitEmpty)).toBe(true);
    expect(has(f34, FieldFlag.OmitZero)).toBe(true);
  });

  it("marks inline embedded structs and json:\"-\"", () => {
    const p = typeId(23, "v1.Probe");
    const h = field(p, "ProbeHandler");
    expect(fieldIndex(typeId(22, "v1.Probe"), "ProbeHandler")).toBe(-1);
    expect(fieldIndex(typeId(22, "v1.Probe"), "Handler")).toBe(0);
    expect(h).toBe(0);
    const f = fieldFlags(p, h);
    expect(has(f, FieldFlag.Anonymous)).toBe(true);
    expect(has(f, FieldFlag.Tagged)).toBe(false);
    expect(has(f, FieldFlag.Inline)).toBe(true);
    expect(fieldJSONName(p, h)).toBe("ProbeHandler");
    const raw = typeId(26, "runtime.RawExtension");
    expect(has(fieldFlags(raw, field(raw, "Raw")), FieldFlag.Skip)).toBe(true);
    expect(spewName(fieldType(raw, field(raw, "Raw")))).toBe("[]uint8");
    expect(kind(fieldType(raw, field(raw, "Object")))).toBe(Kind.Interface);
  });
});

describe("special types", () => {
  it("resource.Quantity has its unexported internals and a value MarshalJSON", () => {
    const q = typeId(37, "resource.Quantity");
    expect(goNames(q)).toBe("i,d,s,Format");
    expect(spewName(fieldType(q, 0))).toBe("resource.int64Amount");
    expect(spewName(fieldType(q, 1))).toBe("resource.infDecAmount");
    expect(spewName(fieldType(q, 2))).toBe("string");
    expect(spewName(fieldType(q, 3))).toBe("resource.Format");
    expect(has(fieldFlags(q, 0), FieldFlag.Exported)).toBe(false);
    expect(has(fieldFlags(q, 3), FieldFlag.Exported)).toBe(true);
    expect(goNames(fieldType(q, 0))).toBe("value,scale");
    const dec = fieldType(q, 1);
    expect(goNames(dec)).toBe("Dec");
    expect(has(fieldFlags(dec, 0), FieldFlag.Anonymous)).toBe(true);
    expect(spewName(fieldType(dec, 0))).toBe("*inf.Dec");
    const m = methods(q);
    expect(has(m, Method.MarshalJSON)).toBe(true);
    expect(has(m, Method.UnmarshalJSONPtr)).toBe(true);
    expect(has(m, Method.UnmarshalJSON)).toBe(false);
    expect(pkgPath(q)).toBe("k8s.io/apimachinery/pkg/api/resource");
    expect(goNames(typeId(12, "resource.Quantity"))).toBe("i,d,s,Format");
  });

  it("metav1.Time embeds time.Time, whose internals are wall, ext, loc", () => {
    const t = typeId(12, "v1.Time");
    expect(goNames(t)).toBe("Time");
    expect(has(fieldFlags(t, 0), FieldFlag.Anonymous)).toBe(true);
    expect(has(methods(t), Method.MarshalJSON)).toBe(true);
    const tt = fieldType(t, 0);
    expect(spewName(tt)).toBe("time.Time");
    expect(goNames(tt)).toBe("wall,ext,loc");
    expect(spewName(fieldType(tt, 0))).toBe("uint64");
    expect(spewName(fieldType(tt, 1))).toBe("int64");
    expect(spewName(fieldType(tt, 2))).toBe("*time.Location");
    expect(kind(elem(fieldType(tt, 2)))).toBe(Kind.Struct);
    expect(has(methods(tt), Method.IsZero)).toBe(true);
  });

  it("IntOrString and ResourceList", () => {
    const io = typeId(20, "intstr.IntOrString");
    expect(goNames(io)).toBe("Type,IntVal,StrVal");
    expect(has(methods(io), Method.MarshalJSON)).toBe(true);
    const rl = typeId(20, "v1.ResourceList");
    expect(kind(rl)).toBe(Kind.Map);
    expect(spewName(key(rl))).toBe("v1.ResourceName");
    expect(kind(key(rl))).toBe(Kind.String);
    expect(spewName(elem(rl))).toBe("resource.Quantity");
    expect(arrayLen(rl)).toBe(-1);
    expect(key(typeId(20, "v1.Container"))).toBe(-1);
    expect(elem(typeId(20, "v1.Container"))).toBe(-1);
  });

  it("looks names up from UTF-8 bytes", () => {
    const s = String.UTF8.encode("map[string]string");
    const t = typeIdUTF8(30, changetype<usize>(s), s.byteLength);
    expect(t).toBe(typeId(30, "map[string]string"));
    expect(kind(t)).toBe(Kind.Map);
  });

  it("every name at every minor resolves to a record with the same spew name", () => {
    let found = 0;
    for (let mi = 0; mi < minorCount(); mi++) {
      const minor = minorAt(mi);
      const names = ["v1.Pod", "v1.PodTemplateSpec", "v1.Deployment", "v1.ReplicaSet", "v1.StatefulSet",
        "v1.DaemonSet", "v1.ControllerRevision", "v1alpha1.CloneSet", "v1beta1.StatefulSet", "v1beta1.DaemonSet"];
      for (let i = 0; i < names.length; i++) {
        const t = typeId(minor, names[i]);
        expect(t).toBeGreaterThanOrEqual(0, names[i]);
        expect(spewName(t)).toBe(names[i]);
        found++;
      }
    }
    expect(found).toBe(minorCount() * 10);
    expect(nameCount()).toBeGreaterThan(400);
  });
});

describe("OpenKruise", () => {
  it("CloneSet is shared across minors and its template resolves per minor", () => {
    const a = typeId(12, "v1alpha1.CloneSetSpec"), b = typeId(37, "v1alpha1.CloneSetSpec");
    expect(a & 0xffff).toBe(b & 0xffff);
    expect(pkgPath(a)).toBe("github.com/openkruise/kruise/apis/apps/v1alpha1");
    const ta = fieldType(a, field(a, "Template")), tb = fieldType(b, field(b, "Template"));
    expect(spewName(ta)).toBe("v1.PodTemplateSpec");
    expect(minorOf(ta)).toBe(12);
    expect(minorOf(tb)).toBe(37);
    const sa = fieldType(ta, field(ta, "Spec")), sb = fieldType(tb, field(tb, "Spec"));
    expect(sa & 0xffff).not.toBe(sb & 0xffff);
    expect(fieldCount(sb)).toBeGreaterThan(fieldCount(sa));
    const sel = field(a, "Selector");
    expect(has(fieldFlags(a, sel), FieldFlag.OmitEmpty)).toBe(false);
    expect(spewName(fieldType(a, sel))).toBe("*v1.LabelSelector");
  });

  it("the module proxy's v1.9.0 (what the controllers build from) has v1beta1 CloneSet and imagePreDownload fields", () => {
    expect(spewName(typeId(32, "v1beta1.CloneSet"))).toBe("v1beta1.CloneSet");
    expect(pkgPath(typeId(32, "v1beta1.CloneSet"))).toBe("github.com/openkruise/kruise/apis/apps/v1beta1");
    expect(goNames(typeId(32, "pub.InPlaceUpdateStrategy")))
      .toBe("GracePeriodSeconds,ImagePreDownloadParallelism,ImagePreDownloadTimeoutSeconds,ImagePreDownloadMinUpdatedReadyPods");
  });
});

/** Appends string ref `r` to `b`. */
function ref(b: ByteSink, r: i32): void {
  b.bytes(strPtr(r), strLen(r));
}

/** Appends the spew name of type handle `t` ("" for -1). */
function tname(b: ByteSink, t: i32): void {
  if (t >= 0) ref(b, spewNameRef(t));
}

/** The digest line of type `t` (format: tools/schemagen/digest.ts); returns the number of unresolved field types. */
function digestLine(b: ByteSink, t: i32): i32 {
  let unresolved = 0;
  tname(b, t);
  b.byte(0x7c); b.int(kind(t));
  b.byte(0x7c); b.int(methods(t));
  b.byte(0x7c); ref(b, pkgPathRef(t));
  b.byte(0x7c); tname(b, key(t));
  b.byte(0x7c); tname(b, elem(t));
  b.byte(0x7c); b.int(kind(t) == Kind.Array ? arrayLen(t) : 0);
  b.byte(0x7c);
  for (let i = 0; i < fieldCount(t); i++) {
    ref(b, fieldNameRef(t, i)); b.byte(0x2c);
    ref(b, fieldJSONRef(t, i)); b.byte(0x2c);
    b.int(fieldFlags(t, i)); b.byte(0x2c);
    const ft = fieldType(t, i);
    if (ft < 0) unresolved++;
    tname(b, ft); b.byte(0x2c);
    ref(b, fieldPatchStrategyRef(t, i)); b.byte(0x2c);
    ref(b, fieldPatchMergeKeyRef(t, i)); b.byte(0x3b);
  }
  b.byte(0x0a);
  return unresolved;
}

describe("strategic merge patch tags", () => {
  it("carries patchStrategy and patchMergeKey as the Go struct tags spell them", () => {
    const spec = typeId(37, "v1.PodSpec");
    const c = fieldIndex(spec, "Containers");
    expect(fieldPatchStrategy(spec, c)).toBe("merge");
    expect(fieldPatchMergeKey(spec, c)).toBe("name");
    const v = fieldIndex(spec, "Volumes");
    expect(fieldPatchStrategy(spec, v)).toBe("merge,retainKeys");
    expect(fieldPatchMergeKey(spec, v)).toBe("name");
    const rp = fieldIndex(spec, "RestartPolicy");
    expect(fieldPatchStrategy(spec, rp)).toBe("");
    expect(fieldPatchMergeKey(spec, rp)).toBe("");
    const ctr = typeId(12, "v1.Container");
    const ports = fieldIndex(ctr, "Ports");
    expect(fieldPatchStrategy(ctr, ports)).toBe("merge");
    expect(fieldPatchMergeKey(ctr, ports)).toBe("containerPort");
    const meta = typeId(20, "v1.ObjectMeta");
    const fin = fieldIndex(meta, "Finalizers");
    expect(fieldPatchStrategy(meta, fin)).toBe("merge");
    expect(fieldPatchMergeKey(meta, fin)).toBe("");
    const vs = typeId(30, "v1.VolumeSource");
    expect(fieldPatchStrategy(vs, fieldIndex(vs, "HostPath"))).toBe("");
    const ds = typeId(30, "v1.DeploymentSpec");
    expect(fieldPatchStrategy(ds, fieldIndex(ds, "Strategy"))).toBe("retainKeys");
    expect(strLen(fieldPatchStrategyRef(ds, fieldIndex(ds, "Replicas")))).toBe(0);
    expect(strLen(fieldPatchMergeKeyRef(ds, fieldIndex(ds, "Replicas")))).toBe(0);
  });
});

describe("every minor", () => {
  it("matches the Go reflection digest (every type, field, flag and reference)", () => {
    expect(DIGEST_MINORS.length).toBe(minorCount());
    for (let mi = 0; mi < minorCount(); mi++) {
      expect(minorAt(mi)).toBe(DIGEST_MINORS[mi]);
      let h: u64 = 0xcbf29ce484222325;
      let count = 0, wrongName = 0, unresolved = 0;
      const b = new ByteSink(4096);
      for (let n = 0; n < nameCount(); n++) {
        const t = resolve(mi, n);
        if (t < 0) continue;
        if (spewNameRef(t) != nameRef(n)) wrongName++;
        b.len = 0;
        unresolved += digestLine(b, t);
        h = fnv1a_64(b.ptr, b.len, h);
        count++;
      }
      expect(wrongName).toBe(0);
      expect(unresolved).toBe(0);
      expect(count).toBe(DIGEST_COUNTS[mi]);
      expect(h).toBe(DIGESTS[mi]);
    }
  });
});

describe("fieldIndex", () => {
  it("answers as the scan of the fields does, for every field of every struct, twice (memo cold and warm), and for absent names", () => {
    let checked = 0, wrong = 0;
    for (let mi = 0; mi < minorCount(); mi += 3) {
      for (let n = 0; n < nameCount(); n++) {
        const t = resolve(mi, n);
        if (t < 0 || kind(t) != Kind.Struct) continue;
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < fieldCount(t); i++) {
            const name = fieldName(t, i); // a fresh (heap) string each time
            if (fieldIndex(t, name) != fieldIndexScan(t, name)) wrong++;
            checked++;
          }
          if (fieldIndex(t, "NoSuchField") != -1 || fieldIndex(t, "Spec") != fieldIndexScan(t, "Spec")) wrong++;
        }
      }
    }
    expect(wrong).toBe(0);
    expect(checked).toBeGreaterThan(10000);
  });
});

describe("OpenKruise release slots", () => {
  it("hold each older release's own types at the Kubernetes minor it pins", () => {
    expect(kruiseSlotIndex(9)).toBe(-1); // v1.9.0's types are those of every minor
    expect(kruiseSlotIndex(4)).toBe(-1);
    expect(kruiseSlotIndex(10)).toBe(-1);
    const pinned: StaticArray<i32> = [24, 26, 28, 30];
    for (let k = 5; k <= 8; k++) {
      expect(kruiseSlotIndex(k)).toBeGreaterThanOrEqual(minorCount());
      const cs = kruiseTypeId(k, "v1alpha1.CloneSet");
      expect(cs).toBeGreaterThanOrEqual(0);
      expect(minorOf(cs)).toBe(pinned[k - 5]);
      // the older releases have no v1beta1 CloneSet or DaemonSet (v1.9.0 added them)
      expect(kruiseTypeId(k, "v1beta1.CloneSet")).toBe(-1);
      expect(kruiseTypeId(k, "v1beta1.DaemonSet")).toBe(-1);
      expect(kruiseTypeId(k, "v1beta1.StatefulSet")).toBeGreaterThanOrEqual(0);
      // the template resolves at the slot: the pinned minor's PodSpec (pod-level resources only from 1.32)
      const spec = kruiseTypeId(k, "v1.PodSpec");
      expect(fieldIndex(spec, "Resources")).toBe(-1);
      expect(fieldIndex(spec, "SchedulingGates") >= 0).toBe(k >= 6);
      // an Advanced DaemonSet partition is a *int32 before v1.9.0
      const ru = kruiseTypeId(k, "v1alpha1.RollingUpdateDaemonSet");
      expect(spewName(fieldType(ru, field(ru, "Partition")))).toBe("*int32");
    }
    expect(fieldIndex(typeId(32, "v1.PodSpec"), "Resources")).toBeGreaterThanOrEqual(0);
    expect(spewName(fieldType(typeId(32, "v1alpha1.RollingUpdateDaemonSet"), field(typeId(32, "v1alpha1.RollingUpdateDaemonSet"), "Partition")))).toBe("*intstr.IntOrString");
    // a name no slot has resolves to nothing there, and the real minors never see a slot
    expect(resolve(minorCount() + 4, nameId("v1.Pod"))).toBe(-1);
    expect(minorIndex(24)).toBeLessThan(minorCount());
  });
});
