// Container defaults exactly as SetObjectDefaults_Pod / SetObjectDefaults_PodTemplate apply them to one
// container (k8s.io/kubernetes pkg/apis/core/v1 defaults.go + zz_generated.defaults.go): SetDefaults_Container
// (imagePullPolicy from the image tag, terminationMessagePath/Policy), port protocol "TCP", env
// fieldRef apiVersion "v1" and fileKeyRef optional=false (1.34+), resource lists rounded up to milli
// scale, probe and lifecycle-handler defaults.

import { StructV } from "../../../typed/value";
import { strEmpty, setStr, strOfField, structItems, ptrStruct, isNil, setPtrInt, structField } from "./tree";
import { imageIsLatest } from "./image";
import { defaultContainerProbes } from "./probe";
import { roundRequirements } from "./resources";

/** SetDefaults_Container: imagePullPolicy from the image tag, terminationMessagePath and Policy. */
export function setContainerDefaults(c: StructV, minor: i32): void {
  if (strEmpty(c, "ImagePullPolicy")) {
    setStr(c, "ImagePullPolicy", pullPolicyFor(c, "Image", minor));
  }
  if (strEmpty(c, "TerminationMessagePath")) setStr(c, "TerminationMessagePath", "/dev/termination-log");
  if (strEmpty(c, "TerminationMessagePolicy")) setStr(c, "TerminationMessagePolicy", "File");
}

/** "Always" when the image string field `name` of `s` means tag latest, else "IfNotPresent". */
export function pullPolicyFor(s: StructV, name: string, minor: i32): string {
  const img = strOfField(s, name);
  const latest = img === null ? false : imageIsLatest(img.p, img.n, minor);
  return latest ? "Always" : "IfNotPresent";
}

/** SetDefaults_ObjectFieldSelector: apiVersion "v1". */
export function defaultFieldRef(f: StructV): void {
  if (strEmpty(f, "APIVersion")) setStr(f, "APIVersion", "v1");
}

/**
 * Every default the generated Pod/PodTemplate defaulters apply to container `c` (a v1.Container, or the
 * EphemeralContainerCommon of an ephemeral container), `withContainerDefaults` = run SetDefaults_Container
 * (false only for ephemeral containers before 1.20, which had no SetDefaults_EphemeralContainer); `grpc`: the gRPC
 * probes' service default (OpenKruise's own pod defaulting leaves it out).
 */
export function defaultContainerFields(c: StructV, minor: i32, withContainerDefaults: bool, grpc: bool = true): void {
  if (withContainerDefaults) setContainerDefaults(c, minor);
  const ports = structItems(c, "Ports");
  for (let j = 0; j < ports.length; j++) {
    if (strEmpty(ports[j], "Protocol")) setStr(ports[j], "Protocol", "TCP");
  }
  const env = structItems(c, "Env");
  for (let j = 0; j < env.length; j++) {
    const vf = ptrStruct(env[j], "ValueFrom");
    if (vf === null) continue;
    const fr = ptrStruct(vf, "FieldRef");
    if (fr !== null) defaultFieldRef(fr);
    const fk = ptrStruct(vf, "FileKeyRef");
    if (fk !== null && isNil(fk, "Optional")) setPtrInt(fk, "Optional", 0);
  }
  roundRequirements(structField(c, "Resources"));
  defaultContainerProbes(c, grpc);
}
