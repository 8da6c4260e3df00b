// Labels and annotations as ValidateObjectMeta checks them (apimachinery ValidateLabels and
// ValidateAnnotations): label keys qualified names and values label values, annotation keys qualified
// names once lowercased, and the annotations' total size limit (256 KiB of keys and values). Go ranges
// over the maps; the engine reports keys in ascending order.

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { strMap, StrMap } from "./view";
import { isQualifiedName, isValidLabelValue } from "./names";

/** The annotations' total size limit (ValidateAnnotations' TotalAnnotationSizeLimitB). */
const ANNOTATIONS_MAX_BYTES: i32 = 256 * 1024;

/** ValidateLabels(labels, path) at `minor`. */
export function validateLabels(m: Val | null, path: string, minor: i32, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i], minor);
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
    const ve = isValidLabelValue(sm.vals[i], minor);
    for (let j = 0; j < ve.length; j++) errs.invalidStr(path, sm.vals[i], ve[j]);
  }
}

/** ValidateAnnotations(annotations, path) at `minor`: the keys (the key printed as given), then the total size. */
export function validateAnnotationKeys(m: Val | null, path: string, minor: i32, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i].toLowerCase(), minor);
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
  }
  annotationsSize(sm, path, minor, errs);
}

/** ValidateAnnotations' total size limit with the TooLong text of `minor`. */
export function annotationsSize(a: StrMap, path: string, minor: i32, errs: ErrList): void {
  let total = 0;
  for (let i = 0; i < a.keys.length; i++) {
    total += String.UTF8.byteLength(a.keys[i]) + String.UTF8.byteLength(a.vals[i]);
    if (total > ANNOTATIONS_MAX_BYTES) break;
  }
  if (total > ANNOTATIONS_MAX_BYTES) errs.tooLong(path, ANNOTATIONS_MAX_BYTES, minor);
}
