// Compares rollout.advancedDaemonSet's answer with what the real OpenKruise Advanced DaemonSet controller did in the
// same sync (the oracle op kruise.daemonSetSync, test/oracle/k8s/harness/kruise_dssync.go), for the parts the real code
// decides: the node count and budgets, manage's lists, why the rolling update did not run, the nodes it may touch,
// its counts, the pods it replaced (in place, deferred, deleted) and the nodes it surged onto, and the sync's
// creations, deletions and PreparingDelete moves. Shared by the live suite (test/oracle/rollout-kruise-ads.test.ts)
// and the replay of its golden vectors (test/kruise-releases-everywhere.test.ts).
//
// Not compared: `partition` (only a number inside the controller's filter: compared through nodesToUpdate and
// manage.create), `createBatches` (slow start happens inside one syncNodes call; checked to add up to `create`), and
// the candidates the engine lists once the budget is used up (upstream stops collecting them at a point of its Go map
// walk: compared by count only while the budget is not used up).

import assert from "node:assert/strict";

type Obj = Record<string, any>;

const sorted = (xs: string[]) => [...xs].sort();

/** Throws an AssertionError naming the first member where the engine's result `e` and the oracle's `o` differ. */
export function checkAdsSync(e: Obj, o: Obj): void {
  assert.equal(e.desiredNumberScheduled, o.desiredNumberScheduled, "desiredNumberScheduled");
  assert.equal(e.burstReplicas, o.burstReplicas, "burstReplicas");
  if (o.maxUnavailable !== undefined) {
    assert.equal(e.maxUnavailable, o.maxUnavailable, "maxUnavailable");
    assert.equal(e.maxSurge, o.maxSurge, "maxSurge");
  }
  assert.deepEqual(e.manage, o.manage, "manage");
  assert.equal(e.reason, o.reason, "reason");
  assert.equal(e.error, o.error, "error");
  if (o.reason === undefined) {
    const eu = e.rollingUpdate as Obj;
    const ou = o.rollingUpdate as Obj;
    assert.ok(eu, "rollingUpdate missing");
    assert.deepEqual(eu.nodesToUpdate, ou.nodesToUpdate, "rollingUpdate.nodesToUpdate");
    const surge = ou.numSurge !== undefined;
    const busy = surge ? "numSurge" : "numUnavailable";
    assert.equal(eu[busy], ou[busy], `rollingUpdate.${busy}`);
    const budget = surge ? o.maxSurge : o.maxUnavailable;
    if (ou[busy] < budget) assert.equal(eu.candidates.length, ou.candidateCount, "rollingUpdate.candidates (count)");
    assert.equal(eu.pick, ou.pick, "rollingUpdate.pick");
    if (!surge) assert.deepEqual(eu.replace, ou.replace, "rollingUpdate.replace");
    assert.deepEqual(eu.inPlace, ou.inPlace, "rollingUpdate.inPlace");
    assert.deepEqual(eu.deferred, ou.deferred, "rollingUpdate.deferred");
    assert.deepEqual(eu.delete, ou.delete, "rollingUpdate.delete");
    assert.deepEqual(eu.create, ou.create, "rollingUpdate.create");
  }
  assert.deepEqual(sorted(e.create), o.create, "create");
  assert.deepEqual(sorted(e.delete), o.delete, "delete");
  assert.deepEqual(sorted(e.preparingDelete), o.preparingDelete, "preparingDelete");
  assert.equal((e.createBatches as number[]).reduce((a, b) => a + b, 0), e.create.length, "createBatches add up to create");
}
