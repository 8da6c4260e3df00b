//go:build !minorge32

package main

// pod.validateResize in the builds of minors before 1.32, which have no pods/resize subresource (contract:
// resize.go): E_NOT_FOUND at once, path kubernetes. The api flavor of a later minor has no
// k8s.io/kubernetes to answer with (the router sends the op to kube builds).

func init() {
	ops["pod.validateResize"] = opSpec{resizeFields, runPodValidateResizeNone}
}

func runPodValidateResizeNone(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "pod.validateResize routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubernetes"); err != nil {
		return nil, err
	}
	if parseMinor(buildMinor) >= 32 {
		return nil, plainErr(codeInternal, "pod.validateResize needs the k8s.io/kubernetes build of "+buildMinor+" (routed to the api flavor)")
	}
	return nil, resizeNotFound("kubernetes")
}
