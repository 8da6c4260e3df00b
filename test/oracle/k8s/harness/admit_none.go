//go:build !minorge27

package main

// kubelet.resizeAdmission in the builds before 1.27 (no in-place resize in the kubelet), the api flavor and the
// OpenKruise builds (contract: admit.go): E_UNSUPPORTED_VERSION for the old minors, E_INTERNAL when misrouted.

func init() {
	ops["kubelet.resizeAdmission"] = opSpec{[]string{"pod", "podText", "node", "nodeText", "pods", "kubelet", "gates", "cpuManagerPolicy", "memoryManagerPolicy"}, runResizeAdmissionNone}
}

func runResizeAdmissionNone(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "kubelet.resizeAdmission routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubelet"); err != nil {
		return nil, err
	}
	if parseMinor(buildMinor) >= 27 {
		return nil, plainErr(codeInternal, "kubelet.resizeAdmission needs the k8s.io/kubernetes build of "+buildMinor+" (routed to the api flavor)")
	}
	return nil, fieldErr(codeUnsupported, "kubelet", "kubelet.resizeAdmission models kubelet 1.27 to 1.37, not "+quote(buildMinor))
}
