// Command gen-number-vectors prints number-conversion test vectors computed by Go's strconv and
// encoding/json, one JSON object per line; tools/gen-number-vectors/generate.mjs adds the ECMAScript
// columns and writes assembly/__tests__/generated/number-vectors.ts.
//
// Usage (from the repository root): node tools/gen-number-vectors/generate.mjs
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"strings"
)

var out = bufio.NewWriter(os.Stdout)

func emit(v map[string]any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	out.Write(b)
	out.WriteByte('\n')
}

// f64 records json.Marshal(f) and strconv.FormatFloat(f, 'g', -1, 64).
func f64(f float64) {
	b, err := json.Marshal(f)
	if err != nil {
		panic(err)
	}
	emit(map[string]any{"k": "f64", "bits": fmt.Sprintf("%016x", math.Float64bits(f)), "json": string(b),
		"g": strconv.FormatFloat(f, 'g', -1, 64)})
}

// f32 records strconv.FormatFloat(f, 'g', -1, 32). Float32 2^-12 is left to the hand-written specs:
// it is the one float32 whose text differs between Go releases (1.26 rounds its tie up).
func f32(f float32) {
	if math.Float32bits(f)&0x7fffffff == 0x39800000 {
		return
	}
	emit(map[string]any{"k": "f32", "bits": fmt.Sprintf("%08x", math.Float32bits(f)),
		"g": strconv.FormatFloat(float64(f), 'g', -1, 32)})
}

// parse records strconv.ParseFloat(s, 64) and whether it returned ErrRange.
func parse(s string) {
	f, err := strconv.ParseFloat(s, 64)
	rangeErr := false
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			rangeErr = true
		} else {
			panic(s)
		}
	}
	emit(map[string]any{"k": "parse", "text": s, "bits": fmt.Sprintf("%016x", math.Float64bits(f)), "range": rangeErr})
}

func digits(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.Intn(10))
	}
	if b[0] == '0' {
		b[0] = byte('1' + r.Intn(9))
	}
	return string(b)
}

// number writes the significant digits ds with the decimal point after `point` digits (may be <= 0 or
// beyond len) and exponent e, in JSON syntax.
func number(neg bool, ds string, point int, e int, expChar string) string {
	var sb strings.Builder
	if neg {
		sb.WriteByte('-')
	}
	switch {
	case point <= 0:
		sb.WriteString("0.")
		sb.WriteString(strings.Repeat("0", -point))
		sb.WriteString(ds)
	case point >= len(ds):
		sb.WriteString(ds)
		sb.WriteString(strings.Repeat("0", point-len(ds)))
	default:
		sb.WriteString(ds[:point])
		sb.WriteByte('.')
		sb.WriteString(ds[point:])
	}
	if e != 0 || expChar != "e" {
		sb.WriteString(strings.TrimSuffix(expChar, "+"))
		if e >= 0 && strings.HasSuffix(expChar, "+") {
			sb.WriteByte('+')
		}
		sb.WriteString(strconv.Itoa(e))
	}
	return sb.String()
}

// exact returns the exact significant digits and decimal point position of x > 0 (x = 0.D * 10^dp).
func exact(x *big.Float) (string, int) {
	s := x.Text('e', 1100)
	m, es, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(es)
	return strings.TrimRight(strings.Replace(m, ".", "", 1), "0"), e + 1
}

// midpoint returns the exact halfway point between f > 0 and its successor.
func midpoint(f float64) (string, int) {
	a := new(big.Float).SetPrec(2000).SetFloat64(f)
	b := new(big.Float).SetPrec(2000).SetFloat64(math.Nextafter(f, math.Inf(1)))
	a.Add(a, b)
	a.Quo(a, big.NewFloat(2))
	return exact(a)
}

func randFloat(r *rand.Rand) float64 {
	for {
		var f float64
		switch r.Intn(7) {
		case 0, 1:
			f = math.Float64frombits(r.Uint64() &^ (1 << 63))
		case 2, 3:
			f, _ = strconv.ParseFloat(digits(r, 1+r.Intn(17))+"e"+strconv.Itoa(r.Intn(50)-25), 64)
		case 4:
			f = float64(r.Int63n(1 << uint(1+r.Intn(62))))
		case 5:
			f = math.Float64frombits(uint64(r.Int63n(1 << uint(1+r.Intn(52)))))
		case 6:
			f = float64(r.Int63n(1<<20)) / float64(uint64(1)<<uint(r.Intn(40)))
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) {
			if r.Intn(2) == 0 {
				f = -f
			}
			return f
		}
	}
}

func main() {
	defer out.Flush()
	r := rand.New(rand.NewSource(20240611))

	// --- float64 formatting
	hard := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.5, 100, 123456, 1234567, 1e6, 1e15,
		1e16, 1e17, 1e20, 1e21, 1e22, 1e23, 9.999999999999999e20, 1e-6, 1e-7, 9.99999999999e-7, 5e-7, 1.2345e-7,
		0.000001, 0.0000012, 123456789012345678901234567890.0, 9007199254740991, 9007199254740992, 9007199254740994,
		18014398509481984, 5e-324, 1e-323, 2.2250738585072014e-308, 2.225073858507201e-308, math.MaxFloat64,
		-math.MaxFloat64, 1e300, 1.7976931348623157e308, 4.35, 0.3e-100, 1e-100, 1e100, 8.41e21, 2.5e-5, 123e-20,
		math.Pi, math.E, 1 / 3.0, 2 / 3.0, 1e-10, 1e-5, 0.00001, 12345678.9, 0.999999, 1.0000000000000002,
		0.9999999999999999, 4503599627370496.5, 4503599627370497, 2.9802322387695312e-8, 7.450580596923828e-9}
	for e := -1074; e <= 1023; e += 7 {
		hard = append(hard, math.Ldexp(1, e))
	}
	for e := -323; e <= 308; e += 3 {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		hard = append(hard, f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1)))
	}
	for _, f := range hard {
		f64(f)
	}
	for i := 0; i < 2500; i++ {
		f64(randFloat(r))
	}

	// --- float32 formatting
	for e := -149; e <= 127; e += 2 {
		b := math.Float32bits(float32(math.Ldexp(1, e)))
		f32(math.Float32frombits(b))
		f32(math.Float32frombits(b + 1))
		if b > 1 {
			f32(math.Float32frombits(b - 1))
		}
	}
	for _, f := range []float32{0, float32(math.Copysign(0, -1)), 0.1, 1.1, 3.4028235e38, 1e-45, 1.1754944e-38, 16777216,
		16777217, 1e6, 123456, 1234567, 0.0001, 0.00001, 100000, 1e10, -2.5} {
		f32(f)
	}
	for i := 0; i < 1200; i++ {
		var f float32
		if i%3 == 0 {
			x, _ := strconv.ParseFloat(digits(r, 1+r.Intn(9))+"e"+strconv.Itoa(r.Intn(80)-45), 32)
			f = float32(x)
		} else {
			f = math.Float32frombits(r.Uint32() & 0x7f7fffff)
		}
		if r.Intn(2) == 0 {
			f = -f
		}
		f32(f)
	}

	// --- parsing
	for _, s := range []string{"0", "-0", "0e5", "-0.0e-5", "0.000", "1E+2", "1e+2", "1E2", "1e-2", "-1",
		"9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
		"9007199254740993.0000000000000000000000000001", "9007199254740992.9999999999999999999999999",
		"5e-324", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "3e-324", "7.4e-324", "7.5e-324",
		"2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201e-308",
		"1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308",
		"1.79769313486231580793728971405301e308", "1.797693134862315807937289714053e308",
		"0.1", "0.2", "0.3", "0.30000000000000004", "1e21", "1e-7", "1e23", "8.41e21",
		"123456789012345678901234567890", "12345678901234567890", "1234567890123456789", "123456789012345678",
		"1e999999", "-1e999999", "1e-999999", "-1e-999999", "1e400", "1e-400", "-1e-400", "1e309", "1e308", "1e-323",
		"1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203124",
		"1.00000000000000011102230246251565404236316680908203126", "0.500000000000000166533453693773481063544750213623046875",
		"3.518437208883201171875e13", "62.5364939768271845828", "8.10109172351e-10", "1448997445238699",
		"7.2057594037927933e16", "1e22", "1e23", "9e22", "4.35", "100000000000000000000000", "0.000001", "1e-6",
		"22250738585072011e-324", "2.2250738585072011e-308", "1.5e308", "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"} {
		parse(s)
	}
	// Go's reading of pathological texts (exponent saturation, over-800-digit integer parts).
	parse("1" + strings.Repeat("0", 799) + "e-799")
	parse("1" + strings.Repeat("0", 800) + "e-800")
	parse("1" + strings.Repeat("0", 800) + ".5e-800")
	parse("1" + strings.Repeat("0", 1000) + "e-500")
	parse("1" + strings.Repeat("0", 1000) + "1e-500")
	parse("9007199254740993" + strings.Repeat("0", 784) + "e-784")
	parse("9007199254740993" + strings.Repeat("0", 785) + "e-785")
	parse("9007199254740993" + strings.Repeat("0", 900) + "e-900")
	parse("9007199254740993" + strings.Repeat("0", 900) + "1e-901")
	parse("0." + strings.Repeat("0", 9990) + "1e10000")
	parse("0." + strings.Repeat("0", 9990) + "1e9999")
	parse("0." + strings.Repeat("0", 20000) + "1e20005")
	parse("1e0000000000000000000000000001")
	parse("1e-0000000000000000000000000400")
	parse("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000001e88")
	// exact halfway points at the bottom of the subnormals (2^-1075 and 3 * 2^-1075) and neighbours
	dm, dpm := midpoint(0)
	d, dp := midpoint(5e-324)
	parse(number(false, dm, dpm, 0, "e"))
	parse(number(false, dm, 1, dpm-1, "e"))
	parse(number(false, dm+"1", 1, dpm-1, "e"))
	parse(number(false, dm[:len(dm)-1], 1, dpm-1, "e"))
	parse(number(false, d, 1, dp-1, "e"))
	// random texts
	for i := 0; i < 1500; i++ {
		n := 1 + r.Intn(25)
		if r.Intn(12) == 0 {
			n = 1 + r.Intn(1000)
		}
		ds := digits(r, n)
		e := 0
		switch r.Intn(4) {
		case 0:
			e = r.Intn(60) - 30
		case 1:
			e = r.Intn(700) - 350
		}
		ec := []string{"e", "E", "e+", "E+"}[r.Intn(4)]
		parse(number(r.Intn(2) == 0, ds, r.Intn(n+6)-3, e, ec))
	}
	// near halfway points
	for i := 0; i < 900; i++ {
		f := math.Abs(randFloat(r))
		if f == 0 || f == math.MaxFloat64 {
			continue
		}
		ds, dp := midpoint(f)
		neg := r.Intn(2) == 0
		point := 1 + r.Intn(len(ds))
		switch r.Intn(5) {
		case 0:
		case 1:
			ds += strings.Repeat("0", r.Intn(40)) + "1"
		case 2:
			if len(ds) > 1 {
				ds = ds[:1+r.Intn(len(ds)-1)]
			}
		case 3:
			ds += strings.Repeat("0", r.Intn(900))
		case 4:
			b := []byte(ds)
			j := len(b) - 1
			for j >= 0 && b[j] == '0' {
				b[j] = '9'
				j--
			}
			b[j]--
			ds = strings.TrimLeft(string(b)+strings.Repeat("9", r.Intn(30)), "0")
			if ds == "" {
				continue
			}
		}
		parse(number(neg, ds, point, dp-point, "e"))
	}
}
