// node:fs for the Node CommonJS entry (scripts/build.mjs puts it in place of node-fs.ts): require() is cheap there.

import * as fs from "node:fs";

export { fs };
