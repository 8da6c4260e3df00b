// The name and label checks of k8s.io/apimachinery/pkg/util/validation with their message texts:
// IsQualifiedName, IsValidLabelValue, IsDNS1123Subdomain, IsDNS1123Label.

const QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const DNS_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS_SUB_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";

/** validation.RegexError. */
export function regexError(msg: string, fmt: string, examples: Array<string>): string {
  if (examples.length == 0) return msg + " (regex used for validation is '" + fmt + "')";
  let s = msg + " (e.g. ";
  for (let i = 0; i < examples.length; i++) {
    if (i > 0) s += " or ";
    s += "'" + examples[i] + "', ";
  }
  return s + "regex used for validation is '" + fmt + "')";
}

/** validation.MaxLenError. */
export function maxLenError(n: i32): string {
  return "must be no more than " + n.toString() + " characters";
}

function isAlnum(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isLowerAlnum(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
}

/** Matches ^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$. */
function matchQName(s: string): bool {
  const n = s.length;
  if (n == 0) return false;
  if (!isAlnum(s.charCodeAt(0)) || !isAlnum(s.charCodeAt(n - 1))) return false;
  for (let i = 1; i < n - 1; i++) {
    const c = s.charCodeAt(i);
    if (!isAlnum(c) && c != 0x2d && c != 0x5f && c != 0x2e) return false;
  }
  return true;
}

/** Matches a DNS-1123 label ([a-z0-9]([-a-z0-9]*[a-z0-9])?). */
function matchDNSLabel(s: string): bool {
  const n = s.length;
  if (n == 0) return false;
  if (!isLowerAlnum(s.charCodeAt(0)) || !isLowerAlnum(s.charCodeAt(n - 1))) return false;
  for (let i = 1; i < n - 1; i++) {
    const c = s.charCodeAt(i);
    if (!isLowerAlnum(c) && c != 0x2d) return false;
  }
  return true;
}

/** Byte length of a string as UTF-8 (Go's len). */
export function byteLen(s: string): i32 {
  return String.UTF8.byteLength(s);
}

/** validation.IsDNS1123Subdomain at `minor` (1.15-1.19 say "a DNS-1123 subdomain"). */
export function isDNS1123Subdomain(s: string, minor: i32 = 99): Array<string> {
  const errs = new Array<string>();
  if (byteLen(s) > 253) errs.push(maxLenError(253));
  const parts = s.split(".");
  let ok = true;
  for (let i = 0; i < parts.length; i++) if (!matchDNSLabel(parts[i])) ok = false;
  if (!ok) errs.push(regexError(minor <= 19 ? DNS_SUB_MSG.replace("a lowercase RFC 1123", "a DNS-1123") : DNS_SUB_MSG, DNS_LABEL_FMT + "(\\." + DNS_LABEL_FMT + ")*", ["example.com"]));
  return errs;
}

/** validation.IsDNS1123Label at `minor` (1.15-1.19 say "a DNS-1123 label"; 1.27+: a valid subdomain
 * with dots gets "must not contain dots"). */
export function isDNS1123Label(s: string, minor: i32 = 99): Array<string> {
  const errs = new Array<string>();
  if (byteLen(s) > 63) errs.push(maxLenError(63));
  if (!matchDNSLabel(s)) {
    if (minor >= 27 && isDNS1123SubdomainShape(s)) errs.push("must not contain dots");
    else errs.push(regexError(minor <= 19 ? DNS_LABEL_MSG.replace("a lowercase RFC 1123", "a DNS-1123") : DNS_LABEL_MSG, DNS_LABEL_FMT, ["my-name", "123-abc"]));
  }
  return errs;
}

/** The DNS-1123 subdomain regexp alone (no length limit). */
function isDNS1123SubdomainShape(s: string): bool {
  const parts = s.split(".");
  for (let i = 0; i < parts.length; i++) if (!matchDNSLabel(parts[i])) return false;
  return true;
}

// Label key and value texts per minor: 1.15-1.19 word a key prefix "a DNS-1123 subdomain"; 1.35+
// (api/validate/content) give lengths in bytes and call a three-part key "a valid label key".

function labelMaxLen(n: i32, minor: i32): string {
  return minor >= 35 ? "must be no more than " + n.toString() + " bytes" : maxLenError(n);
}

/** validation.IsQualifiedName with the texts of Kubernetes `minor`. */
export function isQualifiedName(value: string, minor: i32): Array<string> {
  const errs = new Array<string>();
  const parts = value.split("/");
  let name: string;
  if (parts.length == 1) name = parts[0];
  else if (parts.length == 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length == 0) errs.push("prefix part must be non-empty");
    else {
      const m = isDNS1123Subdomain(prefix, minor);
      for (let i = 0; i < m.length; i++) errs.push("prefix part " + (m[i] == maxLenError(253) ? labelMaxLen(253, minor) : m[i]));
    }
  } else {
    errs.push((minor >= 35 ? "a valid label key " : "a qualified name ") + regexError(QNAME_MSG, QNAME_FMT, ["MyName", "my.name", "123-abc"]) +
      " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
    return errs;
  }
  if (name.length == 0) errs.push("name part must be non-empty");
  else if (byteLen(name) > 63) errs.push("name part " + labelMaxLen(63, minor));
  if (!matchQName(name)) errs.push("name part " + regexError(QNAME_MSG, QNAME_FMT, ["MyName", "my.name", "123-abc"]));
  return errs;
}

/** validation.IsValidLabelValue with the texts of Kubernetes `minor`. */
export function isValidLabelValue(value: string, minor: i32): Array<string> {
  const errs = new Array<string>();
  if (byteLen(value) > 63) errs.push(labelMaxLen(63, minor));
  if (value.length > 0 && !matchQName(value)) {
    errs.push(regexError(LABEL_VALUE_MSG, "(" + QNAME_FMT + ")?", ["MyValue", "my_value", "12345"]));
  }
  return errs;
}

/** validation.IsValidPortName (1.15-1.24 word the one-letter rule "letter or number (a-z, 0-9)"). */
export function portNameErrors(s: string, minor: i32): Array<string> {
  const errs = new Array<string>();
  if (s.length > 15) errs.push(maxLenError(15));
  let charset = true, letter = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const lower = c >= 97 && c <= 122;
    if (lower) letter = true;
    if (!lower && !(c >= 48 && c <= 57) && c != 45) charset = false;
  }
  if (!charset) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (!letter) errs.push(minor <= 24 ? "must contain at least one letter or number (a-z, 0-9)" : "must contain at least one letter (a-z)");
  if (s.includes("--")) errs.push("must not contain consecutive hyphens");
  if (s.length > 0 && (s.charCodeAt(0) == 45 || s.charCodeAt(s.length - 1) == 45)) errs.push("must not begin or end with a hyphen");
  return errs;
}
