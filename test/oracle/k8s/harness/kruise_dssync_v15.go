//go:build kruise && !kruisege7

package main

// kruise.daemonSetSync, v1.5.5 and v1.6.0 (kruise_dssync.go): the controller logs with klog.Infof (the lists and
// numbers are read back from the formatted message) and its expectations take no logger.

import (
	"regexp"
	"strconv"
	"strings"

	kubecontroller "k8s.io/kubernetes/pkg/controller"
)

// dsSatisfied is syncDaemonSet's dsc.expectations.SatisfiedExpectations(dsKey).
func dsSatisfied(exp kubecontroller.ControllerExpectationsInterface, key string) bool {
	return exp.SatisfiedExpectations(key)
}

// dsListLine reads "<prefix><dsName>: [a b c], <suffix> N" (a %+v of a []string; names hold no spaces).
func dsListLine(e dsEvent, prefix, dsName, suffix string) ([]string, bool) {
	head := prefix + dsName + ": ["
	if !strings.HasPrefix(e.msg, head) {
		return nil, false
	}
	rest := e.msg[len(head):]
	end := strings.LastIndex(rest, "], "+suffix+" ")
	if end < 0 {
		return nil, false
	}
	if end == 0 {
		return []string{}, true
	}
	return strings.Split(rest[:end], " "), true
}

// dsNodesNeedingLine reads syncNodes' "Nodes needing daemon pods for DaemonSet %s: %+v, creating %d" line.
func dsNodesNeedingLine(e dsEvent, dsName string) ([]string, bool) {
	return dsListLine(e, "Nodes needing daemon pods for DaemonSet ", dsName, "creating")
}

// dsPodsToDeleteLine reads syncNodes' "Pods to delete for DaemonSet %s: %+v, deleting %d" line.
func dsPodsToDeleteLine(e dsEvent, dsName string) ([]string, bool) {
	return dsListLine(e, "Pods to delete for DaemonSet ", dsName, "deleting")
}

var (
	dsSummaryUnavailable = regexp.MustCompile(`^DaemonSet .*/.* allowing (\d+) replacements, up to (-?\d+) unavailable, (\d+) new are unavailable, (\d+) candidates$`)
	dsSummarySurge       = regexp.MustCompile(`^DaemonSet .*/.* allowing (\d+) replacements, surge up to (-?\d+), (\d+) are in progress, (\d+) candidates$`)
)

// dsSummaryOf reads rollingUpdate's V(5) summary line (without or with surge).
func dsSummaryOf(events []dsEvent, _ string) dsSummary {
	var s dsSummary
	for _, e := range events {
		m := dsSummaryUnavailable.FindStringSubmatch(e.msg)
		surge := false
		if m == nil {
			m, surge = dsSummarySurge.FindStringSubmatch(e.msg), true
		}
		if m == nil {
			continue
		}
		var n [4]int
		for i := range n {
			n[i], _ = strconv.Atoi(m[i+1])
		}
		s = dsSummary{found: true, surge: surge, allowed: n[0], budget: n[1], busy: n[2], candid: n[3]}
	}
	return s
}
