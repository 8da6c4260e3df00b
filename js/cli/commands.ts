// The CLI's command table. A new command (check, hash, diff, plan) is one file in js/cli/ plus one line here.

import type { Command } from "./command.js";
import { evalCommand } from "./eval.js";

/** Every command, in the order `kinplace --help` lists them. */
export const commands: readonly Command[] = [evalCommand];
