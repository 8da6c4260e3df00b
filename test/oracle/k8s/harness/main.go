// Command k8s-oracle answers kinplace's Kubernetes eval ops with the
// real upstream Go code of ONE Kubernetes minor, built by one Go toolchain.
// test/oracle/k8s/build.ts generates a module per minor around these sources
// and stamps the build facts below with -ldflags -X; router.ts picks the
// binary for a request by its kubernetes/kubelet minor and Go release class.
//
// Usage: k8s-oracle [-info] < requests.jsonl
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
)

// Build facts, stamped by build.ts (-ldflags -X main.name=value).
var (
	buildMinor      = "?"  // Kubernetes minor of the upstream modules, "1.N"
	buildPatch      = "?"  // exact upstream release used, "1.N.P"
	newestMinor     = "?"  // the newest supported minor (requests without kubernetes/kubelet mean it)
	supportedMinors = ""   // comma-separated list of every supported minor
	defaultGo       = "?"  // default Go release of this minor, "1.N"
	minGo           = "12" // oldest Go minor able to build this Kubernetes minor (its go.mod)
	servesGo        = ""   // Go minors this binary answers for, "A-B"
	kruiseVersion   = ""   // non-empty in the OpenKruise build
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-info" {
		fmt.Printf("k8s %s (%s) go=%s serves go %s default go %s min go 1.%s kruise=%q newest=%s features=%v\n",
			buildMinor, buildPatch, runtime.Version(), servesGo, defaultGo, minGo, kruiseVersion, newestMinor, features)
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	var answer []byte
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			line = line[:len(line)-1]
		} else if len(line) == 0 && err != nil {
			break
		}
		answer = answerLine(answer[:0], line)
		answer = append(answer, '\n')
		out.Write(answer)
		if in.Buffered() == 0 {
			out.Flush()
		}
		if err != nil {
			break
		}
	}
	if err := out.Flush(); err != nil {
		os.Exit(1)
	}
}

// features lists the build tags this binary was compiled with (for -info).
var features []string

// answerLine evaluates one request line; a panic in upstream code becomes E_INTERNAL.
func answerLine(dst, line []byte) (out []byte) {
	req, perr := parseRequest(line)
	if perr != nil {
		var id []byte
		if req != nil {
			id = req.ID
		}
		return appendErr(dst, id, perr)
	}
	defer func() {
		if r := recover(); r != nil {
			out = appendErr(dst, req.ID, plainErr(codeInternal, fmt.Sprint("panic: ", r)))
		}
	}()
	res, perr := dispatch(req)
	if perr != nil {
		return appendErr(dst, req.ID, perr)
	}
	return appendOK(dst, req.ID, res)
}
