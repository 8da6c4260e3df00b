// The kubelet model's inputs and outputs: the parts of a Pod that computePodActions and
// GeneratePodReadyCondition read, the runtime's view of the pod (kubecontainer.PodStatus: sandbox
// and container statuses, probe results), and podActions.

/** kubecontainer.ContainerState values. */
export const CS_CREATED: i32 = 0;
export const CS_RUNNING: i32 = 1;
export const CS_EXITED: i32 = 2;
export const CS_UNKNOWN: i32 = 3;

/** The state's string (what `%q` prints in the kill messages, without quotes). */
export function stateName(s: i32): string {
  if (s == CS_CREATED) return "created";
  if (s == CS_RUNNING) return "running";
  if (s == CS_EXITED) return "exited";
  return "unknown";
}

/** Probe results (prober/results): not recorded, Success, Failure. */
export const PROBE_NONE: i32 = 0;
export const PROBE_SUCCESS: i32 = 1;
export const PROBE_FAILURE: i32 = 2;

/** CRI NamespaceMode of a sandbox's network namespace. */
export const NS_POD: i32 = 0;
export const NS_CONTAINER: i32 = 1;
export const NS_NODE: i32 = 2;
export const NS_TARGET: i32 = 3;

/** One v1.ContainerRestartRule (1.34+): action and its exit-code matcher. */
export class KRestartRule {
  action: string = "";
  hasExitCodes: bool = false;
  operator: string = "";
  values: Array<i32> = new Array<i32>();
}

/** A container of the pod spec as the kubelet model reads it. */
export class KContainer {
  name: string = "";
  /** container.restartPolicy set (init: "Always" makes a sidecar; regular: 1.34+ ContainerRestartRules). */
  hasRestartPolicy: bool = false;
  restartPolicy: string = "";
  rules: Array<KRestartRule> = new Array<KRestartRule>();
  hasStartupProbe: bool = false;
  hasLivenessProbe: bool = false;
  /** kubecontainer.HashContainer of this minor (what the status hash is compared with). */
  hash: u64 = 0;
}

/** A pod spec as the kubelet model reads it. */
export class KPod {
  restartPolicy: string = "";
  hostNetwork: bool = false;
  /** metadata.deletionTimestamp is set. */
  deleting: bool = false;
  containers: Array<KContainer> = new Array<KContainer>();
  initContainers: Array<KContainer> = new Array<KContainer>();
  ephemeralNames: Array<string> = new Array<string>();
}

/** A sandbox status (runtimeapi.PodSandboxStatus), newest first. */
export class KSandbox {
  id: string = "";
  attempt: u32 = 0;
  ready: bool = false;
  network: i32 = NS_POD;
  ip: string = "";
}

/** A container status (kubecontainer.Status), newest first per name. */
export class KStatus {
  id: string = "";
  name: string = "";
  state: i32 = CS_CREATED;
  exitCode: i64 = 0;
  reason: string = "";
  hash: u64 = 0;
  liveness: i32 = PROBE_NONE;
  startup: i32 = PROBE_NONE;
  /** The sandbox the container belongs to ("" = the newest sandbox). */
  sandbox: string = "";
}

/** kubecontainer.PodStatus: sandboxes and containers. */
export class KPodStatus {
  sandboxes: Array<KSandbox> = new Array<KSandbox>();
  containers: Array<KStatus> = new Array<KStatus>();
  /** 1.37+: statuses of the active sandbox's containers (the newest sandbox when it is ready). */
  active: Array<KStatus> = new Array<KStatus>();

  /** The first status of each name, built on the first lookup (statuses are not added after it). */
  private byName: Map<string, KStatus> | null = null;
  private activeByName: Map<string, KStatus> | null = null;

  /** FindContainerStatusByName: the first status with that name, or null. */
  find(name: string): KStatus | null {
    let m = this.byName;
    if (m === null) { m = firstByName(this.containers); this.byName = m; }
    return m.has(name) ? m.get(name) : null;
  }

  /** FindActiveContainerStatusByName (1.37+). */
  findActive(name: string): KStatus | null {
    let m = this.activeByName;
    if (m === null) { m = firstByName(this.active); this.activeByName = m; }
    return m.has(name) ? m.get(name) : null;
  }

  /** Fills `active` from the sandboxes (what GetPodStatus does in 1.37+). */
  computeActive(): void {
    this.active = new Array<KStatus>();
    this.activeByName = null;
    if (this.sandboxes.length == 0 || !this.sandboxes[0].ready) return;
    const sb = this.sandboxes[0].id;
    for (let i = 0; i < this.containers.length; i++) {
      const c = this.containers[i];
      if ((c.sandbox.length == 0 ? sb : c.sandbox) == sb) this.active.push(c);
    }
  }
}

/** The first status of each name in `list`. */
function firstByName(list: Array<KStatus>): Map<string, KStatus> {
  const m = new Map<string, KStatus>();
  for (let i = 0; i < list.length; i++) if (!m.has(list[i].name)) m.set(list[i].name, list[i]);
  return m;
}

/** One entry of podActions.ContainersToKill. */
export class KKill {
  constructor(public id: string, public name: string, public message: string, public reason: string) {}
}

/** podActions as computePodActions returns it (the fields this model covers). */
export class PodActions {
  killPod: bool = false;
  createSandbox: bool = false;
  sandboxID: string = "";
  attempt: u32 = 0;
  /** Index into initContainers of NextInitContainerToStart, -1 when nil. */
  nextInit: i32 = -1;
  initToStart: Array<i32> = new Array<i32>();
  toStart: Array<i32> = new Array<i32>();
  /** ContainersToKill in insertion order; a second entry for the same container ID replaces the first. */
  kills: Array<KKill> = new Array<KKill>();
  ephemeralToStart: Array<i32> = new Array<i32>();
  /** Container ID -> its index in `kills`. */
  private killAt: Map<string, i32> = new Map<string, i32>();

  /** ContainersToKill[id] = info (map assignment). */
  kill(id: string, name: string, message: string, reason: string): void {
    const k = new KKill(id, name, message, reason);
    if (this.killAt.has(id)) { this.kills[this.killAt.get(id)] = k; return; }
    this.killAt.set(id, this.kills.length);
    this.kills.push(k);
  }
}

/** The PodReady condition GeneratePodReadyCondition returns. */
export class ReadyCondition {
  type: string = "Ready";
  status: string = "";
  reason: string = "";
  message: string = "";
  observedGeneration: i64 = 0;
}
