// Loads the freshly built engine (build/kinplace.wasm) once for the node tests.

import { readFileSync } from "node:fs";
import * as kinplace from "../../js/node.ts";

kinplace.initSync(readFileSync(new URL("../../build/kinplace.wasm", import.meta.url)));

export { kinplace };
