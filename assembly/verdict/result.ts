// The verdict's answer: what happens to the pods, per container, why (each reason tied to a JSON
// pointer into the workload, with its effect level), and the patches.

import { ByText, stableOrder } from "../base/order";
import { ByteSink } from "../io/sink";
import { writeJSONStr } from "../json/strings";
import { effectName } from "../policy/levels";
import { appendValidUTF8 } from "../json/document";

/** Verdict names. */
export const V_NONE = "none";
export const V_IN_PLACE = "in-place";
export const V_RECREATE = "recreate";
export const V_REJECTED = "rejected";

/** Container actions. */
export const A_KEEP = "keep";
export const A_RESTART = "restart";
export const A_RECREATE = "recreate";

/** A verdict under construction. */
export class Verdict {
  kind: i32 = 0;
  verdict: string = V_NONE;
  names: Array<string> = new Array<string>();
  actions: Array<string> = new Array<string>();
  init: Array<bool> = new Array<bool>();
  paths: Array<string> = new Array<string>();
  effects: Array<i32> = new Array<i32>();
  messages: Array<string> = new Array<string>();
  /** Strategy the decision used (Kruise kinds; "" otherwise). */
  strategy: string = "";
  /** The change goes to the pods/resize subresource: a Pod's (resources alone, 1.32+ with InPlacePodVerticalScaling), or
   *  the resize OpenKruise sends to each pod (v1.9.0 on servers from 1.32, InPlaceWorkloadVerticalScaling). */
  resize: bool = false;
  /** The kubelet's admission of an accepted pod resize on the request's node (kubelet.resizeAdmission; "" when not asked). */
  admitStatus: string = "";
  admitResize: string = "";
  admitReason: string = "";
  admitMessage: string = "";
  /** The API server's refusal of a native workload's update or of a pod resize (its StatusError text; "" when none). */
  rejection: string = "";
  /** The API server's warnings: field validation's on the new object (fieldValidation Warn), then the update's own
   *  (the strategy's WarningsOnUpdate, native kinds as stored), each text once. */
  warnings: Array<string> = new Array<string>();
  /** Patches of the template (raw JSON; empty sink: not computed). */
  jsonPatch: ByteSink = new ByteSink(16);
  mergePatch: ByteSink = new ByteSink(16);
  strategicPatch: ByteSink = new ByteSink(16);
  /** The pod Kruise sends (raw JSON), empty when there is none. */
  podPatch: ByteSink = new ByteSink(16);
  /** The strategic merge patch Kruise sends to each pod's resize subresource (raw JSON), empty when there is none. */
  resizePatch: ByteSink = new ByteSink(16);

  /** Adds a reason. */
  reason(path: string, effect: i32, message: string): void {
    this.paths.push(path);
    this.effects.push(effect);
    this.messages.push(message);
  }

  /** Adds a container with its action. */
  container(name: string, action: string, init: bool): void {
    this.names.push(name);
    this.actions.push(action);
    this.init.push(init);
  }

  /** Sets every container's action. */
  allContainers(action: string): void {
    for (let i = 0; i < this.actions.length; i++) this.actions[i] = action;
  }

  /** Reason indexes ordered by path (then insertion order). */
  order(): Array<i32> {
    return stableOrder(this.paths.length, new ByText(this.paths));
  }

  /** Writes `"verdict","kind","strategy"?,"containers","subresource"?,"resizeAdmission"?,"rejection"?,"warnings"?,"reasons","patches"` members (no braces). */
  writeMembers(out: ByteSink, kindName: string): void {
    out.ascii("\"verdict\":\"");
    out.ascii(this.verdict);
    out.ascii("\",\"kind\":");
    writeJSONStr(out, kindName);
    if (this.strategy.length > 0) {
      out.ascii(",\"strategy\":");
      writeJSONStr(out, this.strategy);
    }
    out.ascii(",\"containers\":[");
    for (let i = 0; i < this.names.length; i++) {
      if (i > 0) out.byte(0x2c);
      out.ascii("{\"name\":");
      writeJSONStr(out, this.names[i]);
      out.ascii(",\"action\":\"");
      out.ascii(this.actions[i]);
      out.byte(0x22);
      if (this.init[i]) out.ascii(",\"init\":true");
      out.byte(0x7d);
    }
    out.ascii("]");
    if (this.resize) out.ascii(",\"subresource\":\"resize\"");
    if (this.admitStatus.length > 0) {
      out.ascii(",\"resizeAdmission\":{\"status\":");
      writeJSONStr(out, this.admitStatus);
      if (this.admitResize.length > 0) {
        out.ascii(",\"resize\":");
        writeJSONStr(out, this.admitResize);
      }
      out.ascii(",\"reason\":");
      writeJSONStr(out, this.admitReason);
      out.ascii(",\"message\":");
      writeJSONStr(out, this.admitMessage);
      out.byte(0x7d);
    }
    if (this.rejection.length > 0) {
      out.ascii(",\"rejection\":");
      writeJSONStr(out, this.rejection);
    }
    if (this.warnings.length > 0) {
      out.ascii(",\"warnings\":[");
      for (let i = 0; i < this.warnings.length; i++) {
        if (i > 0) out.byte(0x2c);
        writeJSONStr(out, this.warnings[i]);
      }
      out.byte(0x5d);
    }
    out.ascii(",\"reasons\":[");
    const idx = this.order();
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k];
      if (k > 0) out.byte(0x2c);
      out.ascii("{\"path\":");
      writeJSONStr(out, this.paths[i]);
      out.ascii(",\"effect\":\"");
      out.ascii(effectName(this.effects[i]));
      out.ascii("\",\"message\":");
      writeJSONStr(out, this.messages[i]);
      out.byte(0x7d);
    }
    out.ascii("],\"patches\":{\"json\":");
    raw(out, this.jsonPatch, "[]");
    out.ascii(",\"merge\":");
    raw(out, this.mergePatch, "{}");
    out.ascii(",\"strategic\":");
    raw(out, this.strategicPatch, "{}");
    out.ascii(",\"pod\":");
    raw(out, this.podPatch, "null");
    if (this.resizePatch.len > 0) {
      out.ascii(",\"resize\":");
      raw(out, this.resizePatch, "null");
    }
    out.byte(0x7d);
  }
}

function raw(out: ByteSink, b: ByteSink, empty: string): void {
  if (b.len == 0) out.ascii(empty);
  else appendValidUTF8(out, b.ptr, b.len);
}
