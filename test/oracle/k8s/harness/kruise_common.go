package main

// OpenKruise v1.9.0 pins k8s.io/* v0.32.10 and k8s.io/kubernetes v1.32.10, so
// its kinds are answered by one build, at that one Kubernetes minor (the v1.8 build,
// kruise_v18.go, sets its own pin: v1.8.3 on k8s.io/kubernetes v1.30.10).
var (
	kruisePinnedMinor = "1.32"
	kruisePinnedNote  = "openkruise/kruise v1.9.0 pins k8s.io/kubernetes v1.32.10"
)

// checkKruiseMinor accepts an absent kubernetes field or Kruise's pinned minor.
func checkKruiseMinor(req *request, name string) *protoError {
	v, present, err := stringField(req, name)
	if err != nil {
		return err
	}
	if present && string(v) != kruisePinnedMinor {
		if !isSupportedMinor(string(v)) {
			return fieldErr(codeUnsupported, name, "unsupported "+name+" version "+quote(string(v)))
		}
		return fieldErr(codeUnsupported, name, "OpenKruise kinds are answered at "+name+" "+
			quote(kruisePinnedMinor)+" only ("+kruisePinnedNote+")")
	}
	if kruiseVersion == "" {
		return plainErr(codeInternal, "an OpenKruise kind was routed to a non-Kruise build")
	}
	return nil
}
