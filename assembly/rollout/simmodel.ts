// The assumption model of a rollout simulation and the state it evolves: a clock, pods that become
// Ready `readySeconds` after they are created and `inPlaceSeconds` after an in-place update, pods that
// never become Ready (the n-th pod to reach the update revision, or every one), and the timeline of
// rounds (one controller sync each) with what each round did and how many pods were available.

import { Obj, StrMap, bad } from "./objects";
import { K_NUMBER, F_INT } from "../json/tape";
import { readInt } from "../upstream/intstr/intorstr";
import { Pod, COND_TRUE, COND_OTHER, LABEL_REVISION } from "./pod";
import { GoTime } from "./gotime";
import { arenaMark } from "../io/arena";
import { fail, E_LIMIT } from "../base/errors";

/** The stated assumptions. */
export class SimModel {
  /** Seconds from creation (or recreation) to Ready. */
  readySeconds: i64 = 10;
  /** Seconds an in-place update keeps a pod not Ready. */
  inPlaceSeconds: i64 = 5;
  /** The n-th pods (1-based, in the order they reach the update revision) that never become Ready. */
  failNth: Set<i64> = new Set<i64>();
  /** Every pod at the update revision stays not Ready (a broken release). */
  failAll: bool = false;
  /** Rounds after which the simulation stops (the timeline says so); also the most waits for the next event. */
  maxRounds: i32 = 10000;
  /** Start time (Unix seconds). */
  start: i64 = 1735689600; // 2025-01-01T00:00:00Z
}

/** Reads member `model` of the request. */
export function readModel(o: Obj): SimModel {
  const m = new SimModel();
  const mo = o.obj("model");
  m.readySeconds = mo.int("readySeconds", 10, 0, 1 << 40);
  m.inPlaceSeconds = mo.int("inPlaceSeconds", 5, 0, 1 << 40);
  m.maxRounds = <i32>mo.int("maxRounds", 10000, 1, 1000000);
  m.failAll = mo.bool("failAllUpdated", false);
  const fa = mo.arr("failUpdated");
  if (fa >= 0) {
    const t = mo.t;
    const n = t.children(fa);
    let e = fa + 1;
    for (let k = 0; k < n; k++) {
      if (t.kind(e) == K_NUMBER && (t.flags(e) & F_INT) && t.len(e) <= 18) m.failNth.add(readInt(t, e));
      else bad(mo.sub("failUpdated") + "[" + k.toString() + "]", "an integer");
      e = t.next(e);
    }
  }
  return m;
}

/** One round of the timeline. */
export class SimRound {
  round: i32 = 0;
  /** Seconds since the start. */
  time: i64 = 0;
  inPlace: Array<string> = new Array<string>();
  recreated: Array<string> = new Array<string>();
  surged: Array<string> = new Array<string>();
  created: Array<string> = new Array<string>();
  deleted: Array<string> = new Array<string>();
  /** Other steps (lifecycle hooks, scaling a ReplicaSet "rs 3→5"). */
  other: Array<string> = new Array<string>();
  /** Available pods when the round starts, and after its actions. */
  available: i64 = 0;
  availableAfter: i64 = 0;
  total: i64 = 0;
  updated: i64 = 0;
  /** The fewest available pods the controller's budget allows (replicas − maxUnavailable). */
  floor: i64 = 0;

  /** Set when a step changed state without a pod action (a lifecycle label, a ReplicaSet size). */
  changed: bool = false;

  /** True when the round changed something. */
  get acted(): bool {
    return this.changed || this.inPlace.length + this.recreated.length + this.surged.length + this.created.length + this.deleted.length > 0;
  }
}

/** The clock, the counter of pods reaching the update revision, and the rounds. */
export class SimState {
  model: SimModel;
  now: GoTime;
  reachedUpdate: i64 = 0;
  rounds: Array<SimRound> = new Array<SimRound>();
  serial: i32 = 0;

  constructor(model: SimModel) {
    this.model = model;
    this.now = GoTime.at(model.start);
  }

  /** Seconds since the start. */
  get elapsed(): i64 { return this.now.sec - this.model.start; }

  /** Whether the next pod reaching the update revision fails (and counts it). */
  nextUpdatedFails(): bool {
    this.reachedUpdate++;
    return this.model.failAll || this.model.failNth.has(this.reachedUpdate);
  }
}

/** A new Running, not yet Ready pod created now (Ready after readySeconds unless `fails`). */
export function newSimPod(st: SimState, name: string, revision: string, nodeName: string, fails: bool): Pod {
  const p = new Pod();
  p.name = name;
  p.labels = new StrMap();
  p.setLabel(LABEL_REVISION, revision);
  p.nodeName = nodeName;
  p.targetNode = nodeName;
  p.phase = "Running";
  p.phaseOrd = 2;
  p.created = GoTime.at(st.now.sec);
  p.ready = COND_OTHER;
  p.simFailed = fails;
  p.simReadyAt = fails ? -1 : st.now.sec + st.model.readySeconds;
  return p;
}

/** An in-place update now: the new revision label, not Ready (and InPlaceUpdateReady False) for inPlaceSeconds. */
export function inPlaceUpdate(st: SimState, p: Pod, revision: string, fails: bool): void {
  p.setLabel(LABEL_REVISION, revision);
  p.ready = COND_OTHER;
  p.readyTransition = GoTime.at(st.now.sec);
  p.inPlaceReady = COND_OTHER;
  p.simFailed = fails;
  p.simReadyAt = fails ? -1 : st.now.sec + st.model.inPlaceSeconds;
}

/** Makes pods whose time has come Ready (lastTransitionTime = that time). */
export function advance(st: SimState, pods: Array<Pod>): void {
  const t = st.now.sec;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (p.simReadyAt >= 0 && p.simReadyAt <= t && !p.simFailed) {
      p.ready = COND_TRUE;
      p.readyTransition = GoTime.at(p.simReadyAt);
      p.readySince = p.readyTransition;
      if (p.inPlaceReady == COND_OTHER) p.inPlaceReady = COND_TRUE;
      p.simReadyAt = -1;
    }
  }
}

/** The next time something changes by itself (a pod becoming Ready, or Available after minReadySeconds); -1 when nothing will. */
export function nextEvent(st: SimState, pods: Array<Pod>, minReadySeconds: i64): i64 {
  const t = st.now.sec;
  let best: i64 = -1;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    let e: i64 = -1;
    if (p.simReadyAt > t) e = p.simReadyAt;
    else if (minReadySeconds > 0 && p.isReady) {
      const avail = p.readyTransition.sec + minReadySeconds + 1;
      if (avail > t) e = avail;
    }
    if (e > 0 && (best < 0 || e < best)) best = e;
  }
  return best;
}

/** Removes the named pods from `pods` in place (the others keep their order); returns `pods`. */
export function removePods(pods: Array<Pod>, names: Array<string>): Array<Pod> {
  if (names.length == 0) return pods;
  const gone = new Set<string>();
  for (let i = 0; i < names.length; i++) gone.add(names[i]);
  let w = 0;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (gone.has(p.name)) continue;
    pods[w] = p;
    w++;
  }
  pods.length = w;
  return pods;
}

/** A workload being simulated. */
export abstract class SimWorkload {
  error: string | null = null;
  /** Pods available now. */
  abstract available(now: GoTime): i64;
  /** Pods at the update revision. */
  abstract updated(): i64;
  /** Pods that exist. */
  abstract total(): i64;
  /** The rollout has finished. */
  abstract done(now: GoTime): bool;
  /** The availability floor the controller keeps (desired − maxUnavailable). */
  abstract floor(): i64;
  /** minReadySeconds of the workload. */
  abstract minReady(): i64;
  /** Every pod. */
  abstract allPods(): Array<Pod>;
  /** One controller sync at st.now. */
  abstract step(st: SimState, rec: SimRound): void;
}

/**
 * Plays rounds until the rollout is done, nothing more can happen (stalled), an error, or maxRounds: a
 * sync that acts is a round; a sync that does not moves the clock to the next event (a wait), and at
 * most maxRounds waits are made too, so a simulation makes at most 2 × maxRounds syncs. The working
 * memory of the syncs (kept by the per-call arena until the call ends) may not exceed `maxMemory` bytes:
 * E_LIMIT, and "error".
 */
export function runSimulation(w: SimWorkload, st: SimState, maxMemory: i64): string {
  let round = 0;
  let waits = 0;
  const start = arenaMark();
  while (round < st.model.maxRounds) {
    const used = <i64>(arenaMark() - start);
    if (used > maxMemory) {
      fail(E_LIMIT, "the simulation needs more than " + maxMemory.toString() + " bytes of working memory after " + round.toString() +
        " rounds (limits.maxSimMemory)", -1, "limits.maxSimMemory");
      return "error";
    }
    advance(st, w.allPods());
    if (w.done(st.now)) return "complete";
    const rec = new SimRound();
    rec.round = round + 1;
    rec.time = st.elapsed;
    rec.available = w.available(st.now);
    w.step(st, rec);
    if (rec.acted || w.error !== null) {
      rec.availableAfter = w.available(st.now);
      rec.total = w.total();
      rec.updated = w.updated();
      rec.floor = w.floor();
      st.rounds.push(rec);
      round++;
      if (w.error !== null) return "error";
      continue;
    }
    const next = nextEvent(st, w.allPods(), w.minReady());
    if (next < 0) return "stalled";
    if (++waits > st.model.maxRounds) return "maxRounds";
    st.now = GoTime.at(next);
  }
  return "maxRounds";
}
