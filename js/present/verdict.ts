// The verdict of the `verdict` op in plain words: what a person reads in the CLI and on the page.

/** The verdicts the `verdict` op answers. */
export type Verdict = "none" | "in-place" | "recreate" | "rejected";

/** What happens to one container. */
export type ContainerAction = "keep" | "restart" | "recreate";

/** How alarming a verdict or action is, for colors and icons. */
export type Tone = "good" | "notice" | "bad";

/** A verdict or action in words. */
export interface Words {
  /** A short label ("in place"). */
  label: string;
  /** One sentence a person understands. */
  sentence: string;
  tone: Tone;
}

const VERDICTS: { readonly [v in Verdict]: Words } = {
  none: { label: "no change", sentence: "Nothing in the pods changes: no container restarts.", tone: "good" },
  "in-place": {
    label: "in place",
    sentence: "Pods are updated in place: they keep their name, IP and node; only the listed containers restart.",
    tone: "notice",
  },
  recreate: { label: "recreate", sentence: "Pods are deleted and created again: every container restarts, on a possibly different node.", tone: "bad" },
  rejected: { label: "rejected", sentence: "The change is refused (by the API server or the workload's webhook) and nothing rolls out.", tone: "bad" },
};

const ACTIONS: { readonly [a in ContainerAction]: Words } = {
  keep: { label: "kept", sentence: "keeps running", tone: "good" },
  restart: { label: "restarted in place", sentence: "restarts in place (same pod)", tone: "notice" },
  recreate: { label: "recreated with the pod", sentence: "is recreated with the pod", tone: "bad" },
};

/** The words for a verdict; an unknown verdict is shown as itself. */
export function verdictWords(verdict: string): Words {
  return Object.hasOwn(VERDICTS, verdict) ? VERDICTS[verdict as Verdict] : { label: verdict, sentence: `Verdict: ${verdict}.`, tone: "notice" };
}

/** The words for a container action; an unknown action is shown as itself. */
export function actionWords(action: string): Words {
  return Object.hasOwn(ACTIONS, action) ? ACTIONS[action as ContainerAction] : { label: action, sentence: action, tone: "notice" };
}

/** True when the verdict should fail a CI job: the pods are recreated or the change is refused. */
export function isDisruptive(verdict: string): boolean {
  return verdict === "recreate" || verdict === "rejected";
}
