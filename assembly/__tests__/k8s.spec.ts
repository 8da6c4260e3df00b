// The typed view of Kubernetes objects: JSON field lists from the schemas, RFC 3339 times, the
// decoder's semantics per minor (case sensitivity, unknown / duplicate fields, merging repeated keys,
// json-iterator's integers and strings), Go's json.Marshal of the typed value and go-spew's `%#v`.
// Expected texts are the real Go code's answers (see the known-answer sheet and the k8s oracle).

import { ByteSink } from "../io/sink";
import { Tape } from "../json/tape";
import { readJSON, ReadOptions } from "../json/reader";
import { clearError, hasError, errorCode, takeErrorMessage } from "../base/errors";
import { typeId, fieldIndex } from "../schema/schema";
import { jsonFields } from "../typed/fields";
import { Decoder, DecodeOptions } from "../typed/decode";
import { Encoder, EncodeOptions } from "../typed/encode";
import { Val } from "../typed/value";
import { parseTimeRFC3339, formatRFC3339UTC, UNIX_TO_INTERNAL } from "../typed/time";
import { unquoteJsoniter } from "../typed/jsoniterstr";
import { decodesWithJsoniter, warningPaths, embeddedErrorPath } from "../typed/versions";
import { requestType } from "../typed/types";
import { Spewer, spewBytes } from "../upstream/gospew/spew";
import { defaultGoOf, minGoOf } from "../base/pins";

function text(s: ByteSink): string {
  return String.UTF8.decodeUnsafe(s.ptr, <usize>s.len);
}

function bytesOf(s: string): ByteSink {
  const b = new ByteSink(s.length * 3 + 4);
  b.utf8(s);
  return b;
}

/** JSON names of a struct type's fields, comma-separated. */
function names(minor: i32, type: string): string {
  const l = jsonFields(typeId(minor, type)).list;
  let s = "";
  for (let i = 0; i < l.length; i++) s += (i > 0 ? "," : "") + String.UTF8.decodeUnsafe(l[i].nameP, <usize>l[i].nameN);
  return s;
}

class Run {
  static warnings: string = "";
}

/** Decodes `json` as `type` at `minor` (Go `go`) and returns the re-encoded JSON or "ERR <code>: <message>". */
function roundTrip(minor: i32, type: string, json: string, go: i32 = 26): string {
  clearError();
  const src = bytesOf(json);
  const t = readJSON(src.ptr, src.len, new ReadOptions());
  if (t === null) return "ERR syntax";
  const o = new DecodeOptions();
  o.minor = minor;
  o.jsoniter = decodesWithJsoniter(minor);
  o.warnPaths = warningPaths(minor);
  o.embeddedPath = embeddedErrorPath(minor);
  o.goMinor = go;
  const d = new Decoder(t, o);
  d.jit.dataStart = 0;
  d.jit.dataEnd = src.len;
  const ty = typeId(minor, type);
  const v = d.decodeTop(ty, 0);
  if (hasError()) {
    const c = errorCode();
    return "ERR " + c + ": " + takeErrorMessage();
  }
  Run.warnings = d.warnings.join("|");
  const out = new ByteSink(256);
  const eo = new EncodeOptions();
  eo.goMinor = go;
  new Encoder(out, eo).value(ty, v);
  return text(out);
}

function spewOf(minor: i32, type: string, json: string): string {
  clearError();
  const src = bytesOf(json);
  const t = readJSON(src.ptr, src.len, new ReadOptions());
  const o = new DecodeOptions();
  o.minor = minor;
  o.jsoniter = decodesWithJsoniter(minor);
  const d = new Decoder(changetype<Tape>(t), o);
  const ty = typeId(minor, type);
  const v: Val | null = d.decodeTop(ty, 0);
  const out = new ByteSink(1024);
  new Spewer(out).top(ty, v);
  return text(out);
}

describe("JSON fields (encoding/json's typeFields over the schemas)", () => {
  it("inlines embedded structs without a JSON name and keeps tagged ones", () => {
    expect(names(37, "v1.Pod")).toBe("kind,apiVersion,metadata,spec,status");
    expect(names(37, "v1.Probe")).toBe(
      "exec,httpGet,tcpSocket,grpc,initialDelaySeconds,timeoutSeconds,periodSeconds,successThreshold,failureThreshold,terminationGracePeriodSeconds");
    expect(names(16, "v1.Probe")).toBe(
      "exec,httpGet,tcpSocket,initialDelaySeconds,timeoutSeconds,periodSeconds,successThreshold,failureThreshold");
    expect(names(37, "v1.ConfigMapKeySelector")).toBe("name,key,optional");
    expect(names(37, "v1.Volume").startsWith("name,hostPath,emptyDir,")).toBe(true);
  });
});

describe("RFC 3339 (time.Parse and Format)", () => {
  it("parses zones, fractions and one-digit hours to seconds since year 1", () => {
    const a = parseTimeRFC3339(bytesOf("2024-01-02T03:04:05Z").ptr, 20, 26);
    expect(a.ok).toBe(true);
    expect(a.ext).toBe(63839761445);
    expect(a.nsec).toBe(0);
    const s = bytesOf("2024-01-02T03:04:05.123+02:00");
    const r = parseTimeRFC3339(s.ptr, s.len, 26);
    expect(r.ok).toBe(true);
    expect(r.ext).toBe(63839754245);
    expect(r.nsec).toBe(123000000);
    const h = bytesOf("2024-01-02T3:04:05,5Z");
    const f = parseTimeRFC3339(h.ptr, h.len, 26);
    expect(f.ok).toBe(true);
    expect(f.nsec).toBe(500000000);
  });

  it("reports Go's ParseError texts", () => {
    const b = bytesOf("bad");
    const e1 = parseTimeRFC3339(b.ptr, b.len, 26);
    expect(e1.ok).toBe(false);
    expect(e1.error).toBe("parsing time \"bad\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"bad\" as \"2006\"");
    const d = bytesOf("2023-02-29T00:00:00Z");
    const e2 = parseTimeRFC3339(d.ptr, d.len, 26);
    expect(e2.ok).toBe(false);
    expect(e2.error).toBe("parsing time \"2023-02-29T00:00:00Z\": day out of range");
    const z = bytesOf("2023-01-01T00:00:00+25:00");
    const e3 = parseTimeRFC3339(z.ptr, z.len, 26);
    expect(e3.ok).toBe(false);
    expect(e3.error).toBe("parsing time \"2023-01-01T00:00:00+25:00\": time zone offset hour out of range");
    expect(parseTimeRFC3339(z.ptr, z.len, 21).ok).toBe(true); // Go 1.22 and older took it
    const x = bytesOf("2023-01-01T00:00:00Zx");
    const e4 = parseTimeRFC3339(x.ptr, x.len, 26);
    expect(e4.ok).toBe(false);
    expect(e4.error).toBe("parsing time \"2023-01-01T00:00:00Zx\": extra text: \"x\"");
  });

  it("returns each result as its own value: a later call does not overwrite an earlier result", () => {
    const s = bytesOf("2024-01-02T03:04:05.123+02:00");
    const r = parseTimeRFC3339(s.ptr, s.len, 26);
    const b = bytesOf("2023-02-29T00:00:00Z");
    const e = parseTimeRFC3339(b.ptr, b.len, 26);
    expect(e.ok).toBe(false);
    expect(r.ok).toBe(true);
    expect(r.ext).toBe(63839754245);
  });

  it("formats in UTC, year 0 and negative years included", () => {
    const o = new ByteSink(32);
    formatRFC3339UTC(o, 63839761445);
    expect(text(o)).toBe("2024-01-02T03:04:05Z");
    const n = new ByteSink(32);
    formatRFC3339UTC(n, -3600);
    expect(text(n)).toBe("0000-12-31T23:00:00Z");
    const m = new ByteSink(32);
    formatRFC3339UTC(m, -366 * 86400 - 3600);
    expect(text(m)).toBe("-0001-12-31T23:00:00Z");
    const u = new ByteSink(32);
    formatRFC3339UTC(u, UNIX_TO_INTERNAL);
    expect(text(u)).toBe("1970-01-01T00:00:00Z");
  });
});

describe("json-iterator strings", () => {
  it("keeps invalid bytes and pairs a surrogate only with the escape right after it", () => {
    const raw = new ByteSink(8);
    raw.byte(0x61); raw.byte(0xff); raw.byte(0x62);
    const o = new ByteSink(8);
    unquoteJsoniter(o, raw.ptr, raw.len);
    expect(o.len).toBe(3);
    expect(o.at(1)).toBe(0xff);
    const s = bytesOf("\\ud800\\ud800\\udc00");
    const p = new ByteSink(16);
    unquoteJsoniter(p, s.ptr, s.len);
    expect(text(p)).toBe("\uFFFD\uFFFD\uFFFD");
    const q = bytesOf("\\ud83d\\ude00\\n");
    const r = new ByteSink(16);
    unquoteJsoniter(r, q.ptr, q.len);
    expect(text(r)).toBe("\u{1F600}\n");
  });
});

describe("decode and json.Marshal", () => {
  it("writes the known-answer container as Go does", () => {
    expect(roundTrip(26, "v1.Container",
      "{\"name\":\"r1\",\"image\":\"app\",\"resources\":{\"requests\":{\"cpu\":\"0.5\",\"memory\":\"1Gi\"},\"limits\":{\"cpu\":\"1000m\",\"memory\":\"1024Mi\"}}}"))
      .toBe("{\"name\":\"r1\",\"image\":\"app\",\"resources\":{\"limits\":{\"cpu\":\"1\",\"memory\":\"1Gi\"},\"requests\":{\"cpu\":\"500m\",\"memory\":\"1Gi\"}}}");
  });

  it("matches field names case-sensitively and warns about unknown and repeated ones", () => {
    expect(roundTrip(37, "v1.Container", "{\"Name\":\"x\",\"name\":\"a\",\"name\":\"b\",\"ports\":[{\"containerPort\":1,\"foo\":2}]}"))
      .toBe("{\"name\":\"b\",\"ports\":[{\"containerPort\":1}],\"resources\":{}}");
    expect(Run.warnings).toBe("unknown field \"Name\"|duplicate field \"name\"|unknown field \"ports[0].foo\"");
    roundTrip(23, "v1.Container", "{\"ports\":[{\"containerPort\":1,\"foo\":2}]}");
    expect(Run.warnings).toBe("unknown field \"foo\"");
  });

  it("decodes a repeated key into the old value (structs, pointers, old slice elements)", () => {
    expect(roundTrip(37, "v1.Container", "{\"name\":\"a\",\"ports\":[{\"containerPort\":1,\"name\":\"x\"}],\"ports\":[{\"containerPort\":2}]}"))
      .toBe("{\"name\":\"a\",\"ports\":[{\"name\":\"x\",\"containerPort\":2}],\"resources\":{}}");
    // null leaves a Go string alone, json-iterator clears it
    expect(roundTrip(37, "v1.Container", "{\"name\":\"a\",\"name\":null}")).toBe("{\"name\":\"a\",\"resources\":{}}");
    expect(roundTrip(20, "v1.Container", "{\"name\":\"a\",\"name\":null}", 15)).toBe("{\"name\":\"\",\"resources\":{}}");
  });

  it("reads integers as json-iterator did up to 1.22 (wrapping) and as encoding/json from 1.23", () => {
    expect(roundTrip(20, "v1.ContainerPort", "{\"containerPort\":5000000000}", 15)).toBe("{\"containerPort\":705032704}");
    expect(roundTrip(37, "v1.ContainerPort", "{\"containerPort\":5000000000}"))
      .toBe("ERR E_JSON_TYPE: json: cannot unmarshal number 5000000000 into Go struct field ContainerPort.containerPort of type int32");
  });

  it("reproduces json-iterator's messages, which every decoder finishing after the error prefixes", () => {
    expect(roundTrip(20, "v1.Container", "{\"name\":1,\"image\":\"x\",\"stdin\":true}", 15)).toBe(
      "ERR E_DECODE: v1.Container.Stdin: Image: Name: ReadString: expects \" or n, but found 1, error found in #9 byte of ...|{\"name\":1,\"image\":\"|..., bigger context ...|{\"name\":1,\"image\":\"x\",\"stdin\":true}|...");
    // after the error unreadByte does nothing: `true` is read as `t` then `r`, and the loop ends there
    expect(roundTrip(20, "v1.Container", "{\"name\":\"a\",\"resources\":{\"limits\":{\"cpu\":\"x\"}},\"stdin\":true,\"image\":\"b\"}", 15)
      .startsWith("ERR E_DECODE: v1.Container.Stdin: Resources: v1.ResourceRequirements.Limits: unmarshalerDecoder: quantities must match")).toBe(true);
    expect(roundTrip(20, "v1.Container", "{\"name\":\"a\",\"ports\":[{\"containerPort\":1e3}]}", 15)
      .startsWith("ERR E_DECODE: v1.Container.Ports: []v1.ContainerPort: v1.ContainerPort.isObjectEnd: object ended prematurely, unexpected char e")).toBe(true);
    // json-iterator before v1.1.7 skips an unknown exponent number through ReadFloat32
    expect(roundTrip(15, "v1.Container", "{\"name\":\"a\",\"zz\":-1e50}", 12)).toBe(
      "ERR E_DECODE: v1.Container.strconv.ParseFloat: parsing \"1e50\": value out of range");
    expect(roundTrip(16, "v1.Container", "{\"name\":\"a\",\"zz\":-1e50}", 12)).toBe("{\"name\":\"a\",\"resources\":{}}");
  });

  it("names embedded structs in type-error paths from 1.35", () => {
    expect(roundTrip(37, "v1.Probe", "{\"httpGet\":{\"port\":[1]}}"))
      .toBe("ERR E_JSON_TYPE: json: cannot unmarshal array into Go struct field HTTPGetAction.ProbeHandler.httpGet.port of type int32");
    expect(roundTrip(30, "v1.Probe", "{\"httpGet\":{\"port\":[1]}}"))
      .toBe("ERR E_JSON_TYPE: json: cannot unmarshal array into Go struct field HTTPGetAction.httpGet.port of type int32");
  });

  it("omits a zero creationTimestamp from 1.34 (omitzero with Go 1.24+)", () => {
    expect(roundTrip(33, "v1.ObjectMeta", "{\"name\":\"a\"}", 24)).toBe("{\"name\":\"a\",\"creationTimestamp\":null}");
    expect(roundTrip(34, "v1.ObjectMeta", "{\"name\":\"a\"}", 24)).toBe("{\"name\":\"a\"}");
    expect(roundTrip(34, "v1.ObjectMeta", "{\"creationTimestamp\":\"2020-01-01T01:00:00+01:00\"}", 24))
      .toBe("{\"creationTimestamp\":\"2020-01-01T00:00:00Z\"}");
  });

  it("escapes HTML and \\b \\f as the Go release does, and keeps IntOrString and raw data", () => {
    expect(roundTrip(37, "v1.EnvVar", "{\"name\":\"a\",\"value\":\"<&>\\b\\f\\u2028\"}", 22))
      .toBe("{\"name\":\"a\",\"value\":\"\\u003c\\u0026\\u003e\\b\\f\\u2028\"}");
    expect(roundTrip(37, "v1.EnvVar", "{\"name\":\"a\",\"value\":\"\\b\"}", 21)).toBe("{\"name\":\"a\",\"value\":\"\\u0008\"}");
    expect(roundTrip(37, "v1.HTTPGetAction", "{\"port\":\"http\",\"port\":80}")).toBe("{\"port\":80}");
    expect(roundTrip(37, "v1.ControllerRevision", "{\"data\": {\"b\" : [1, 2], \"a\":\"<\"},\"revision\":3}"))
      .toBe("{\"metadata\":{},\"data\":{\"b\":[1,2],\"a\":\"\\u003c\"},\"revision\":3}");
  });

  it("reports a bad Quantity as upstream does", () => {
    expect(roundTrip(37, "v1.ResourceRequirements", "{\"limits\":{\"cpu\":\"x\"}}"))
      .toBe("ERR E_QUANTITY: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });
});

describe("go-spew %#v", () => {
  it("prints every field of the 1.15 container (known-answer #10)", () => {
    expect(spewOf(15, "v1.Container", "{\"name\":\"nginx\",\"image\":\"nginx:1.20\"}")).toBe(
      "(v1.Container){Name:(string)nginx Image:(string)nginx:1.20 Command:([]string)<nil> Args:([]string)<nil> WorkingDir:(string) Ports:([]v1.ContainerPort)<nil> EnvFrom:([]v1.EnvFromSource)<nil> Env:([]v1.EnvVar)<nil> Resources:(v1.ResourceRequirements){Limits:(v1.ResourceList)<nil> Requests:(v1.ResourceList)<nil>} VolumeMounts:([]v1.VolumeMount)<nil> VolumeDevices:([]v1.VolumeDevice)<nil> LivenessProbe:(*v1.Probe)<nil> ReadinessProbe:(*v1.Probe)<nil> Lifecycle:(*v1.Lifecycle)<nil> TerminationMessagePath:(string) TerminationMessagePolicy:(v1.TerminationMessagePolicy) ImagePullPolicy:(v1.PullPolicy) SecurityContext:(*v1.SecurityContext)<nil> Stdin:(bool)false StdinOnce:(bool)false TTY:(bool)false}");
  });

  it("prints Quantity internals, pointers in slices and sorted maps", () => {
    expect(spewOf(37, "v1.ResourceRequirements", "{\"limits\":{\"memory\":\"1Gi\",\"cpu\":\"100m\"}}")).toBe(
      "(v1.ResourceRequirements){Limits:(v1.ResourceList)map[cpu:{i:(resource.int64Amount){value:(int64)100 scale:(resource.Scale)-3} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)100m Format:(resource.Format)DecimalSI} memory:{i:(resource.int64Amount){value:(int64)1073741824 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)1Gi Format:(resource.Format)BinarySI}] Requests:(v1.ResourceList)<nil> Claims:([]v1.ResourceClaim)<nil>}");
  });

  it("prints time.Local in full each time a pointer at its depth or above came in between", () => {
    const s = spewOf(37, "v1.ObjectMeta", "{\"creationTimestamp\":\"2020-01-01T00:00:00Z\",\"managedFields\":[{\"time\":\"2020-01-01T00:00:00Z\"}]}");
    expect(s.includes("CreationTimestamp:(v1.Time){Time:(time.Time){wall:(uint64)0 ext:(int64)63713433600 loc:(*time.Location){name:(string)Local ")).toBe(true);
    expect(s.includes("Time:(*v1.Time){Time:(time.Time){wall:(uint64)0 ext:(int64)63713433600 loc:(*time.Location){name:(string)Local ")).toBe(true);
    expect(s.includes("<shown>")).toBe(false);
  });

  it("prints JSON bytes as the JSON-era container hash feeds them", () => {
    const o = new ByteSink(64);
    const b = bytesOf("{\"a\"}");
    spewBytes(o, b.ptr, b.len);
    expect(text(o)).toBe("([]uint8)[123 34 97 34 125]");
  });
});

describe("versions", () => {
  it("knows the decoder, warning paths and Go release of each minor", () => {
    expect(decodesWithJsoniter(22)).toBe(true);
    expect(decodesWithJsoniter(23)).toBe(false);
    expect(warningPaths(23)).toBe(false);
    expect(warningPaths(24)).toBe(true);
    expect(embeddedErrorPath(34)).toBe(false);
    expect(embeddedErrorPath(35)).toBe(true);
    expect(defaultGoOf(30)).toBe(22);
    expect(minGoOf(37)).toBe(26);
    expect(minGoOf(34)).toBe(25);
    expect(defaultGoOf(34)).toBe(24);
    expect(minGoOf(28)).toBe(10);
    expect(requestType("EphemeralContainer", 15)).toBe(-1);
    expect(requestType("EphemeralContainer", 16)).toBeGreaterThanOrEqual(0);
    expect(fieldIndex(typeId(37, "intstr.IntOrString"), "StrVal")).toBe(2);
  });
});
