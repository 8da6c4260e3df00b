// Command gen-sort-vectors prints what this Go release's sort.Sort, sort.SliceStable and append growth
// do, for the cases on stdin (one JSON object per line: {"keys":[...], "order":[...]}), as JSON lines:
// {"sort":[...], "stable":[...]} per case, then {"caps":[...]} (capacity of a []interface{} after
// appending 1..N elements one by one) and {"batch":[...]} (capacity after append(make(0, c), make(n)...)).
// Run by generate.mjs with several toolchains; see there.
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"sort"
)

type input struct {
	Keys  []int `json:"keys"`
	Order []int `json:"order"`
}

// byKey is sort.Sort over keys with strategicpatch's Less (a <= b).
type byKey struct{ keys, idx []int }

func (s byKey) Len() int           { return len(s.keys) }
func (s byKey) Less(i, j int) bool { return s.keys[i] <= s.keys[j] }
func (s byKey) Swap(i, j int) {
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
	s.idx[i], s.idx[j] = s.idx[j], s.idx[i]
}

func index(order []int, v int) int {
	for i, x := range order {
		if x == v {
			return i
		}
	}
	return -1
}

// sink makes the appended slices escape to the heap, as every slice strategicpatch grows does (a
// non-escaping one may start in a stack buffer in newer Go releases, with other capacities).
var sink []interface{}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var c input
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			panic(err)
		}
		keys := append([]int(nil), c.Keys...)
		idx := make([]int, len(keys))
		for i := range idx {
			idx[i] = i
		}
		sort.Sort(byKey{keys, idx})
		// normalizeSliceOrder's less: positions in `order`, true when either is missing
		xs := make([]int, len(c.Keys))
		pos := make([]int, len(c.Keys))
		for i := range xs {
			xs[i] = c.Keys[i]
			pos[i] = i
		}
		type pair struct{ x, p int }
		ps := make([]pair, len(xs))
		for i := range ps {
			ps[i] = pair{xs[i], pos[i]}
		}
		sort.SliceStable(ps, func(i, j int) bool {
			if ii := index(c.Order, ps[i].x); ii >= 0 {
				if ij := index(c.Order, ps[j].x); ij >= 0 {
					return ii < ij
				}
			}
			return true
		})
		stable := make([]int, len(ps))
		for i := range ps {
			stable[i] = ps[i].p
		}
		out.Encode(map[string][]int{"sort": idx, "stable": stable})
	}
	var s []interface{}
	caps := []int{}
	for n := 1; n <= 3000; n++ {
		s = append(s, nil)
		sink = s
		caps = append(caps, cap(s))
	}
	out.Encode(map[string][]int{"caps": caps})
	batch := []int{}
	for _, c := range []int{0, 1, 2, 3, 4, 5, 8, 13, 31, 32, 33, 64, 100, 255, 256, 257, 511, 512, 1000, 1023, 1024, 1500} {
		for _, n := range []int{1, 2, 3, 5, 7, 9, 16, 17, 33, 100, 300, 1000} {
			a := make([]interface{}, c, c)
			sink = a
			b := append(a, make([]interface{}, n)...)
			sink = b
			batch = append(batch, c, n, cap(b))
		}
	}
	out.Encode(map[string][]int{"batch": batch})
}
