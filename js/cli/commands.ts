// The CLI's command table. A new command (check, hash, diff, plan, ...) is one file in js/cli/ plus one line here.

import type { Command } from "./command.js";
import { checkCommand } from "./check.js";
import { completionCommand } from "./completion.js";
import { diffCommand } from "./diff.js";
import { evalCommand } from "./eval.js";
import { hashCommand } from "./hash.js";
import { kubectlDiffCommand } from "./kubectl-diff.js";
import { planCommand } from "./plan.js";
import { webhookCommand } from "./webhook.js";

/** Every command, in the order `kinplace --help` lists them. */
export const commands: readonly Command[] = [
  checkCommand, diffCommand, hashCommand, planCommand, evalCommand, webhookCommand, kubectlDiffCommand, completionCommand(() => commands),
];
