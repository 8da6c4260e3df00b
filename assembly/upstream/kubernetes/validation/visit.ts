// pkg/apis/core/pods VisitContainersWithPath: a pod spec's init containers, containers and ephemeral containers
// (the latter from 1.23: in 1.16-1.22 only with the EphemeralContainers gate, off by default there) with their
// field paths, in visiting order.

import { Val } from "../../../typed/value";
import { fld, sliceLen, at } from "./view";

/** 1.23: the EphemeralContainers gate is on by default (GA in 1.25), so ephemeral containers are visited. */
const EPHEMERAL_VISITED_FROM: i32 = 23;

/** One visited container (an ephemeral container's EphemeralContainerCommon) and its path. */
export class VisitedContainer {
  constructor(public c: Val | null, public path: string) {}
}

/** VisitContainersWithPath(spec, specPath) at `minor`: every container with its path. */
export function containersWithPaths(spec: Val | null, specPath: string, minor: i32): Array<VisitedContainer> {
  const out = new Array<VisitedContainer>();
  const inits = fld(spec, "InitContainers");
  for (let i = 0; i < sliceLen(inits); i++) out.push(new VisitedContainer(at(inits, i), specPath + ".initContainers[" + i.toString() + "]"));
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) out.push(new VisitedContainer(at(cs, i), specPath + ".containers[" + i.toString() + "]"));
  if (minor >= EPHEMERAL_VISITED_FROM) {
    const eph = fld(spec, "EphemeralContainers");
    for (let i = 0; i < sliceLen(eph); i++) out.push(new VisitedContainer(fld(at(eph, i), "EphemeralContainerCommon"), specPath + ".ephemeralContainers[" + i.toString() + "]"));
  }
  return out;
}
