// Command quantity-vectors runs the real k8s.io/apimachinery resource.Quantity (and go-spew) over a
// deterministic set of inputs and prints the AssemblyScript vector table used by
// assembly/__tests__/quantity.spec.ts. Regenerate with:
//
//	cd test/oracle/k8s/quantity-vectors && go run . > ../../../../assembly/__tests__/generated/quantity-vectors.ts
//
// Each vector is "mode<TAB>hex(input)<TAB>expected". mode p = ParseQuantity(input), mode j =
// json.Unmarshal of {"q":<input>} into a struct with a Quantity field. expected is either
// "ERR<TAB>message" or "spewBefore<TAB>MarshalJSON<TAB>Format<TAB>String()<TAB>spewAfterString".
package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/davecgh/go-spew/spew"
	"k8s.io/apimachinery/pkg/api/resource"
)

var cfg = spew.ConfigState{Indent: " ", SortKeys: true, DisableMethods: true, SpewKeys: true}

// body strips the "(resource.Quantity)" prefix that a top-level %#v adds.
func body(q resource.Quantity) string {
	return strings.TrimPrefix(cfg.Sprintf("%#v", q), "(resource.Quantity)")
}

func describe(q resource.Quantity) string {
	before := body(q)
	js, err := q.MarshalJSON()
	if err != nil {
		panic(err)
	}
	f := string(q.Format)
	s := q.String()
	after := body(q)
	return before + "\t" + string(js) + "\t" + f + "\t" + s + "\t" + after
}

func parseVec(in string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = "ERR\t" + fmt.Sprint(r)
		}
	}()
	q, err := resource.ParseQuantity(in)
	if err != nil {
		return "ERR\t" + err.Error()
	}
	return describe(q)
}

func jsonVec(raw string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = "ERR\t" + fmt.Sprint(r)
		}
	}()
	var x struct {
		Q resource.Quantity `json:"q"`
	}
	if err := json.Unmarshal([]byte(`{"q":`+raw+`}`), &x); err != nil {
		return "ERR\t" + err.Error()
	}
	return describe(x.Q)
}

// safe reports whether Go finishes quickly: the inf.Dec path materialises 10^|shift|.
func safe(in string) bool {
	m := regexp.MustCompile(`[eE]([+-]?[0-9]+)$`).FindStringSubmatch(in)
	if m == nil {
		return true
	}
	e, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return true
	}
	e32 := int64(int32(e))
	// len(num)+len(denom) as parseQuantityString counts them: leading zeros dropped, an empty num is "0"
	nm := regexp.MustCompile(`^[+-]?0*([0-9]*)(?:\.([0-9]*))?`).FindStringSubmatch(in)
	num, frac := len(nm[1]), len(nm[2])
	if num == 0 {
		num = 1
	}
	big := num+frac > 18 || e32-int64(frac) < -9
	return !big || (e32 < 20000 && e32 > -20000)
}

func main() {
	rng := rand.New(rand.NewSource(20240611))
	seen := map[string]bool{}
	var parse, js []string
	addP := func(s string) {
		if !seen["p"+s] && safe(s) {
			seen["p"+s] = true
			parse = append(parse, s)
		}
	}
	addJ := func(s string) {
		if !seen["j"+s] {
			seen["j"+s] = true
			js = append(js, s)
		}
	}

	fixed := []string{
		"0", "00", "-0", "+0", "000", "0.0", "0.", ".0", ".", "-", "+", "", " ", "1", "+1", "-1", "01", "-01", "1.", "-1.",
		".5", "5.", "-.5", "+.5", "0.5", "1.5", "1.0", "1.00", "1.000", "10", "100", "1000", "1000000", "1234567", "12000000",
		"100m", "0.1", "1500m", "1000m", "0m", "1e3", "1E3", "1e+3", "1E+3", "1e-3", "1E-3", "1.5e3", "1e0", "1E0", "1e-0",
		"1Gi", "1024Mi", "1536Mi", "1.5Gi", "0.5Gi", "500Mi", "1000Ki", "100Ki", "8Ki", "1023", "1024", "1Ki", "-1Ki",
		"1024Ei", "-1024Ei", "8Ei", "7Ei", "1Ei", "1Pi", "1000E", "10E", "100E", "1E", "10000P", "1000P", "1000000E",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
		"1e9223372036854775807", "1e9223372036854775808", "1e-9223372036854775808", "1e2147483647", "1e-2147483647",
		"1e2147483648", "1e4294967296", "1e4294967297", "1.55e-2147483647", "1.5e-2147483647", "1.5e2147483647",
		"0.0000000001", "1.0000000001", "0.000000001", "0.0000000009", "1n", "1u", "1m", "1k", "1M", "1G", "1T", "1P",
		"1.1n", "0.1n", "0.5n", "1.5n", "-0.0000000001", "-1.0000000001", "-0.1n", "1e-10", "1e-9", "0e-10", "-1e-10",
		"Gi", "m", "Ki", "Mi", "Ti", "Pi", "Ei", "-Pi", "n", "e3", "E", "k", "-e-10", "e-10", ".e-10", ".Pi", ".Ki",
		"1.Gi", "01Gi", "+1Gi", "-1Gi", "1.0Gi", "0.0Ki", "-0.0Ki", "1.5Ki", "1.1Ki", "0.1Ki", "1023.9Ki", "-0.5Ki",
		"1e", "1e+", "1e-", "1ee3", "1Ee3", "1e3.5", "1.2.3", "1ki", "1K", "1Kii", "1Mi5", "1-5", "1e5x", "1 ", " 1",
		"--1", "+-1", "1+", "1i", "1mi", "1eE", "1ki3", "abc", "1x", "0x10", "1_000", "1,5", "١", "1\x00", "\xff",
		"12345678901234567890", "-12345678901234567890123456789012345678901", "123456789012345678", "1234567890123456789",
		"0.123456789012345678", "0.1234567890123456789", "12345678901.2345678", "99999999999Ki", "999999999999Ki",
		"99999Gi", "999999Gi", "99Ti", "100Ti", "8388608Ti", "8388607Ti", "9007199254740993", "1000000000000000000000",
		"1234567890123456789e100", "1234567890123456789e-100", "1234567890123456789e2147483639",
		"1234567890123456789e10000", "1234567890123456789e-10000",
		"0.000000000000000000000000000001", "1e-18", "1e-19", "123e-12", "1.5e-9", "1.5e-10",
		"5e-1", "5e1", "5e2", "5e4", "5E-1", "12e6", "12e5", "1e18", "1e19", "1e21", "1e-21",
		"999999999999999999e1", "999999999999999999e2", "999999999999999999e-1", "-999999999999999999e-2",
		"-999999999999999999e1", "99999999999999999.9", "9.99999999999999999e19", "922337203685477580.7e1",
		"999999999999999999k", "999999999999999999E", "-999999999999999999P", "99999999999999999.9k",
		"0000000000000000000000000", "0.0000000000000000000000", "-0.0000000000000000000000e5",
		"0.0000000000000000000000Ki", "1.5Pi", "1.5Ei", "0.001Ki", "0.0001Ki", "-0.001Ki", "1023.5", "1023.9999Ki",
		"0.9990234375Ki", "1.0009765625Ki", "-1.0009765625Ki", "8191.9990234375Ki", "1.000000000000000000001",
	}
	for _, s := range fixed {
		addP(s)
	}
	// Go panics on these at once (inf's rounding shift wraps to -2^31); they bypass safe().
	for _, s := range []string{"1234567890123456789e2147483639", "-12345678901234567890.5e2147483640"} {
		seen["p"+s] = true
		parse = append(parse, s)
	}

	// every double-quoted literal of upstream's quantity_test.go (inputs only; answers come from the real code)
	if dir := os.Getenv("QUANTITY_TEST_DIR"); dir != "" {
		b, err := os.ReadFile(filepath.Join(dir, "quantity_test.go"))
		if err == nil {
			lits := regexp.MustCompile(`"((?:[^"\\\n]|\\.)*)"`).FindAllStringSubmatch(string(b), -1)
			for _, l := range lits {
				if s, err := strconv.Unquote(`"` + l[1] + `"`); err == nil && len(s) < 60 {
					addP(s)
				}
			}
		}
	}

	sufs := []string{"", "", "", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}
	digits := func(n int, lead bool) string {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			d := rng.Intn(10)
			if i == 0 && lead && rng.Intn(4) != 0 && d == 0 {
				d = 1 + rng.Intn(9)
			}
			sb.WriteByte(byte('0' + d))
		}
		return sb.String()
	}
	expo := func() string {
		switch rng.Intn(6) {
		case 0:
			return strconv.Itoa(rng.Intn(30))
		case 1:
			return "-" + strconv.Itoa(rng.Intn(30))
		case 2:
			return "+" + strconv.Itoa(rng.Intn(30))
		case 3:
			return strconv.FormatInt(rng.Int63n(1<<33)-(1<<32), 10)
		case 4:
			return strconv.FormatInt(rng.Int63(), 10)
		default:
			return "0" + strconv.Itoa(rng.Intn(1000))
		}
	}
	for len(parse) < 2600 {
		var sb strings.Builder
		switch rng.Intn(3) {
		case 0:
			sb.WriteString("-")
		case 1:
			if rng.Intn(3) == 0 {
				sb.WriteString("+")
			}
		}
		if rng.Intn(5) == 0 {
			sb.WriteString(strings.Repeat("0", rng.Intn(4)))
		}
		nd := rng.Intn(12)
		if rng.Intn(5) == 0 {
			nd = rng.Intn(30)
		}
		sb.WriteString(digits(nd, true))
		if rng.Intn(3) == 0 {
			sb.WriteString(".")
			fd := rng.Intn(6)
			if rng.Intn(4) == 0 {
				fd = rng.Intn(25)
			}
			sb.WriteString(digits(fd, false))
		}
		switch r := rng.Intn(10); {
		case r < 6:
			sb.WriteString(sufs[rng.Intn(len(sufs))])
		case r < 9:
			sb.WriteString([]string{"e", "E"}[rng.Intn(2)] + expo())
		default:
			alpha := "0123456789.+-eEinumkKMGTP xK"
			for i := rng.Intn(4); i >= 0; i-- {
				sb.WriteByte(alpha[rng.Intn(len(alpha))])
			}
		}
		addP(sb.String())
	}

	jfixed := []string{
		`null`, `"null"`, `true`, `false`, `{}`, `[]`, `{"a":1}`, `[1]`, `""`, `" "`, `"0"`, `0`, `-0`, `1`, `-1`, `1.5`, `-1.5`,
		`1e3`, `1E+3`, `1e-3`, `0.5`, `12345678901234567890`, `1e400`, `"1Gi"`, `" 1Gi "`, `"\t1Gi"`, `"\u00311"`, `"\u0031"`,
		`"1Gi\n"`, `"1\u0047i"`, `"100m"`, `"0.1"`, `"1.0"`, `"01"`, `"1."`, `"Gi"`, `"m"`, `"1024Ei"`, `"1000E"`,
		"\" 1\u00a0\"", "\"\u00a01\"", "\"\u20001\u3000\"", "\"\u16801\u2028\"", "\"\u20291\u202f\"", "\"\u205f1\u200a\"",
		"\"\u00851\"", "\"1\u0085\"", "\"\u180e1\"", "\"\u200b1\"", "\"\ufeff1\"", "\"1\ufeff\"", "\"\u00a0\"", "\"é\"",
		"\"1\u00a0Gi\"", "\" \u00a0 1 \u2000 \"", `"  "`, `" -1 "`, `" +1.5Gi "`, `"1 Gi"`, `"\"1\""`, `"1\\"`,
	}
	for _, s := range jfixed {
		addJ(s)
	}
	spaces := []string{" ", "  ", "\u00a0", "\u2000", "\u3000", "\u0085", "\u2009", "\u00a0 ", "\u180e", "\u200b"}
	for len(js) < 400 {
		s := parse[rng.Intn(len(parse))]
		if !strings.ContainsAny(s, "\"\\") && regexp.MustCompile(`^[ -~]*$`).MatchString(s) {
			pre, post := "", ""
			if rng.Intn(2) == 0 {
				pre = spaces[rng.Intn(len(spaces))]
			}
			if rng.Intn(2) == 0 {
				post = spaces[rng.Intn(len(spaces))]
			}
			addJ(`"` + pre + s + post + `"`)
		}
		// bare JSON numbers
		n := strconv.FormatFloat(rng.NormFloat64()*1e3, 'g', -1, 64)
		if rng.Intn(3) == 0 {
			n = strconv.FormatInt(rng.Int63()>>uint(rng.Intn(63)), 10)
		}
		addJ(n)
	}

	fmt.Println("// GENERATED by test/oracle/k8s/quantity-vectors (real k8s.io/apimachinery resource.Quantity + go-spew).")
	fmt.Println("// Regenerate: cd test/oracle/k8s/quantity-vectors && QUANTITY_TEST_DIR=$(go list -m -f '{{.Dir}}' k8s.io/apimachinery)/pkg/api/resource go run . > ../../../../assembly/__tests__/generated/quantity-vectors.ts")
	fmt.Println("// Each entry: mode (p = ParseQuantity, j = json.Unmarshal into a Quantity field) TAB hex(input) TAB expected.")
	fmt.Println("export const QUANTITY_VECTORS: string[] = [")
	emit := func(mode, in, exp string) {
		line := mode + "\t" + hex.EncodeToString([]byte(in)) + "\t" + exp
		b, _ := json.Marshal(line)
		fmt.Printf("  %s,\n", b)
	}
	for _, s := range parse {
		emit("p", s, parseVec(s))
	}
	for _, s := range js {
		if !json.Valid([]byte(`{"q":` + s + `}`)) {
			continue
		}
		emit("j", s, jsonVec(s))
	}
	fmt.Println("];")
}
