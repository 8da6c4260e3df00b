// Command k8s-router is the k8s oracle's front: the core oracle (test/oracle/run.ts) routes every
// Kubernetes-object op here; the router picks the binary of the request's Kubernetes minor, Go release class
// and flavor, has test/oracle/k8s/build.ts build it on first use (lazily: only minors a run needs),
// keeps one process per binary and answers each line in order.
//
// Usage: k8s-router -node PATH -root PROJECT_DIR < requests.jsonl
// KINPLACE_K8S_FLAVOR=api answers with the fast api-only builds (except applyDefaults requests).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// table is what `build.ts --table` prints: the facts routing needs.
type table struct {
	Newest string `json:"newest"`
	Minors []struct {
		Minor     string `json:"minor"`
		ReleaseGo int    `json:"releaseGo"`
		MinGo     int    `json:"minGo"`
		HasKube   bool   `json:"hasKube"`
	} `json:"minors"`
	Classes []struct {
		Name string `json:"name"`
		From int    `json:"from"`
		To   int    `json:"to"`
	} `json:"classes"`
	Kruise struct {
		Minor     string `json:"minor"`
		ReleaseGo int    `json:"releaseGo"`
		MinGo     int    `json:"minGo"`
	} `json:"kruise"`
	KruiseKinds []string `json:"kruiseKinds"`
	// `kruise` values answered by another Kruise build (v1.5.5 .. v1.8.3), each at its own Go class
	KruiseReleases []struct {
		Kruise    string `json:"kruise"`
		Version   string `json:"version"`
		ReleaseGo int    `json:"releaseGo"`
		MinGo     int    `json:"minGo"`
	} `json:"kruiseReleases"`
}

var (
	nodePath = flag.String("node", "node", "node executable")
	rootDir  = flag.String("root", ".", "project root (where node_modules/tsx is)")
	tab      table
	workers  = map[string]*worker{}
	failures = map[string]string{}
)

func main() {
	flag.Parse()
	out, err := buildTS("--table")
	if err == nil {
		err = json.Unmarshal(out, &tab)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "k8s-router: cannot read the version table:", err)
		os.Exit(2)
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			line = line[:len(line)-1]
		} else if len(line) == 0 && err != nil {
			break
		}
		w.Write(answer(line))
		w.WriteByte('\n')
		if in.Buffered() == 0 {
			w.Flush()
		}
		if err != nil {
			break
		}
	}
	w.Flush()
	for _, wk := range workers {
		wk.closer.Close()
		wk.cmd.Wait()
	}
}

// buildTS runs test/oracle/k8s/build.ts with args; stdout is its answer, stderr passes through.
func buildTS(args ...string) ([]byte, error) {
	script := filepath.Join(*rootDir, "test", "oracle", "k8s", "build.ts")
	cmd := exec.Command(*nodePath, append([]string{"--import", "tsx", script}, args...)...)
	cmd.Dir = *rootDir
	cmd.Stderr = os.Stderr
	return cmd.Output()
}

// answer routes one line and returns the binary's answer (or the router's E_INTERNAL).
func answer(line []byte) []byte {
	var req map[string]json.RawMessage
	_ = json.Unmarshal(line, &req)
	key := route(req)
	if msg, failed := failures[key]; failed {
		return internalError(req, msg)
	}
	wk, ok := workers[key]
	if !ok {
		path, err := buildTS("--path", key)
		if err != nil {
			failures[key] = "k8s oracle build " + key + " failed (see stderr): " + err.Error()
			return internalError(req, failures[key])
		}
		wk, err = startWorker(strings.TrimSpace(string(path)))
		if err != nil {
			failures[key] = "k8s oracle " + key + ": " + err.Error()
			return internalError(req, failures[key])
		}
		workers[key] = wk
	}
	ans, err := wk.ask(line)
	if err != nil {
		failures[key] = "k8s oracle " + key + " died: " + err.Error()
		delete(workers, key)
		return internalError(req, failures[key])
	}
	return ans
}

func internalError(req map[string]json.RawMessage, msg string) []byte {
	m, _ := json.Marshal(msg)
	id := ""
	if raw, ok := req["id"]; ok {
		id = `"id":` + string(raw) + ","
	}
	return []byte(`{` + id + `"ok":false,"error":{"code":"E_INTERNAL","message":` + string(m) + `}}`)
}

// str returns a string member (nil-safe); ok is false when absent or not a string.
func str(req map[string]json.RawMessage, name string) (string, bool) {
	raw, present := req[name]
	if !present {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// goMinor parses "1.N" (no leading zeros), else -1.
func goMinor(s string) int {
	if !strings.HasPrefix(s, "1.") || len(s) < 3 || (s[2] == '0' && len(s) > 3) {
		return -1
	}
	n, err := strconv.Atoi(s[2:])
	if err != nil || n < 0 {
		return -1
	}
	return n
}

func classOf(n int) string {
	for _, c := range tab.Classes {
		if n >= c.From && n <= c.To {
			return c.Name
		}
	}
	return ""
}

// route picks the build key of a request. Requests the binaries reject (unsupported versions,
// bad fields) go to a binary that answers the error: the newest minor or the minor's default class.
func route(req map[string]json.RawMessage) string {
	op, _ := str(req, "op")
	versionField := "kubernetes"
	if op == "container.hash" || strings.HasPrefix(op, "kubelet.") {
		versionField = "kubelet"
	}
	// every op of the harness is routed by the same fields:
	// a Kruise `type`/`kind` goes to the Kruise build, a `go` field picks the Go class (an op that
	// takes no `go` rejects the field itself, whichever build answers)
	kind, _ := str(req, "type")
	if op == "revision" || op == "workload.validateUpdate" {
		kind, _ = str(req, "kind") // workload.validateUpdate: the OpenKruise kinds are answered by the Kruise builds
	}
	if strings.HasPrefix(op, "kruise.") {
		kind = tab.KruiseKinds[0] // the kruise.* in-place update ops run in the Kruise build
	}
	if op == "verdict" && kind == "" {
		kind = verdictObjectKind(req) // the workload kind comes from the old object
	}
	goNamed := -1
	if g, ok := str(req, "go"); ok {
		goNamed = goMinor(g)
	}
	for _, k := range tab.KruiseKinds {
		if kind == k {
			class := classOf(tab.Kruise.ReleaseGo)
			if goNamed >= tab.Kruise.MinGo && classOf(goNamed) != "" {
				class = classOf(goNamed)
			}
			if v, ok := str(req, "kruise"); ok {
				for _, r := range tab.KruiseReleases {
					if v == r.Kruise {
						class = classOf(r.ReleaseGo)
						if goNamed >= r.MinGo && classOf(goNamed) != "" {
							class = classOf(goNamed)
						}
						return "kruise-" + r.Version + "-" + class
					}
				}
			}
			return "kruise-" + class
		}
	}
	minor := tab.Newest
	if v, ok := str(req, versionField); ok {
		for _, m := range tab.Minors {
			if m.Minor == v {
				minor = v
			}
		}
	}
	var info = tab.Minors[len(tab.Minors)-1]
	for _, m := range tab.Minors {
		if m.Minor == minor {
			info = m
		}
	}
	class := classOf(info.ReleaseGo)
	if goNamed >= info.MinGo && classOf(goNamed) != "" {
		class = classOf(goNamed)
	}
	api := !info.HasKube || os.Getenv("KINPLACE_K8S_FLAVOR") == "api"
	if info.HasKube && string(req["applyDefaults"]) == "true" {
		api = false
	}
	if info.HasKube && strings.HasPrefix(op, "kubelet.") {
		api = false // kubelet prediction runs the real kubelet code (kube flavor only)
	}
	if info.HasKube && (op == "pod.validateUpdate" || op == "pod.validateResize" || op == "workload.validateUpdate") {
		api = false // pod and workload update validation (and the pod resize subresource) run k8s.io/kubernetes (kube flavor only)
	}
	if info.HasKube && op == "verdict" && string(req["applyDefaults"]) != "false" {
		api = false // the verdict defaults (and validates Pods) with k8s.io/kubernetes unless applyDefaults is false
	}
	if info.HasKube && op == "verdict" && kind == "Pod" {
		api = false
	}
	if api {
		return minor + "-" + class + "-api"
	}
	return minor + "-" + class
}

// worker is one running k8s-oracle binary.
type worker struct {
	cmd    *exec.Cmd
	stdin  *bufio.Writer
	closer interface{ Close() error }
	stdout *bufio.Reader
}

func startWorker(path string) (*worker, error) {
	cmd := exec.Command(path)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &worker{cmd: cmd, stdin: bufio.NewWriterSize(in, 1<<20), closer: in, stdout: bufio.NewReaderSize(out, 1<<20)}, nil
}

func (w *worker) ask(line []byte) ([]byte, error) {
	w.stdin.Write(line)
	w.stdin.WriteByte('\n')
	if err := w.stdin.Flush(); err != nil {
		return nil, err
	}
	ans, err := w.stdout.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	return ans[:len(ans)-1], nil
}

// verdictObjectKind names the kind of a verdict request's old object (Kruise's StatefulSet and
// DaemonSet by their request names), "" when it cannot tell.
func verdictObjectKind(req map[string]json.RawMessage) string {
	raw := []byte(req["old"])
	if text, ok := str(req, "oldText"); ok {
		raw = []byte(text)
	}
	var tm struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if json.Unmarshal(raw, &tm) != nil {
		return ""
	}
	if strings.HasPrefix(tm.APIVersion, "apps.kruise.io/") && (tm.Kind == "StatefulSet" || tm.Kind == "DaemonSet") {
		return "Advanced" + tm.Kind
	}
	return tm.Kind
}
