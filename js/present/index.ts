// Presentation helpers shared by the CLI and the web page: workload kinds, verdicts in words, table rows.

export * from "./kinds.js";
export * from "./predownload.js";
export * from "./rows.js";
export * from "./summary.js";
export * from "./timeline.js";
export * from "./verdict.js";
export * from "./versions.js";
