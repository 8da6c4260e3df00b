package kinplace_test

// The repository's golden vectors (../test/vectors/*.jsonl and *.jsonl.gz) through the Go host and through the
// Node CLI (`node ../dist/cli/kinplace.mjs eval`, one process for all lines): every answer must be the same bytes.
// The JS suite checks Node's answers against the vectors' expected answers (test/vectors*.test.ts and the
// replaying suites, with their comparators for Go's random orders), so equal bytes carry that over to Go.
// Outside a checkout with node and dist/ the test skips, unless KINPLACE_GO_VECTORS=require (scripts/go-test.sh).

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	kinplace "github.com/kinplace/kinplace/go"
)

// vectorLine is one request line of a vector file.
type vectorLine struct {
	file string
	line []byte
}

// requestBytes is a vector's request as its exact bytes: a string is its text, {"base64"} its bytes, any other
// object its compact JSON text.
func requestBytes(raw json.RawMessage) ([]byte, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return []byte(s), nil
	}
	var b struct {
		Base64 *string `json:"base64"`
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(raw, &keys) == nil && len(keys) == 1 && json.Unmarshal(raw, &b) == nil && b.Base64 != nil {
		return base64.StdEncoding.DecodeString(*b.Base64)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, raw); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// loadVectors reads every request line of every vector file in dir.
func loadVectors(t *testing.T, dir string) ([]vectorLine, []string) {
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl*"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	var lines []vectorLine
	var files []string
	for _, path := range names {
		if !strings.HasSuffix(path, ".jsonl") && !strings.HasSuffix(path, ".jsonl.gz") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(path, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		name := filepath.Base(path)
		files = append(files, name)
		n := 0
		for i, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			var v struct {
				Request json.RawMessage `json:"request"`
			}
			if err := json.Unmarshal(l, &v); err != nil || v.Request == nil {
				t.Fatalf("%s:%d: not a vector line: %v", name, i+1, err)
			}
			req, err := requestBytes(v.Request)
			if err != nil {
				t.Fatalf("%s:%d: request: %v", name, i+1, err)
			}
			// the CLI splits on "\n", drops a trailing "\r" and skips blank lines: such a request cannot go through it
			if bytes.IndexByte(req, '\n') >= 0 || bytes.HasSuffix(req, []byte("\r")) || len(bytes.TrimSpace(req)) == 0 {
				t.Fatalf("%s:%d: the request cannot be one line of `kinplace eval`", name, i+1)
			}
			lines = append(lines, vectorLine{name, req})
			n++
		}
		if n == 0 {
			t.Fatalf("%s holds no vectors", name)
		}
	}
	return lines, files
}

// cliAnswer is what `kinplace eval` writes for a line: the answer, or for a trap its error answer (js/cli/eval.ts).
func cliAnswer(answer []byte, err error) []byte {
	if err == nil {
		return answer
	}
	var ke *kinplace.Error
	if !errorsAs(err, &ke) {
		ke = &kinplace.Error{Code: kinplace.CodeInternal, Message: err.Error()}
	}
	b, _ := json.Marshal(map[string]any{"ok": false, "error": map[string]string{"code": ke.Code, "message": ke.Message}})
	return b
}

func TestVectorsSameBytesAsNode(t *testing.T) {
	require := os.Getenv("KINPLACE_GO_VECTORS") == "require"
	missing := func(what string) {
		if require {
			t.Fatalf("KINPLACE_GO_VECTORS=require but %s", what)
		}
		t.Skipf("%s (a checkout with node and dist/ runs this test)", what)
	}
	root, _ := filepath.Abs("..")
	dir := filepath.Join(root, "test", "vectors")
	cli := filepath.Join(root, "dist", "cli", "kinplace.mjs")
	if _, err := os.Stat(dir); err != nil {
		missing("no ../test/vectors")
	}
	if _, err := os.Stat(cli); err != nil {
		missing("no ../dist/cli/kinplace.mjs (npm run build:js)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("no node on PATH")
	}
	lines, files := loadVectors(t, dir)

	// Node: one process answering every line, run while Go answers the same lines
	input := filepath.Join(t.TempDir(), "requests.jsonl")
	var all bytes.Buffer
	for _, l := range lines {
		all.Write(l.line)
		all.WriteByte('\n')
	}
	if err := os.WriteFile(input, all.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, cli, "eval", input)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var nodeSums [][32]byte
	var readErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		r := bufio.NewReaderSize(stdout, 1<<20)
		for {
			l, err := r.ReadBytes('\n')
			if len(l) > 0 {
				nodeSums = append(nodeSums, sha256.Sum256(bytes.TrimSuffix(l, []byte("\n"))))
			}
			if err != nil {
				if err != io.EOF {
					readErr = err
				}
				return
			}
		}
	}()

	// Go: the pool answers the lines from GOMAXPROCS goroutines
	e, err := kinplace.New(kinplace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	goSums := make([][32]byte, len(lines))
	var wg sync.WaitGroup
	next := make(chan int, 1024)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				goSums[i] = sha256.Sum256(cliAnswer(e.Eval(context.Background(), lines[i].line)))
			}
		}()
	}
	for i := range lines {
		next <- i
	}
	close(next)
	wg.Wait()
	<-done
	if err := cmd.Wait(); err != nil || readErr != nil {
		t.Fatalf("node eval: %v %v\n%s", err, readErr, stderr.String())
	}
	if len(nodeSums) != len(lines) {
		t.Fatalf("node answered %d lines of %d", len(nodeSums), len(lines))
	}
	perFile := map[string][2]int{}
	var first []string
	for i, l := range lines {
		c := perFile[l.file]
		c[0]++
		if goSums[i] != nodeSums[i] {
			c[1]++
			if len(first) < 5 {
				got := cliAnswer(e.Eval(context.Background(), l.line))
				first = append(first, fmt.Sprintf("%s: %.300s\n  go: %.300s", l.file, l.line, got))
			}
		}
		perFile[l.file] = c
	}
	bad := 0
	for _, f := range files {
		c := perFile[f]
		t.Logf("%-36s %6d lines, %d differ", f, c[0], c[1])
		bad += c[1]
	}
	if bad > 0 {
		t.Fatalf("%d of %d answers differ from Node's; first ones:\n%s", bad, len(lines), strings.Join(first, "\n"))
	}
	t.Logf("%d files, %d request lines: the Go host's answers are Node's, byte for byte", len(files), len(lines))
}
