import { readFileSync } from "node:fs";
import * as kinplace from "../../js/node.ts";
kinplace.initSync(readFileSync("/tmp/kpb/new.wasm"));
export { kinplace };
