// reflect.DeepEqual over typed values (assembly/typed/deepequal.ts) and the deep copy it is checked against
// (assembly/typed/deepcopy.ts): every expectation was printed by Go (k8s.io/api and apimachinery v0.32.10, the
// objects decoded with sigs.k8s.io/json UnmarshalCaseSensitivePreserveInts, reflect.DeepEqual of the two; for
// quantities resource.MustParse(s), then reflect.DeepEqual(q, r) of r := q.DeepCopy() after r.RoundUp(-3)).

import { ByteSink } from "../io/sink";
import { readJSON, ReadOptions } from "../json/reader";
import { clearError } from "../base/errors";
import { typeId } from "../schema/schema";
import { decodeAt } from "../typed/decodeat";
import { Val, QuantityV, StructV } from "../typed/value";
import { deepEqual } from "../typed/deepequal";
import { deepCopy } from "../typed/deepcopy";
import { defaultGoOf } from "../base/pins";
import { parseQuantity } from "../quantity/parse";
import { roundUpMilli, roundRequirements } from "../upstream/kubernetes/defaults/resources";
import { fld, at } from "../upstream/kubernetes/validation/view";

const MINOR = 32;

function decoded(type: string, json: string): Val | null {
  clearError();
  const b = new ByteSink(json.length + 4);
  b.utf8(json);
  const t = readJSON(b.ptr, b.len, new ReadOptions());
  expect(t).not.toBeNull(json);
  return decodeAt(t!, 0, typeId(MINOR, type), MINOR, defaultGoOf(MINOR));
}

function same(type: string, a: string, b: string): bool {
  return deepEqual(typeId(MINOR, type), decoded(type, a), decoded(type, b));
}

/** reflect.DeepEqual of a parsed quantity and its copy after RoundUp(-3). */
function roundsToItself(s: string): bool {
  const b = new ByteSink(s.length + 4);
  b.utf8(s);
  const q = parseQuantity(b.ptr, b.len)!;
  const t = typeId(MINOR, "resource.Quantity");
  return deepEqual(t, new QuantityV(t, q), new QuantityV(t, roundUpMilli(q)));
}

describe("reflect.DeepEqual of typed values", () => {
  it("tells nil from empty maps and slices", () => {
    expect(same("v1.LabelSelector", "{}", '{"matchLabels":{}}')).toBe(false);
    expect(same("v1.LabelSelector", '{"matchLabels":{}}', '{"matchLabels":{}}')).toBe(true);
    expect(same("v1.LabelSelector", '{"matchExpressions":[{"key":"a","operator":"In"}]}', '{"matchExpressions":[{"key":"a","operator":"In","values":[]}]}')).toBe(false);
    expect(same("v1.ResourceRequirements", "{}", '{"limits":null}')).toBe(true);
    expect(same("v1.ResourceRequirements", '{"requests":{"cpu":null}}', '{"requests":{}}')).toBe(false);
  });
  it("reads a map's duplicate keys as the last one", () => {
    expect(same("v1.LabelSelector", '{"matchLabels":{"a":"1","a":"2"}}', '{"matchLabels":{"a":"2"}}')).toBe(true);
    expect(same("v1.LabelSelector", '{"matchLabels":{"a":"1"}}', '{"matchLabels":{"a":"2"}}')).toBe(false);
  });
  it("tells a nil pointer from a pointer to a zero value, but not a zero value from an absent one", () => {
    expect(same("v1.PodSpec", '{"securityContext":{}}', "{}")).toBe(false);
    expect(same("v1.PodSpec", '{"terminationGracePeriodSeconds":0}', "{}")).toBe(false);
    expect(same("v1.PodSpec", '{"hostNetwork":false}', "{}")).toBe(true);
  });
  it("compares a Quantity's fields: the cached string, the Format, an inf.Dec by value and scale", () => {
    expect(same("v1.ResourceRequirements", '{"requests":{"cpu":"1m"}}', '{"requests":{"cpu":"0.001"}}')).toBe(false);
    expect(same("v1.ResourceRequirements", '{"requests":{"cpu":"1e3"}}', '{"requests":{"cpu":"1000"}}')).toBe(false);
    expect(same("v1.ResourceRequirements", '{"requests":{"cpu":"12345678901234567890"}}', '{"requests":{"cpu":"12345678901234567890.0"}}')).toBe(true);
    expect(same("v1.ResourceRequirements", '{"requests":{"cpu":"12345678901234567890"}}', '{"requests":{"cpu":"12345678901234567890.000000000001"}}')).toBe(false);
  });
  it("compares times by instant and location", () => {
    expect(same("v1.ObjectMeta", '{"creationTimestamp":"2024-05-01T10:00:00Z"}', '{"creationTimestamp":"2024-05-01T12:00:00+02:00"}')).toBe(true);
    expect(same("v1.ObjectMeta", '{"creationTimestamp":"2024-05-01T10:00:00Z"}', '{"creationTimestamp":"2024-05-01T10:00:01Z"}')).toBe(false);
    expect(same("v1.ObjectMeta", '{"creationTimestamp":null}', "{}")).toBe(true);
  });
  it("sees RoundUp(-3) change a quantity's internals even where it prints the same", () => {
    expect(roundsToItself("1m")).toBe(true);
    expect(roundsToItself("100Mi")).toBe(true);
    expect(roundsToItself("0")).toBe(true);
    expect(roundsToItself("1000u")).toBe(false);
    expect(roundsToItself("1u")).toBe(false);
    expect(roundsToItself("0.000Ki")).toBe(true);
    expect(roundsToItself("0.0000000000")).toBe(false);
    expect(roundsToItself("12345678901234567890")).toBe(false);
    expect(roundsToItself("8Ei")).toBe(false);
  });
});

describe("deep copies of typed values", () => {
  it("are deeply equal to the original and independent of it", () => {
    const ty = typeId(MINOR, "v1.PodSpec");
    const v = decoded("v1.PodSpec", '{"containers":[{"name":"a","image":"x","resources":{"requests":{"cpu":"1000u"}}}],"nodeSelector":{},"securityContext":{},"tolerations":[]}');
    const c = deepCopy(v);
    expect(deepEqual(ty, v, c)).toBe(true);
    // the defaulters change values in place: the copy keeps what was there
    roundRequirements(changetype<StructV>(fld(at(fld(v, "Containers"), 0), "Resources")));
    expect(deepEqual(ty, v, c)).toBe(false);
    expect(deepEqual(ty, c, decoded("v1.PodSpec", '{"containers":[{"name":"a","image":"x","resources":{"requests":{"cpu":"1000u"}}}],"nodeSelector":{},"securityContext":{},"tolerations":[]}'))).toBe(true);
    expect(deepEqual(ty, c, decoded("v1.PodSpec", '{"containers":[{"name":"a","image":"x","resources":{"requests":{"cpu":"1000u"}}}],"securityContext":{},"tolerations":[]}'))).toBe(false);
  });
});
