// Times one rfc6902 createPatch of two JSON texts in a worker thread, so that the benchmark can give up on it after a
// time limit (its array diff grows with the square of the array lengths): posts the milliseconds of the call.

import { parentPort, workerData } from "node:worker_threads";
import * as rfc6902 from "rfc6902";

const { fromText, toText } = workerData;
const a = JSON.parse(fromText);
const b = JSON.parse(toText);
const t0 = performance.now();
rfc6902.createPatch(a, b);
parentPort.postMessage(performance.now() - t0);
