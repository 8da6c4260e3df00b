// kuberuntime's computePodActions for kubelet minors 1.15-1.37 (kuberuntime_manager.go,
// computeInitContainerActions in kuberuntime_container.go, PodSandboxChanged, containerChanged,
// kubecontainer.ShouldContainerBeRestarted, podutil.ContainerShouldRestart), era by era:
//   1.16 ephemeral containers (behind EphemeralContainers until 1.25); 1.17 startup probes, a sandbox
//   that needs no containers is not recreated, ShouldContainerBeRestarted honours deletionTimestamp;
//   1.21 kill reasons, a running regular container ends init; 1.23 OOMKilled init containers failed;
//   1.28 sidecars (SidecarContainers, computeInitContainerActions); 1.29 "created" init containers
//   restarted; 1.32 containerSucceeded needs "exited", sidecar definition changes; 1.33
//   LegacySidecarContainers; 1.34 one init path, ContainerRestartRules; 1.37 active containers.
// In-place resize is taken as settled (actuated resources = spec), so it never adds actions.

import {
  KPod, KPodStatus, KStatus, KContainer, PodActions, KRestartRule,
  CS_CREATED, CS_RUNNING, CS_EXITED, CS_UNKNOWN, NS_POD, NS_NODE, PROBE_FAILURE, PROBE_SUCCESS, PROBE_NONE, stateName,
} from "./model";
import { KubeletGates } from "./gates";

const REASON_UNKNOWN = "Unknown";
const REASON_LIVENESS = "LivenessProbe";
const REASON_STARTUP = "StartupProbe";

/** The result of PodSandboxChanged. */
class SandboxChange {
  changed: bool = false;
  attempt: u32 = 0;
  id: string = "";
}

/** PodSandboxChanged (kuberuntime util): must the sandbox be (re)created, with which attempt and id. */
function sandboxChanged(pod: KPod, st: KPodStatus): SandboxChange {
  const r = new SandboxChange();
  const sbs = st.sandboxes;
  if (sbs.length == 0) { r.changed = true; return r; }
  let ready = 0;
  for (let i = 0; i < sbs.length; i++) if (sbs[i].ready) ready++;
  const s = sbs[0];
  const next = s.attempt + 1;
  r.changed = true;
  r.attempt = next;
  r.id = s.id;
  if (ready > 1) return r;
  if (!s.ready) return r;
  if (s.network != (pod.hostNetwork ? NS_NODE : NS_POD)) { r.id = ""; return r; }
  if (!pod.hostNetwork && s.ip.length == 0) return r;
  r.changed = false;
  r.attempt = s.attempt;
  return r;
}

/** shouldRestartOnFailure: the pod's restartPolicy is not Never. */
function restartOnFailure(pod: KPod): bool {
  return pod.restartPolicy != "Never";
}

/** podutil.IsRestartableInitContainer: an init container with restartPolicy Always (a sidecar). */
function isRestartable(c: KContainer): bool {
  return c.hasRestartPolicy && c.restartPolicy == "Always";
}

/** types.HasRestartableInitContainer. */
function hasRestartableInit(pod: KPod): bool {
  for (let i = 0; i < pod.initContainers.length; i++) if (isRestartable(pod.initContainers[i])) return true;
  return false;
}

/** containerSucceeded. */
function succeeded(k: i32, c: KContainer, st: KPodStatus): bool {
  const s = st.find(c.name);
  if (s === null) return false;
  if (k >= 32) return s.state == CS_EXITED && s.exitCode == 0;
  if (s.state == CS_RUNNING) return false;
  return s.exitCode == 0;
}

/** isInitContainerFailed. */
function initFailed(k: i32, s: KStatus): bool {
  if (k >= 23 && s.reason == "OOMKilled") return true;
  if (s.state == CS_EXITED && s.exitCode != 0) return true;
  return s.state == CS_UNKNOWN;
}

/** podutil.FindMatchingContainerRestartRule + ContainerShouldRestart (1.34+). */
function containerShouldRestart(c: KContainer, pod: KPod, exitCode: i32, g: KubeletGates): bool {
  if (c.hasRestartPolicy) {
    for (let i = 0; i < c.rules.length; i++) {
      const rule: KRestartRule = c.rules[i];
      if (!rule.hasExitCodes) continue;
      let matched = false;
      for (let j = 0; j < rule.values.length; j++) if (rule.values[j] == exitCode) matched = true;
      let hit = false;
      if (rule.operator == "In") hit = matched;
      else if (rule.operator == "NotIn") hit = !matched;
      else continue;
      if (!hit) continue;
      if (rule.action == "Restart") return true;
      if (rule.action == "RestartAllContainers" && g.restartAllContainersOnContainerExits) return true;
      break;
    }
    if (c.restartPolicy == "Always") return true;
    if (c.restartPolicy == "OnFailure") return exitCode != 0;
    if (c.restartPolicy == "Never") return false;
  }
  if (pod.restartPolicy == "Always") return true;
  if (pod.restartPolicy == "OnFailure") return exitCode != 0;
  if (pod.restartPolicy == "Never") return false;
  return true;
}

/** kubecontainer.ShouldContainerBeRestarted. */
function shouldRestart(k: i32, c: KContainer, pod: KPod, st: KPodStatus, g: KubeletGates): bool {
  if (k >= 17 && pod.deleting) return false;
  const s = st.find(c.name);
  if (s === null) return true;
  if (s.state == CS_RUNNING) return false;
  if (s.state == CS_UNKNOWN || s.state == CS_CREATED) return true;
  if (k >= 34 && g.containerRestartRules) return containerShouldRestart(c, pod, <i32>s.exitCode, g);
  if (pod.restartPolicy == "Never") return false;
  if (pod.restartPolicy == "OnFailure" && s.exitCode == 0) return false;
  return true;
}

/** findNextInitContainerToRun: (status, next index, done). */
class NextInit {
  status: KStatus | null = null;
  next: i32 = -1;
  done: bool = false;
}

function findNextInit(k: i32, pod: KPod, st: KPodStatus): NextInit {
  const r = new NextInit();
  const ics = pod.initContainers;
  if (ics.length == 0) { r.done = true; return r; }
  if (k >= 21) {
    for (let i = 0; i < pod.containers.length; i++) {
      const s = st.find(pod.containers[i].name);
      if (s !== null && s.state == CS_RUNNING) { r.done = true; return r; }
    }
  }
  for (let i = ics.length - 1; i >= 0; i--) {
    const s = st.find(ics[i].name);
    if (s !== null && initFailed(k, s)) { r.status = s; r.next = i; return r; }
  }
  for (let i = ics.length - 1; i >= 0; i--) {
    const s = st.find(ics[i].name);
    if (s === null) continue;
    if (s.state == CS_RUNNING) return r;
    if (s.state == CS_EXITED) {
      if (i == ics.length - 1) { r.done = true; return r; }
      r.next = i + 1;
      return r;
    }
  }
  r.next = 0;
  return r;
}

/** hasAnyRegularContainerCreated. */
function anyRegularCreated(pod: KPod, st: KPodStatus): bool {
  for (let i = 0; i < pod.containers.length; i++) {
    const s = st.find(pod.containers[i].name);
    if (s !== null && (s.state == CS_CREATED || s.state == CS_RUNNING || s.state == CS_EXITED)) return true;
  }
  return false;
}

/** The start of computeInitContainerActions: has any regular container started (per era). */
function podHasInitializedAtStart(k: i32, pod: KPod, st: KPodStatus): bool {
  if (k == 28) return anyRegularCreated(pod, st);
  if (k >= 37) {
    // kubecontainer.HasAnyActiveRegularContainerStarted: an active status of a regular container's name
    const names = new Set<string>();
    for (let j = 0; j < pod.containers.length; j++) names.add(pod.containers[j].name);
    for (let i = 0; i < st.active.length; i++) if (names.has(st.active[i].name)) return true;
    return false;
  }
  for (let i = 0; i < pod.containers.length; i++) {
    const s = st.find(pod.containers[i].name);
    if (s !== null && (s.state == CS_CREATED || s.state == CS_RUNNING)) return true;
  }
  return false;
}

/** The kill message for a container in the unknown state (`%q` of the state). */
function unknownStateMessage(prefix: string, s: KStatus): string {
  return prefix + " is in \"" + stateName(s.state) + "\" state, try killing it before restart";
}

/** computeInitContainerActions (1.28+ with sidecar handling); returns whether the pod has initialized. */
function initContainerActions(k: i32, pod: KPod, st: KPodStatus, ch: PodActions, g: KubeletGates): bool {
  const ics = pod.initContainers;
  if (ics.length == 0) return true;
  let podHasInitialized = podHasInitializedAtStart(k, pod, st);
  let isPrev = podHasInitialized;
  const rof = restartOnFailure(pod);
  for (let i = ics.length - 1; i >= 0; i--) {
    const c = ics[i];
    const s = k >= 37 ? st.findActive(c.name) : st.find(c.name);
    const restartable = isRestartable(c);
    if (s === null) {
      if (isPrev && restartable) ch.initToStart.push(i);
      continue;
    }
    if (isPrev && !restartable) continue;
    if (s.state == CS_CREATED) {
      if (k >= 29) ch.initToStart.push(i);
    } else if (s.state == CS_RUNNING) {
      if (restartable && runningSidecar(k, c, s, i, ics.length, isPrev, ch)) podHasInitialized = true;
    } else if (s.state == CS_EXITED) {
      if (restartable) ch.initToStart.push(i);
      else if (initFailed(k, s)) {
        let r = rof;
        if (k >= 34 && g.containerRestartRules) r = shouldRestart(k, c, pod, st, g);
        if (!r) { ch.killPod = true; ch.initToStart = new Array<i32>(); return false; }
        ch.initToStart.push(i);
      } else if (i == ics.length - 1) podHasInitialized = true;
      else ch.initToStart.push(i + 1);
    } else {
      if (restartable) {
        ch.kill(s.id, c.name, unknownStateMessage("Init container", s), REASON_UNKNOWN);
        ch.initToStart.push(i);
      } else {
        let r = rof;
        if (k >= 34 && g.containerRestartRules && c.hasRestartPolicy) r = c.restartPolicy != "Never";
        if (!r) { ch.killPod = true; ch.initToStart = new Array<i32>(); return false; }
        ch.kill(s.id, c.name, unknownStateMessage("Init container", s), REASON_UNKNOWN);
        ch.initToStart.push(i);
      }
    }
    if (!isPrev) isPrev = true;
  }
  if (!isPrev) ch.initToStart.push(0);
  ch.initToStart.reverse();
  return podHasInitialized;
}

/** The running-sidecar case of computeInitContainerActions; true when it marks the pod initialized. */
function runningSidecar(k: i32, c: KContainer, s: KStatus, i: i32, n: i32, isPrev: bool, ch: PodActions): bool {
  if (c.hasStartupProbe) {
    if (s.startup == PROBE_NONE) return false;
    if (s.startup != PROBE_SUCCESS) {
      if (s.startup == PROBE_FAILURE) {
        ch.kill(s.id, c.name, "Init container " + c.name + " failed startup probe", REASON_STARTUP);
        ch.initToStart.push(i);
      }
      return false;
    }
  }
  let initialized = false;
  if (i == n - 1) initialized = true;
  else if (!isPrev) ch.initToStart.push(i + 1);
  if (k >= 32 && s.hash != c.hash) {
    ch.kill(s.id, c.name, "Init container " + c.name + " definition changed", "");
    ch.initToStart.push(i);
    return initialized;
  }
  if (c.hasLivenessProbe && s.liveness == PROBE_FAILURE) {
    ch.kill(s.id, c.name, "Init container " + c.name + " failed liveness probe", REASON_LIVENESS);
    ch.initToStart.push(i);
  }
  return initialized;
}

/** Whether restartable init containers are handled (computeInitContainerActions) in minor k. */
function handlesRestartable(k: i32, pod: KPod, g: KubeletGates): bool {
  if (k < 28) return false;
  if (k == 28) return g.sidecarContainers;
  if (k <= 32) return g.sidecarContainers && hasRestartableInit(pod);
  if (k == 33) return hasRestartableInit(pod) || !g.legacySidecarContainers;
  return true;
}

/** computePodActions of kubelet minor `k` (15-37) for `pod` and its runtime status. */
export function computePodActions(k: i32, pod: KPod, st: KPodStatus, g: KubeletGates): PodActions {
  if (k >= 37) st.computeActive();
  const sb = sandboxChanged(pod, st);
  const ch = new PodActions();
  ch.killPod = sb.changed;
  ch.createSandbox = sb.changed;
  ch.sandboxID = sb.id;
  ch.attempt = sb.attempt;
  const handle = handlesRestartable(k, pod, g);
  const crr = k >= 34 && g.containerRestartRules;

  if (sb.changed) {
    if (!restartOnFailure(pod) && sb.attempt != 0 && st.containers.length != 0) {
      ch.createSandbox = false;
      return ch;
    }
    if (k <= 16) {
      if (pod.initContainers.length != 0) { ch.nextInit = 0; return ch; }
      for (let i = 0; i < pod.containers.length; i++) {
        if (succeeded(k, pod.containers[i], st) && pod.restartPolicy == "OnFailure") continue;
        ch.toStart.push(i);
      }
      return ch;
    }
    const toStart = new Array<i32>();
    for (let i = 0; i < pod.containers.length; i++) {
      const c = pod.containers[i];
      let runOnce = pod.restartPolicy == "OnFailure";
      if (crr && c.hasRestartPolicy) runOnce = c.restartPolicy == "OnFailure";
      if (runOnce && succeeded(k, c, st)) continue;
      toStart.push(i);
    }
    if (toStart.length == 0) {
      const initialized = k >= 34 || handle ? anyRegularCreated(pod, st) : findNextInit(k, pod, st).done;
      if (initialized) { ch.createSandbox = false; return ch; }
    }
    if (pod.initContainers.length != 0) {
      if (handle) ch.initToStart = [0];
      else ch.nextInit = 0;
      return ch;
    }
    ch.toStart = toStart;
    return ch;
  }

  if (k >= 16 && (k >= 25 || g.ephemeralContainers)) {
    for (let i = 0; i < pod.ephemeralNames.length; i++) {
      if (st.find(pod.ephemeralNames[i]) === null) ch.ephemeralToStart.push(i);
    }
  }

  if (!handle) {
    const ni = findNextInit(k, pod, st);
    if (!ni.done) {
      if (ni.next >= 0) {
        const last = ni.status;
        const failed = last !== null && initFailed(k, last);
        if (failed && !restartOnFailure(pod)) ch.killPod = true;
        else {
          if (last !== null && last.state == CS_UNKNOWN) {
            ch.kill(last.id, pod.initContainers[ni.next].name, unknownStateMessage("Init container", last), k >= 21 ? REASON_UNKNOWN : "");
          }
          ch.nextInit = ni.next;
        }
      }
      return ch;
    }
  } else {
    const initialized = initContainerActions(k, pod, st, ch, g);
    if (ch.killPod || !initialized) return ch;
  }

  let keep = 0;
  for (let i = 0; i < pod.containers.length; i++) {
    const c = pod.containers[i];
    const s = st.find(c.name);
    if (s === null || s.state != CS_RUNNING) {
      if (shouldRestart(k, c, pod, st, g)) {
        ch.toStart.push(i);
        if (s !== null && s.state == CS_UNKNOWN) {
          ch.kill(s.id, s.name, unknownStateMessage("Container", s), k >= 21 ? REASON_UNKNOWN : "");
        }
      }
      continue;
    }
    let message = "";
    let reason = "";
    let restart = restartOnFailure(pod);
    if (crr && c.hasRestartPolicy) restart = c.restartPolicy != "Never";
    if (s.hash != c.hash) {
      message = "Container " + c.name + " definition changed";
      restart = true;
    } else if (s.liveness == PROBE_FAILURE) {
      message = "Container " + c.name + " failed liveness probe";
      if (k >= 21) reason = REASON_LIVENESS;
    } else if (k >= 17 && s.startup == PROBE_FAILURE) {
      message = "Container " + c.name + " failed startup probe";
      if (k >= 21) reason = REASON_STARTUP;
    } else {
      keep++;
      continue;
    }
    if (restart) {
      message += ", will be restarted";
      ch.toStart.push(i);
    }
    ch.kill(s.id, s.name, message, reason);
  }
  if (keep == 0 && ch.toStart.length == 0) {
    ch.killPod = true;
    if (handle) ch.initToStart = new Array<i32>();
  }
  return ch;
}
