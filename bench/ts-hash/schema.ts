// The Go type schema the TypeScript reference hashes walk: v1.PodTemplateSpec and every type it reaches
// at Kubernetes 1.30 (k8s.io/api v0.30.14), reflected by test/oracle/cmd/benchpeer (`benchpeer -schema >
// bench/ts-hash/schema-1.30.json`): kind, element / key type, and struct fields in declaration order
// with their JSON names, omitempty and embedding.

import { readFileSync } from "node:fs";

/** One struct field. */
export interface GoField { name: string; json: string; omitempty?: boolean; embedded?: boolean; type: string }
/** One Go type by its reflect String() (which is also go-spew's type name). */
export interface GoType { kind: string; elem?: string; key?: string; fields?: GoField[] }

/** The schema of Kubernetes 1.30's v1.PodTemplateSpec closure. */
export const schema: Record<string, GoType> = JSON.parse(readFileSync(new URL("./schema-1.30.json", import.meta.url), "utf8"));
