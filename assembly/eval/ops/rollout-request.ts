// A rollout op's request: typed access to its fields (objects, pod lists, revisions, `now`), with
// E_BAD_REQUEST errors naming the field.

import { Request, exactOf } from "./request";
import { ReadOptions } from "../../json/reader";
import { Tape, K_OBJECT, K_ARRAY, K_STRING, K_NULL } from "../../json/tape";
import { hasError } from "../../base/errors";
import { Obj, bad, bytesAt } from "../../rollout/objects";
import { Pod, readPodsAt } from "../../rollout/pod";
import { GoTime, parseRFC3339 } from "../../rollout/gotime";
import { farFuture } from "../../rollout/availability";
import { PlanOptions, RolloutLimits } from "../../rollout/options";

/** The largest values a request may give the limits (memory stays within the wasm heap). */
const MAX_PODS_CAP: i64 = 1000000;
const MAX_TERMS_CAP: i64 = 100000;
const MAX_SIM_MEMORY_CAP: i64 = <i64>3 << 30;

/** Typed access to a rollout request's fields. */
export class RolloutRequest {
  req: Request;

  constructor(tape: Tape, obj: i32, opts: ReadOptions) { this.req = new Request(tape, obj, opts); }

  /** The request object itself (for optional members: gates, inPlace, ...). */
  get top(): Obj { return new Obj(this.req.tape, this.req.obj, ""); }

  /** Required object field `name` (or `nameText`). */
  object(name: string, required: bool = true): Obj | null {
    const v = this.req.value(name, required);
    if (v === null) return hasError() ? null : new Obj(this.req.tape, -1, name);
    if (v.tape.kind(v.node) != K_OBJECT) { bad(name, "an object"); return null; }
    return new Obj(v.tape, v.node, name);
  }

  /** Array field `name` (or `nameText`) of pods (absent: none). */
  pods(name: string): Array<Pod> | null {
    const v = this.req.value(name, false);
    if (v === null) return hasError() ? null : new Array<Pod>();
    if (v.tape.kind(v.node) != K_ARRAY) { bad(name, "an array"); return null; }
    const pods = readPodsAt(v.tape, v.node, name);
    return hasError() ? null : pods;
  }

  /** Array field `name` as (tape, node), or null when absent. */
  array(name: string): ArrayRef | null {
    const v = this.req.value(name, false);
    if (v === null) return null;
    if (v.tape.kind(v.node) != K_ARRAY) { bad(name, "an array"); return null; }
    return new ArrayRef(v.tape, v.node);
  }

  /** Required string field. */
  string(name: string): string | null { return this.req.requireStr(name); }

  /** Optional string field ("" when absent). */
  optString(name: string): string {
    const s = this.req.str(name);
    return s === null ? "" : s;
  }

  /** The planner options: `exact` (base/exact.ts) and `limits.{maxPods, maxTerms, maxSimMemory}` (docs/rollout.md "Limits"); null with the error recorded. */
  options(): PlanOptions | null {
    const exact = exactOf(this.req);
    if (exact < 0) return null;
    const limits = new RolloutLimits();
    const li = this.req.field("limits");
    const l = li >= 0 && this.req.tape.kind(li) == K_NULL ? new Obj(this.req.tape, -1, "limits") : this.object("limits", false);
    if (l === null) return null;
    limits.maxPods = l.int("maxPods", limits.maxPods, 1, MAX_PODS_CAP);
    limits.maxTerms = l.int("maxTerms", limits.maxTerms, 1, MAX_TERMS_CAP);
    limits.maxSimMemory = l.int("maxSimMemory", limits.maxSimMemory, 1, MAX_SIM_MEMORY_CAP);
    return hasError() ? null : new PlanOptions(<u32>exact, limits);
  }

  /** `now` (RFC 3339); far in the future when absent. */
  now(): GoTime | null {
    const i = this.req.field("now");
    const t = this.req.tape;
    if (i < 0 || t.kind(i) == K_NULL) return farFuture();
    if (t.kind(i) != K_STRING) { bad("now", "an RFC 3339 time string"); return null; }
    const b = bytesAt(t, i);
    const v = parseRFC3339(b.ptr, b.len);
    if (v === null) { bad("now", "an RFC 3339 time string"); return null; }
    return v;
  }
}

/** An array node of a tape. */
export class ArrayRef {
  constructor(public tape: Tape, public node: i32) {}
}

