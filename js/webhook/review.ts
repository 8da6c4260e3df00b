// AdmissionReview v1 (admission.k8s.io/v1) as a validating webhook reads and answers it: the request's
// identity and objects in, `{apiVersion, kind, response: {uid, allowed, status?, warnings?}}` out.

import { memberSpans, withoutMember } from "./spans.js";

/** A body that is not an AdmissionReview the webhook can answer: HTTP status and message. */
export class ReviewError extends Error {
  /** The HTTP status to answer with (400 malformed, 413 too large, 415 not JSON). */
  readonly status: number;
  /** A code for logs and metrics (`malformed`, `too-large`, `media-type`, `version`, `aborted`). */
  readonly code: string;
  /** Creates the error. */
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ReviewError";
    this.status = status;
    this.code = code;
  }
}

/** Group, version and kind of a request (`request.kind`). */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** The parts of an AdmissionReview request the webhook uses. */
export interface Review {
  /** The apiVersion the review was sent with (answered with the same). */
  apiVersion: string;
  uid: string;
  kind: GroupVersionKind;
  /** `request.resource.resource` ("deployments"). */
  resource: string;
  subResource: string;
  operation: string;
  namespace: string;
  name: string;
  dryRun: boolean;
  /** `request.userInfo.username`. */
  user: string;
  /** The new and old objects as the API server wrote them (undefined when absent or null). */
  object?: Uint8Array;
  oldObject?: Uint8Array;
  /** The same objects parsed (for the sentence's names and counts only; the engine reads the bytes). */
  objectValue?: unknown;
  oldObjectValue?: unknown;
}

/** A plain JSON object, or undefined. */
function obj(x: unknown): { [key: string]: unknown } | undefined {
  return typeof x === "object" && x !== null && !Array.isArray(x) ? (x as { [key: string]: unknown }) : undefined;
}

/** The string member `key` of `o`, "" when absent; a ReviewError when present with another type. */
function text(o: { [key: string]: unknown } | undefined, key: string, where: string): string {
  const v = o?.[key];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw new ReviewError(400, "malformed", `${where}.${key}: want a string, got ${Array.isArray(v) ? "an array" : typeof v}`);
  return v;
}

/** Reads an AdmissionReview from the bytes of a request body. */
export function readReview(body: Uint8Array): Review {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch (e) {
    throw new ReviewError(400, "malformed", `the body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const top = obj(value);
  if (top === undefined) throw new ReviewError(400, "malformed", "the body is not a JSON object");
  const apiVersion = text(top, "apiVersion", "");
  const kind = text(top, "kind", "");
  if (apiVersion !== "admission.k8s.io/v1" || kind !== "AdmissionReview") {
    throw new ReviewError(400, "version", `want an admission.k8s.io/v1 AdmissionReview, got ${JSON.stringify(apiVersion)} ${JSON.stringify(kind)} (set admissionReviewVersions: ["v1"])`);
  }
  const request = obj(top["request"]);
  if (request === undefined) throw new ReviewError(400, "malformed", "request: missing (an AdmissionReview sent to a webhook carries a request)");
  const uid = text(request, "uid", "request");
  if (uid === "") throw new ReviewError(400, "malformed", "request.uid: missing");
  const gvk = obj(request["kind"]);
  const userInfo = obj(request["userInfo"]);
  const spans = memberSpans(body, memberSpans(body, 0).get("request")![0]);
  const raw = (key: string): Uint8Array | undefined => {
    const s = spans.get(key);
    if (s === undefined) return undefined;
    const bytes = body.subarray(s[0], s[1]);
    if (bytes.length === 4 && bytes[0] === 0x6e) return undefined; // null
    // the API server rewrites managedFields on every write (and their `k:{"name":...}` keys are no paths the verdict's
    // JSON patch can name): judged without them, as kubectl diff shows objects
    return bytes[0] === 0x7b ? withoutMember(bytes, ["metadata", "managedFields"]) : bytes;
  };
  const dryRun = request["dryRun"];
  return {
    apiVersion,
    uid,
    kind: { group: text(gvk, "group", "request.kind"), version: text(gvk, "version", "request.kind"), kind: text(gvk, "kind", "request.kind") },
    resource: text(obj(request["resource"]), "resource", "request.resource"),
    subResource: text(request, "subResource", "request"),
    operation: text(request, "operation", "request"),
    namespace: text(request, "namespace", "request"),
    name: text(request, "name", "request"),
    dryRun: dryRun === true,
    user: text(userInfo, "username", "request.userInfo"),
    object: raw("object"),
    oldObject: raw("oldObject"),
    objectValue: request["object"] ?? undefined,
    oldObjectValue: request["oldObject"] ?? undefined,
  };
}

/** What the webhook answers to one review. */
export interface Decision {
  allowed: boolean;
  /** Shown by kubectl as `Warning: ...` lines. */
  warnings: string[];
  /** For a denial: the HTTP-like code (403) and the message kubectl prints after "denied the request: ". */
  status?: { code: number; message: string; reason?: string };
}

/** The AdmissionReview answering `review` with `decision`, as JSON text. */
export function reviewResponse(review: Pick<Review, "apiVersion" | "uid">, decision: Decision): string {
  const response: { [key: string]: unknown } = { uid: review.uid, allowed: decision.allowed };
  if (decision.status !== undefined) response["status"] = decision.status;
  if (decision.warnings.length > 0) response["warnings"] = decision.warnings;
  return JSON.stringify({ apiVersion: review.apiVersion, kind: "AdmissionReview", response });
}
