// Environment variable name checks of k8s.io/apimachinery/pkg/util/validation with their texts:
// IsEnvVarName (strict) and IsRelaxedEnvVarName (1.30+ behind RelaxedEnvironmentVariableValidation).

import { regexError } from "./names";

/** validation.IsEnvVarName: [-._a-zA-Z][-._a-zA-Z0-9]* and no "." / ".." / "..x". */
export function envVarNameErrors(s: string): Array<string> {
  const errs = new Array<string>();
  let ok = s.length > 0;
  for (let i = 0; i < s.length && ok; i++) {
    const c = s.charCodeAt(i);
    const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 46 || c == 95;
    if (!alpha && !(i > 0 && c >= 48 && c <= 57)) ok = false;
  }
  if (!ok) errs.push(regexError("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit", "[-._a-zA-Z][-._a-zA-Z0-9]*", ["my.env-name", "MY_ENV.NAME", "MyEnvName1"]));
  if (s == ".") errs.push("must not be '.'");
  else if (s == "..") errs.push("must not be '..'");
  else if (s.startsWith("..")) errs.push("must not start with '..'");
  return errs;
}

/** validation.IsRelaxedEnvVarName: not empty, printable ASCII other than '='. */
export function relaxedEnvVarNameErrors(s: string): Array<string> {
  const errs = new Array<string>();
  if (s.length == 0) errs.push("environment variable name must be non-empty");
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126 || c == 61) {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}
