package eval

import (
	"runtime"
	"strconv"
	"strings"
)

// Accepted is the range of Go minors ("1.N") a `go` field may name; a request
// without `go` means the newest. Set with -accept by the driver
// (test/oracle/routes.ts holds the table); the default only serves manual runs.
var Accepted = [2]int{13, 27}

// Serves is the range of Go minors this binary answers for (set with
// -serves); a request routed to the wrong build is an internal error.
var Serves = [2]int{13, 27}

// ParseRange parses a flag value "A-B" (Go minors) into dst.
func ParseRange(s string, dst *[2]int) bool {
	parts := strings.Split(s, "-")
	if len(parts) != 2 {
		return false
	}
	a, err1 := strconv.Atoi(parts[0])
	b, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || a > b {
		return false
	}
	*dst = [2]int{a, b}
	return true
}

// GoMinor reads the optional `go` field ("1.N") and returns N.
func GoMinor(req *Request) (int, *Error) {
	v, present, err := StringField(req, "go")
	if err != nil {
		return 0, err
	}
	minor := Accepted[1]
	if present {
		minor = parseGoVersion(string(v))
		if minor < Accepted[0] || minor > Accepted[1] {
			return 0, FieldError(UnsupportedVersion, "go", "unsupported Go release "+Quote(string(v))+
				" (supported: 1."+strconv.Itoa(Accepted[0])+" to 1."+strconv.Itoa(Accepted[1])+")")
		}
	}
	if minor < Serves[0] || minor > Serves[1] {
		return 0, FieldError(Internal, "go", "go 1."+strconv.Itoa(minor)+" routed to "+buildName())
	}
	return minor, nil
}

// RequireNewest fails (E_INTERNAL) unless this binary serves the newest Go
// release: ops that do not depend on the Go release are answered by that build.
func RequireNewest() *Error {
	if Serves[1] != Accepted[1] {
		return &Error{Code: Internal, Message: "op routed to " + buildName(), Offset: -1}
	}
	return nil
}

func buildName() string {
	return "the build for go 1." + strconv.Itoa(Serves[0]) + "-1." + strconv.Itoa(Serves[1]) + " (" + runtime.Version() + ")"
}

// parseGoVersion returns N for "1.N" (N without leading zeros), else -1.
func parseGoVersion(s string) int {
	if !strings.HasPrefix(s, "1.") || len(s) < 3 || len(s) > 5 {
		return -1
	}
	digits := s[2:]
	if digits[0] == '0' && len(digits) > 1 {
		return -1
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
