// Command oracle-rollout speaks kinplace's eval protocol for the rollout
// arithmetic helpers that upstream exports: the three IntOrString
// scaling functions (k8s.io/apimachinery intstr GetScaledValueFromIntOrPercent
// and GetValueFromIntOrPercent, OpenKruise util.GetScaledValueFromIntOrPercent)
// and OpenKruise util.CalculatePartitionReplicas, each called for real.
//
// It is its own module because OpenKruise v1.9.0 needs Go 1.23 and the
// Kubernetes 1.32 module graph, which the main oracle module (also built by
// Go 1.14 and 1.21 toolchains) cannot carry. The protocol plumbing is the
// main oracle's eval package (replace directive in go.mod).
//
// Usage: oracle-rollout < requests.jsonl
package main

import (
	"bufio"
	"os"

	"kinplace.local/oracle/eval"
)

func main() {
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
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if !blank(line) {
			answer = eval.Answer(answer[:0], line)
			answer = append(answer, '\n')
			out.Write(answer)
		}
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

// blank reports whether a line holds nothing but spaces, tabs and CRs (no answer, as in `kinplace eval`).
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
