#!/usr/bin/env bash
# The Go module (go/): go vet, the whole test suite (the golden vectors through the Go host and through the Node
# CLI, byte for byte: needs dist/, so run after `npm run build`), the pool and cancellation tests under -race, and a
# short run of each fuzz target. Also vets the Go host's benchmark program (bench/go-host/).
# The fuzz runs are counts of inputs (about 10 s each here), not durations: a duration -fuzztime can fail with a bare
# "context deadline exceeded" on a loaded machine (a race in Go's fuzz coordinator, golang/go#75804, fixed in Go 1.27).
# KINPLACE_GO_FUZZTIME, when set, is every target's -fuzztime instead.
set -euo pipefail
cd "$(dirname "$0")/.."
(cd go && go vet ./...)
(cd bench/go-host && go vet ./...)
(cd go && KINPLACE_GO_VECTORS=require go test -count=1 ./...)
(cd go && go test -count=1 -race -run 'Pool|Cancel|Closed|Trap|MemoryBound' ./...)
for target in FuzzEval:100000x FuzzTypedText:20000x; do
  (cd go && go test -run '^$' -fuzz "^${target%%:*}\$" -fuzztime "${KINPLACE_GO_FUZZTIME:-${target#*:}}" .)
done
