// The ImagePullJob imagejob/utilfunction.CreateJobForWorkload[WithStrategy] builds, written as the controller's
// client sends it to the API server: json.Marshal of the object with apiVersion and kind set (TypeMeta first),
// ObjectMeta's zero creationTimestamp as null, the zero status with its four counters.

import { ByteSink } from "../../../io/sink";
import { IntOrStr, IOS_STRING } from "../../intstr/intorstr";
import { writeGoString } from "../../../json/strings";
import { GoMap, goStr, writeGoMap } from "./gomap";
import { PodSelector, writeSelector } from "./selector";

/** Everything one job of a workload's update shares besides its name and image. */
export class JobTemplate {
  /** apps.kruise.io/v1alpha1 or apps.kruise.io/v1beta1: the ImagePullJob version the release creates. */
  apiVersion: string = "";
  ownerApiVersion: string = "";
  ownerKind: string = "";
  ownerName: string = "";
  ownerUID: string = "";
  namespace: string = "";
  labels: GoMap = new GoMap();
  annotations: GoMap = new GoMap();
  selector: PodSelector = new PodSelector();
  /** nil when the template lists no image pull secrets. */
  pullSecrets: Array<string> = new Array<string>();
  parallelism: IntOrStr = IntOrStr.ofInt(1);
  timeoutSeconds: i32 = 300;
  /** The release's Go writes \b and \f short (Go 1.22+; v1.5.5 - v1.7.0 are built with older Go). */
  go22: bool = true;
}

/** Writes an IntOrString as its MarshalJSON does (`go22`: goStr's escapes). */
function writeIntOrStr(out: ByteSink, v: IntOrStr, go22: bool): void {
  if (v.kind == IOS_STRING) writeGoString(out, v.ptr, v.len, go22, false, true);
  else out.int(<i64>v.intVal);
}

/** Writes the ImagePullJob `name` pulling `image`. */
export function writeJob(out: ByteSink, t: JobTemplate, name: string, image: string): void {
  out.ascii("{\"kind\":\"ImagePullJob\",\"apiVersion\":");
  goStr(out, t.apiVersion, t.go22);
  out.ascii(",\"metadata\":{\"name\":");
  goStr(out, name, t.go22);
  if (t.namespace.length > 0) {
    out.ascii(",\"namespace\":");
    goStr(out, t.namespace, t.go22);
  }
  out.ascii(",\"creationTimestamp\":null,\"labels\":");
  writeGoMap(out, t.labels, t.go22);
  out.ascii(",\"ownerReferences\":[{\"apiVersion\":");
  goStr(out, t.ownerApiVersion, t.go22);
  out.ascii(",\"kind\":");
  goStr(out, t.ownerKind, t.go22);
  out.ascii(",\"name\":");
  goStr(out, t.ownerName, t.go22);
  out.ascii(",\"uid\":");
  goStr(out, t.ownerUID, t.go22);
  out.ascii(",\"controller\":true,\"blockOwnerDeletion\":true}]},\"spec\":{\"image\":");
  goStr(out, image, t.go22);
  if (t.pullSecrets.length > 0) {
    out.ascii(",\"pullSecrets\":[");
    for (let i = 0; i < t.pullSecrets.length; i++) {
      if (i > 0) out.byte(0x2c);
      goStr(out, t.pullSecrets[i], t.go22);
    }
    out.byte(0x5d);
  }
  out.ascii(",\"podSelector\":");
  writeSelector(out, t.selector, t.go22);
  out.ascii(",\"parallelism\":");
  writeIntOrStr(out, t.parallelism, t.go22);
  out.ascii(",\"pullPolicy\":{\"timeoutSeconds\":");
  out.int(<i64>t.timeoutSeconds);
  out.ascii(",\"backoffLimit\":1},\"completionPolicy\":{\"type\":\"Always\",\"ttlSecondsAfterFinished\":600},\"sandboxConfig\":{");
  let any = false;
  if (t.labels.size > 0) {
    out.ascii("\"labels\":");
    writeGoMap(out, t.labels, t.go22);
    any = true;
  }
  if (t.annotations.size > 0) {
    if (any) out.byte(0x2c);
    out.ascii("\"annotations\":");
    writeGoMap(out, t.annotations, t.go22);
  }
  out.ascii("}},\"status\":{\"desired\":0,\"active\":0,\"succeeded\":0,\"failed\":0}}");
}
