package main

import kjson "sigs.k8s.io/json"

// strictWarnings lists what the API server's field validation ("Warn", the
// default from 1.25) reports for data decoded into a fresh object: the strict
// errors of sigs.k8s.io/json UnmarshalStrict (unknown field "spec.foo",
// duplicate field "name"), each text once, in order, as the warning recorder
// dedupes them. Minors before 1.25 did not warn; the oracle still reports the
// same list for them (with the sigs.k8s.io/json of 1.25 where the minor
// predates that module). The recorder's 4 KiB header truncation is not applied.
func strictWarnings(data []byte, newObj func() interface{}) []string {
	errs, err := kjson.UnmarshalStrict(data, newObj())
	out := []string{}
	if err != nil {
		return out
	}
	seen := map[string]bool{}
	for _, e := range errs {
		text := e.Error()
		if text == "" || seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, text)
	}
	return out
}
