// The path checks of pod validation: validatePathNoBacksteps, validateLocalDescendingPath and
// ValidateLocalNonReservedPath (Go's path.IsAbs, strings.Split on "/").

import { ErrList } from "./errlist";

/** True when some "/"-separated element of `p` is "..". */
export function hasBackstep(p: string): bool {
  const parts = p.split("/");
  for (let i = 0; i < parts.length; i++) if (parts[i] == "..") return true;
  return false;
}

/** validatePathNoBacksteps: one Invalid "must not contain '..'". */
export function pathNoBacksteps(p: string, path: string, errs: ErrList): void {
  if (hasBackstep(p)) errs.invalidStr(path, p, "must not contain '..'");
}

/** validateLocalDescendingPath: relative, no backsteps. */
export function localDescendingPath(p: string, path: string, errs: ErrList): void {
  if (p.startsWith("/")) errs.invalidStr(path, p, "must be a relative path");
  pathNoBacksteps(p, path, errs);
}

/** ValidateLocalNonReservedPath: a local descending path that does not start with "..". */
export function localNonReservedPath(p: string, path: string, errs: ErrList): void {
  localDescendingPath(p, path, errs);
  if (p.startsWith("..") && !p.startsWith("../")) errs.invalidStr(path, p, "must not start with '..'");
}

/** True when ValidateLocalNonReservedPath finds nothing. */
export function localNonReservedPathOk(p: string): bool {
  const e = new ErrList();
  localNonReservedPath(p, "", e);
  return e.length == 0;
}
