import { runOracle, stopOracle } from "../run.ts";
import { kinplace } from "../../support/engine.ts";
const pod = { apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "default", resourceVersion: "1" }, spec: { containers: [{ name: "c", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always" }], restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30 } };
const vals = ['  ', '[1,]', '[{}]', '[{"key":"a"}][', '\ufeff[]', '\ud800', '[{"key":"\\ud800x","operator":"Equal"}]', '[{"key":"a","key":"b b"}]', '[{"operator":"Exists","tolerationSeconds":5}]', '[{"effect":"NoExecute","tolerationSeconds":-5,"operator":"Exists"}]', '{}', '[{"value":"x"}]', 'nul', '[{"tolerationseconds":7,"EFFECT":"NoExecute","operator":"Exists"}]', '[{"key":"a","operator":"Exists"},"x",{"key":5}]', '[{"key":5}]', '[{"tolerationSeconds":"30"}]', '[{"tolerationSeconds":1.5}]', '["x"]', '[{"key":"a"}, 7]', '[{"effect":true}]', '[{"KEY":"bad key!","Operator":"Equal"}]', '[{"tolerationSeconds":99999999999999999999}]', '[{"key":"a","operator":"Exists"},{"key":[]}]', '[null]', '[{"key":"x","operator":"Exists","tolerationSeconds":null}]', 'true', '1e3', '  [] ', '[{"key":"a"}]   ,'];
const lines: string[] = [];
for (const m of process.argv.slice(2)) for (const v of vals) { const nu = structuredClone(pod) as any; nu.metadata.annotations = { "scheduler.alpha.kubernetes.io/tolerations": v }; lines.push(JSON.stringify({ op: "pod.validateUpdate", kubernetes: m, old: pod, new: nu })); }
const ans = await runOracle(lines);
const enc = new TextEncoder(), dec = new TextDecoder();
for (let i = 0; i < lines.length; i++) {
  const exp = JSON.parse(ans[i]!).result?.message ?? ans[i];
  const act = JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(lines[i]!)))).result?.message;
  const m = JSON.parse(lines[i]!).kubernetes;
  console.log((exp.split("\n")[0] === (act ?? "").split("\n")[0] ? "OK  " : "BAD ") + m + " " + vals[i % vals.length]);
  if (exp.split("\n")[0] !== (act ?? "").split("\n")[0]) console.log("   exp: " + exp.split("\n")[0] + "\n   act: " + (act ?? "").split("\n")[0]);
}
stopOracle();
