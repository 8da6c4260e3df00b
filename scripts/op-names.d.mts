// Types of op-names.mjs (imported by the tests).

/** The op names registered in the engine's sources under `root` (the repository), in the order runOp tries them. */
export declare function opNames(root: string): string[];
