// The inputs and the outcome of the pre-download step: the kinds, a ControllerRevision as the step reads it, the
// request (workload, revisions, gates, release) and the decision (reason, jobs, revision patch).

import { Val } from "../../../typed/value";
import { StrMap } from "../../kubernetes/validation/view";
import { RevisionInput } from "../inplaceupdate/revision";
import { UpdateOptions } from "../inplaceupdate/calculate";
import { JobTemplate } from "./job";
import * as R from "./reasons";

/** The CloneSet controller. */
export const PD_CLONESET: i32 = 0;
/** The Advanced StatefulSet controller. */
export const PD_ADVANCED_STATEFULSET: i32 = 1;
/** The Advanced DaemonSet controller. */
export const PD_ADVANCED_DAEMONSET: i32 = 2;

/** A ControllerRevision: what CanUpdateInPlace reads, and its name and labels. */
export class Revision {
  constructor(public input: RevisionInput, public name: string, public labels: StrMap) {}

  /** revision.Labels[k] ("" when absent). */
  label(k: string): string {
    const i = this.labels.find(k);
    return i < 0 ? "" : this.labels.vals[i];
  }
}

/** What the controller did: the reason, the jobs it created (name → image, with their shared fields), the revision patch. */
export class Decision {
  reason: string = "";
  message: string = "";
  names: Array<string> = new Array<string>();
  images: Array<string> = new Array<string>();
  job: JobTemplate | null = null;
  /** The label the controller patches onto the update revision (null: no patch). */
  mark: string | null = null;
  /** The controller deletes the workload's ImagePullJobs. */
  deletes: bool = false;

  /** Sets reason and message. */
  says(reason: string, message: string): Decision { this.reason = reason; this.message = message; return this; }

  /** A skip that labels the update revision ignored. */
  ignored(reason: string, message: string): Decision { this.mark = R.IGNORED_KEY; return this.says(reason, message); }
}

/** The request: kind, release, the workload as the controller reads it, the revisions, the gates' outcome. */
export class PreDownloadInput {
  kind: i32 = PD_CLONESET;
  release: i32 = 9;
  workload: Val | null = null;
  current: Revision | null = null;
  olds: Array<Revision> = new Array<Revision>();
  update: Revision | null = null;
  /** KruiseDaemon is on. */
  daemon: bool = true;
  /** The kind's pre-download gate is on. */
  gate: bool = false;
  /** CanUpdateInPlace's options (gates, shortcuts); grace and the VCT switch are set here per kind. */
  calc: UpdateOptions = new UpdateOptions();
  /** The Kubernetes minor of the release's types. */
  minor: i32 = 32;
}

/** The kind's gate name. */
export function gateName(kind: i32): string {
  return kind == PD_ADVANCED_DAEMONSET ? "PreDownloadImageForDaemonSetUpdate" : "PreDownloadImageForInPlaceUpdate";
}
