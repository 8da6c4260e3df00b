// The package version, injected by scripts/build.mjs from package.json.

declare const __KINPLACE_VERSION__: string | undefined;

/** The kinplace version this CLI was built as ("0.0.0-dev" when run from source). */
export const version: string = typeof __KINPLACE_VERSION__ === "string" ? __KINPLACE_VERSION__ : "0.0.0-dev";
