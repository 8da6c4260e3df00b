// Loads the freshly built engine (build/kinplace.wasm, or the file KINPLACE_WASM names) once for the node tests.

import { readFileSync } from "node:fs";
import * as kinplace from "../../js/node.ts";

kinplace.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../../build/kinplace.wasm", import.meta.url)));

export { kinplace };
