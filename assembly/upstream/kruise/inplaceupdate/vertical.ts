// NativeVerticalUpdate of openkruise/kruise v1.9.0 (pkg/util/inplaceupdate/inplace_update_vertical.go), the
// part CalculateSpec calls: UpdateInplaceUpdateMetadata records a cpu/memory change of a container in the
// UpdateSpec; CanResourcesResizeInPlace allows cpu and memory only.

import { ByteSink } from "../../../io/sink";
import { Tape, K_STRING } from "../../../json/tape";
import { unquote } from "../../../json/strings";
import { takeErrorMessage } from "../../../base/errors";
import { parseQuantity } from "../../../quantity/parse";
import { UpdateSpec, ResReq, QMap } from "./model";
import { ContainersView } from "./containermeta";

/** CanResourcesResizeInPlace: only cpu and memory (allowedResizeResourceKey). */
export function canResourcesResizeInPlace(name: string): bool {
  return name == "cpu" || name == "memory";
}

/** strconv.Atoi of a digit string (big values: -1, which never indexes a container). */
export function atoi(s: string): i32 {
  if (s.length > 9) return -1;
  return I32.parseInt(s);
}

/**
 * UpdateInplaceUpdateMetadata(op, oldTemp, updateSpec) for operation `op` on `path` (value node `value` of
 * `pt`, -1 when none): null when recorded in `spec`, else upstream's error text.
 */
export function updateInplaceUpdateMetadata(op: string, path: string, pt: Tape, value: i32, oldContainers: ContainersView, spec: UpdateSpec): string | null {
  // for example: /spec/containers/0/resources/limits/cpu
  const words = path.split("/");
  if (words.length != 7) return "invalid resource path: " + path;
  const idx = atoi(words[3]);
  if (idx < 0 || idx >= oldContainers.count) return "invalid container index: " + path;
  if (op == "remove" || op == "add") return "can not add or remove resources";
  if (value < 0 || pt.kind(value) == 0) return "json patch value is nil";
  if (pt.kind(value) != K_STRING) return "the value is not a string";
  const b = new ByteSink(pt.len(value) + 4);
  unquote(b, pt.ptr(value), pt.len(value), true);
  const quantity = parseQuantity(b.ptr, b.len);
  if (quantity === null) return "parse quantity error: " + takeErrorMessage();
  if (!canResourcesResizeInPlace(words[6])) return "disallowed inplace update resource: " + words[6];
  const cName = oldContainers.names[idx];
  if (!spec.containerResources.has(cName)) {
    const r = new ResReq();
    r.limits = new QMap();
    r.requests = new QMap();
    spec.containerResources.set(cName, r);
  }
  const r = spec.containerResources.get(cName);
  if (words[5] == "limits") r.limits!.set(words[6], quantity);
  else if (words[5] == "requests") r.requests!.set(words[6], quantity);
  return null;
}
