package kinplace_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	kinplace "github.com/kinplace/kinplace/go"
)

// Example: one Engine per process, shared by every goroutine; typed helpers, the raw protocol and a typed error.
func Example() {
	ctx := context.Background()
	engine, err := kinplace.New(kinplace.Options{}) // a pool of GOMAXPROCS instances
	if err != nil {
		panic(err)
	}
	defer engine.Close()

	// the kubelet's container hash (io.kubernetes.container.hash) of a container as the API server stores it
	hash, err := engine.ContainerHash(ctx, kinplace.ContainerHashRequest{
		Container: map[string]any{"name": "app", "image": "nginx:1.25"},
		Kubelet:   "1.30",
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("hash:", hash.Hash, hash.Era)

	// what an update does to a running pod: objects in as JSON (a *corev1.Pod works too)
	pod := func(image string) json.RawMessage {
		return json.RawMessage(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"default","resourceVersion":"1"},
			"spec":{"containers":[{"name":"app","image":"` + image + `"},{"name":"log","image":"fluent-bit:3.0"}]}}`)
	}
	v, err := engine.Verdict(ctx, kinplace.VerdictRequest{Old: pod("nginx:1.25"), New: pod("nginx:1.26"), Kubernetes: "1.30"})
	if err != nil {
		panic(err)
	}
	fmt.Println("verdict:", v.Verdict, v.Containers)

	// the eval protocol itself: one request line in, one answer line out
	answer, err := engine.Eval(ctx, []byte(`{"op":"kruise.partition","partition":"50%","replicas":5}`))
	if err != nil {
		panic(err)
	}
	fmt.Println("answer:", string(answer))

	// failures are *kinplace.Error with a stable code
	_, err = engine.ContainerHash(ctx, kinplace.ContainerHashRequest{Container: map[string]any{"name": "app"}, Kubelet: "1.99"})
	var kerr *kinplace.Error
	if errors.As(err, &kerr) {
		fmt.Println("error:", kerr.Code, kerr.Path)
	}
	// Output:
	// hash: 809b3ff5 json
	// verdict: in-place [{app restart false} {log keep false}]
	// answer: {"ok":true,"result":{"value":3}}
	// error: E_UNSUPPORTED_VERSION kubelet
}
