//go:build kruise && kruisege7

package main

// kruise.daemonSetSync, v1.7.0 .. v1.9.0 (kruise_dssync.go): the controller logs with klog.InfoS (structured values)
// and its expectations take a logger.

import (
	"context"

	"k8s.io/klog/v2"
	kubecontroller "k8s.io/kubernetes/pkg/controller"
)

// dsSatisfied is syncDaemonSet's dsc.expectations.SatisfiedExpectations(logger, dsKey).
func dsSatisfied(exp kubecontroller.ControllerExpectationsInterface, key string) bool {
	return exp.SatisfiedExpectations(klog.FromContext(context.TODO()), key)
}

// dsKV is the value of key `k` of a structured log line.
func dsKV(e dsEvent, k string) (interface{}, bool) {
	for i := 0; i+1 < len(e.kv); i += 2 {
		if s, ok := e.kv[i].(string); ok && s == k {
			return e.kv[i+1], true
		}
	}
	return nil, false
}

// dsListValue reads the []string value `key` of a structured log line whose message is `msg`.
func dsListValue(e dsEvent, msg, key string) ([]string, bool) {
	if e.msg != msg {
		return nil, false
	}
	v, ok := dsKV(e, key)
	list, isList := v.([]string)
	return list, ok && isList
}

// dsNodesNeedingLine reads syncNodes' "Nodes needing daemon pods for DaemonSet" line.
func dsNodesNeedingLine(e dsEvent, _ string) ([]string, bool) {
	return dsListValue(e, "Nodes needing daemon pods for DaemonSet", "nodes")
}

// dsPodsToDeleteLine reads syncNodes' "Pods to delete for DaemonSet" line.
func dsPodsToDeleteLine(e dsEvent, _ string) ([]string, bool) {
	return dsListValue(e, "Pods to delete for DaemonSet", "podsToDelete")
}

// dsSummaryOf reads rollingUpdate's V(5) summary line (without or with surge).
func dsSummaryOf(events []dsEvent, _ string) dsSummary {
	var s dsSummary
	for _, e := range events {
		var keys [4]string
		switch e.msg {
		case "DaemonSet allowing replacements, including some new unavailable and candidate pods, up to maxUnavailable":
			keys = [4]string{"allowedReplacementPodCount", "maxUnavailable", "numUnavailable", "candidatePodsToDeleteCount"}
			s.surge = false
		case "DaemonSet allowing replacements, surge up to maxSurge":
			keys = [4]string{"allowedNewNodeCount", "maxSurge", "inProgressCount", "candidateCount"}
			s.surge = true
		default:
			continue
		}
		var n [4]int
		s.found = true
		for i, k := range keys {
			v, ok := dsKV(e, k)
			x, isInt := v.(int)
			if !ok || !isInt {
				s.found = false
			}
			n[i] = x
		}
		s.allowed, s.budget, s.busy, s.candid = n[0], n[1], n[2], n[3]
	}
	return s
}
