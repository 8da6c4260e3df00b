// The package's declared surface (dist/types/index.d.ts): the API plus init()/initSync(). The node,
// browser and inline bundles all implement this same surface (each checks it with `satisfies Loader`).

export * from "./node.js";
