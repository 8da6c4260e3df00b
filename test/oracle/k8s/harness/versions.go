package main

import (
	"runtime"
	"strconv"
	"strings"
)

// Go releases a request may name ("1.N", N in this range).
const (
	minGoMinor = 10
	maxGoMinor = 27
)

// parseMinor returns N for "1.N" (no leading zeros, no patch), else -1.
func parseMinor(s string) int {
	if !strings.HasPrefix(s, "1.") || len(s) < 3 || len(s) > 5 {
		return -1
	}
	d := s[2:]
	if d[0] == '0' && len(d) > 1 {
		return -1
	}
	n := 0
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return -1
		}
		n = n*10 + int(d[i]-'0')
	}
	return n
}

func isSupportedMinor(v string) bool {
	for _, m := range strings.Split(supportedMinors, ",") {
		if m == v {
			return true
		}
	}
	return false
}

// checkMinor validates the optional kubernetes/kubelet field (default: the
// newest minor) and that the request was routed to this binary.
func checkMinor(req *request, name string) *protoError {
	v, present, err := stringField(req, name)
	if err != nil {
		return err
	}
	minor := newestMinor
	if present {
		minor = string(v)
		if !isSupportedMinor(minor) {
			return fieldErr(codeUnsupported, name, "unsupported "+name+" version "+quote(minor))
		}
	}
	if minor != buildMinor {
		return fieldErr(codeInternal, name, name+" "+minor+" routed to the build for "+buildMinor)
	}
	return nil
}

// checkGo validates the optional go field (default: this minor's documented
// release), that the minor can be built by it, and that this binary serves it.
func checkGo(req *request) *protoError {
	v, present, err := stringField(req, "go")
	if err != nil {
		return err
	}
	goMinor := parseMinor(defaultGo)
	if present {
		goMinor = parseMinor(string(v))
		if goMinor < minGoMinor || goMinor > maxGoMinor {
			return fieldErr(codeUnsupported, "go", "unsupported go version "+quote(string(v)))
		}
		lo, _ := strconv.Atoi(minGo)
		if goMinor < lo {
			return fieldErr(codeUnsupported, "go", "go "+quote(string(v))+" cannot build kubernetes "+
				buildMinor+" (its go.mod requires go 1."+minGo+")")
		}
	}
	parts := strings.Split(servesGo, "-")
	lo, _ := strconv.Atoi(parts[0])
	hi, _ := strconv.Atoi(parts[len(parts)-1])
	if goMinor < lo || goMinor > hi {
		return fieldErr(codeInternal, "go", "go 1."+strconv.Itoa(goMinor)+" routed to a build serving 1."+
			strconv.Itoa(lo)+"-1."+strconv.Itoa(hi)+" ("+runtime.Version()+")")
	}
	return nil
}
