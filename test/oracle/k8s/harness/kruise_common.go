package main

import "strings"

// Each OpenKruise release pins one k8s.io/kubernetes release (v1.9.0: v1.32.10, v1.8.3: v1.30.10, v1.7.0:
// v1.28.9, v1.6.0: v1.26.10, v1.5.5: v1.24.16), so its kinds are answered by its own build, at that one
// Kubernetes minor: the build facts stamped by build.ts (buildMinor, buildPatch, kruiseVersion) name it.
var (
	kruisePinnedMinor = "1.32"
	kruisePinnedNote  = "openkruise/kruise v1.9.0 pins k8s.io/kubernetes v1.32.10"
	// kruiseMinorName is the `kruise` value this build answers ("1.9" for v1.9.0).
	kruiseMinorName = "1.9"
)

func init() {
	if kruiseVersion == "" {
		return
	}
	kruisePinnedMinor = buildMinor
	kruisePinnedNote = "openkruise/kruise " + kruiseVersion + " pins k8s.io/kubernetes v" + buildPatch
	kruiseMinorName = kruiseMinorOf(kruiseVersion)
}

// kruiseMinorOf is the `kruise` value of a release: "v1.7.0" -> "1.7".
func kruiseMinorOf(version string) string {
	v := strings.TrimPrefix(version, "v")
	if i := strings.Index(v, "."); i >= 0 {
		if j := strings.Index(v[i+1:], "."); j >= 0 {
			return v[:i+1+j]
		}
	}
	return v
}

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

// kruiseReleaseField checks a request's `kruise` field in the Kruise builds (kruise_inplace.go's
// kruiseVersionField); the other builds never see a Kruise kind.
var kruiseReleaseField = func(*request) *protoError { return nil }
