/** The core oracle's view of the k8s oracle: one router target and the ops routed to it. */

import { fileURLToPath } from "node:url";
import type { Route, RouteRequest, Target } from "../routes.ts";

/** The Kubernetes-object and hash ops answered by the k8s oracle. */
export const K8S_OPS: ReadonlySet<string> = new Set(["k8s.json", "quantity", "spew", "container.hash", "podTemplateHash", "revision", "pod.validateUpdate", "pod.validateResize", "workload.validateUpdate"]);

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The router binary (test/oracle/k8s/router): run.ts builds it like any target; it builds the
 * per-minor binaries itself, lazily, through build.ts (see test/oracle/k8s/README.md).
 */
export const K8S_ROUTER_TARGET: Target = {
  name: "k8s-router",
  toolchain: "go1.26.8",
  moduleDir: fileURLToPath(new URL("./router/", import.meta.url)),
  pkg: ".",
  sources: ["go.mod", "main.go"],
  args: ["-node", process.execPath, "-root", ROOT],
};

/** Sends every request whose op is a k8s op to the router. */
export const K8S_ROUTE: Route = {
  target: K8S_ROUTER_TARGET.name,
  match: (req: RouteRequest) => req !== null && typeof req.op === "string" && K8S_OPS.has(req.op),
};
