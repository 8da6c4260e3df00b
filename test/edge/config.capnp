# workerd configuration for test/edge.test.ts: one worker (worker.mjs) with the edge entry of kinplace and
# its precompiled wasm module. The test overrides the socket address: --socket-addr http=127.0.0.1:PORT.
# Paths are relative to this file; `npm run build` must have produced dist/.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .kinplaceWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);

const kinplaceWorker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "kinplace.mjs", esModule = embed "../../dist/edge.mjs"),
    (name = "kinplace-inline.mjs", esModule = embed "../../dist/inline.mjs"),
    (name = "kinplace.wasm", wasm = embed "../../dist/kinplace.wasm"),
  ],
  compatibilityDate = "2025-01-01",
);
