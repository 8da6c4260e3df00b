import { runOracle, stopOracle } from "../run.ts";
import { kinplace } from "../../support/engine.ts";
const base = { name: "c", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always" };
const mk = (hp: boolean | undefined, ehp: boolean | undefined, hn: boolean) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "default", resourceVersion: "1",
  annotations: { "container.apparmor.security.beta.kubernetes.io/c": "localhost/" + "p".repeat(5000) } },
  spec: { containers: [{ ...base, securityContext: hp === undefined ? undefined : { windowsOptions: { hostProcess: hp } } }],
    ephemeralContainers: [{ ...base, name: "debug", targetContainerName: "c", securityContext: ehp === undefined ? undefined : { windowsOptions: { hostProcess: ehp } } }],
    hostNetwork: hn, restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30 } });
const lines: string[] = [];
for (const m of ["1.22", "1.23", "1.25", "1.30", "1.37"]) for (const [a, b, h] of [[true, undefined, true], [true, false, true], [undefined, true, false], [true, true, true]] as const) {
  const p = mk(a, b, h);
  lines.push(JSON.stringify({ op: "pod.validateUpdate", kubernetes: m, old: p, new: p }));
}
const ans = await runOracle(lines);
const enc = new TextEncoder(), dec = new TextDecoder();
for (let i = 0; i < lines.length; i++) {
  const exp = JSON.parse(ans[i]!).result?.message ?? ans[i];
  const act = JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(lines[i]!)))).result?.message ?? "";
  console.log((exp === act ? "OK  " : "BAD ") + JSON.parse(lines[i]!).kubernetes + " " + exp.slice(0, 300));
  if (exp !== act) console.log("   act: " + act.slice(0, 300));
}
stopOracle();
