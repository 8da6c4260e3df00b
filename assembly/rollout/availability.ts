// Pod readiness and availability as the controllers judge them: Kubernetes podutil.IsPodAvailable
// (Ready, and Ready for minReadySeconds before `now`), and OpenKruise's stricter CloneSet view
// (Running, lifecycle state empty or Normal, InPlaceUpdateReady not False).

import { GoTime } from "./gotime";
import { Pod, COND_OTHER } from "./pod";

/** `now` when the request gives none: far in the future (every Ready pod with a transition time counts as available). */
export function farFuture(): GoTime { return GoTime.at(<i64>1 << 50); }

/** podutil.IsPodAvailable(pod, minReadySeconds, now). */
export function podAvailable(p: Pod, minReadySeconds: i64, now: GoTime): bool {
  if (!p.isReady) return false;
  if (minReadySeconds == 0) return true;
  const t = p.readyTransition;
  return !t.isZero() && t.plusSeconds(minReadySeconds).before(now);
}

/** clonesetutils.IsRunningAndAvailable && InPlaceUpdateReady not False: CloneSet core IsPodUpdateReady. */
export function cloneSetPodUpdateReady(p: Pod, minReadySeconds: i64, now: GoTime): bool {
  if (p.phase != "Running" || !podAvailable(p, minReadySeconds, now)) return false;
  return p.inPlaceReady != COND_OTHER;
}

/** sync.IsPodAvailable of the CloneSet controller: lifecycle state "" or Normal, then IsPodUpdateReady. */
export function cloneSetPodAvailable(p: Pod, minReadySeconds: i64, now: GoTime): bool {
  const s = p.lifecycle;
  if (s.length > 0 && s != "Normal") return false;
  return cloneSetPodUpdateReady(p, minReadySeconds, now);
}
