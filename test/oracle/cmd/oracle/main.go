// Command oracle speaks kinplace's eval protocol (JSON Lines in, one answer
// line per input line) with Go's own encoding/json, hash/fnv and the upstream
// libraries, so the engine can be compared with the real thing byte for byte.
//
// Usage: oracle [-accept A-B] [-serves C-D] < requests.jsonl
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"kinplace.local/oracle/eval"
	_ "kinplace.local/oracle/ops"
)

func main() {
	accept := flag.String("accept", "", "range of Go minors the protocol accepts, e.g. 13-27 (the last is the default)")
	serves := flag.String("serves", "", "range of Go minors this build answers for, e.g. 22-26")
	flag.Parse()
	if *accept != "" && !eval.ParseRange(*accept, &eval.Accepted) {
		fmt.Fprintln(os.Stderr, "oracle: bad -accept value", *accept)
		os.Exit(2)
	}
	eval.Serves = eval.Accepted
	if *serves != "" && !eval.ParseRange(*serves, &eval.Serves) {
		fmt.Fprintln(os.Stderr, "oracle: bad -serves value", *serves)
		os.Exit(2)
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
		// The same line rules as `kinplace eval`: a trailing CR is dropped and
		// lines holding only spaces, tabs or CRs get no answer.
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

// blank reports whether a line holds nothing but spaces, tabs and CRs.
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
