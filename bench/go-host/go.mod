// The Go host's peer in the benchmark (bench/cases/go-host.ts builds and drives it); the module it times is ../../go.
module kinplace.local/bench-go-host

go 1.24.0

require github.com/kinplace/kinplace/go v0.0.0

require (
	github.com/tetratelabs/wazero v1.11.0 // indirect
	golang.org/x/sys v0.38.0 // indirect
)

replace github.com/kinplace/kinplace/go => ../../go
