// k8s.io/apimachinery validation.GetWarningsForIP (1.33+): an IP address that ParseIPSloppy accepts but
// netip.ParseAddr does not (IPv4 parts with leading zeros, IPv6 groups of more than four digits) or that is
// IPv4-mapped IPv6 gets the preferred form (net.IP.String()); an IPv6 address not in RFC 5952 form gets its
// canonical form (netip.Addr.String()). 1.36 words the first warning as already invalid.

import { parseIP, hasLeadingZero, is4In6 } from "../validation/ip";
import { quote } from "../validation/errlist";
import { WarningRecorder } from "./recorder";

/** 1.36: "non-standard IP address %q is invalid" instead of "... will be considered invalid in a future Kubernetes release". */
const NONSTANDARD_INVALID_FROM: i32 = 36;

/** GetWarningsForIP(path, value) at `minor`, appended to `out`. */
export function ipWarnings(path: string, value: string, minor: i32, out: WarningRecorder): void {
  const ip = parseIP(value, true);
  if (ip === null) return; // upstream logs that the value was not validated, and warns nothing
  if (!netipParses(value) || is4In6(value, ip)) {
    const verdict = minor >= NONSTANDARD_INVALID_FROM ? " is invalid: use " : " will be considered invalid in a future Kubernetes release: use ";
    out.add(path + ": non-standard IP address " + quote(value) + verdict + quote(ipString(ip)));
    return;
  }
  if (value.indexOf(":") >= 0) {
    const canonical = ipString(ip);
    if (canonical != value) out.add(path + ": IPv6 address " + quote(value) + " should be in RFC 5952 canonical format (" + quote(canonical) + ")");
  }
}

/** netip.ParseAddr(value) succeeds, for a text ParseIPSloppy accepted (no zone): no leading zero in an IPv4 part,
 *  at most four digits in an IPv6 group. */
function netipParses(value: string): bool {
  if (hasLeadingZero(value)) return false;
  if (value.indexOf(":") < 0) return true;
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c == 0x3a || c == 0x2e) run = 0;
    else if (++run > 4) return false;
  }
  return true;
}

/** net.IP.String() of a 16-byte address: dotted for IPv4-mapped addresses, else RFC 5952 (lowercase, the first
 *  longest run of two or more zero groups as "::"); for the addresses it is called on here it equals netip.Addr.String(). */
export function ipString(ip: Uint8Array): string {
  let mapped = ip[10] == 0xff && ip[11] == 0xff;
  for (let i = 0; i < 10 && mapped; i++) if (ip[i] != 0) mapped = false;
  if (mapped) return ip[12].toString() + "." + ip[13].toString() + "." + ip[14].toString() + "." + ip[15].toString();
  let best = -1, bestLen = 0;
  for (let g = 0; g < 8;) {
    if (ip[2 * g] != 0 || ip[2 * g + 1] != 0) { g++; continue; }
    let e = g;
    while (e < 8 && ip[2 * e] == 0 && ip[2 * e + 1] == 0) e++;
    if (e - g > bestLen) { best = g; bestLen = e - g; }
    g = e;
  }
  if (bestLen < 2) best = -1;
  let s = "";
  for (let g = 0; g < 8; g++) {
    if (g == best) {
      s += "::";
      g += bestLen - 1;
      continue;
    }
    if (g > 0 && !s.endsWith(":")) s += ":";
    s += ((<u32>ip[2 * g] << 8) | <u32>ip[2 * g + 1]).toString(16);
  }
  return s;
}
