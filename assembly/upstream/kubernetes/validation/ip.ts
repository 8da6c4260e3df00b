// IP address parsing as pod validation sees it: Go's net.ParseIP (strict about IPv4 leading zeros
// since Go 1.17, which the oracle's toolchain is), k8s.io/utils/net ParseIPSloppy (leading zeros
// allowed) and the netip.ParseAddr checks of the 1.33+ strict mode (leading zeros, IPv4-mapped IPv6).

/** Parsed 16-byte address (IPv4 as ::ffff:a.b.c.d), or null when the text is not an IP. */
export function parseIP(s: string, sloppy: bool): Uint8Array | null {
  if (s.indexOf(":") < 0) {
    const v4 = parseIPv4(s, 0, s.length, sloppy);
    if (v4 === null) return null;
    const out = new Uint8Array(16);
    out[10] = 0xff; out[11] = 0xff;
    for (let i = 0; i < 4; i++) out[12 + i] = v4[i];
    return out;
  }
  return parseIPv6(s, sloppy);
}

/** True when an IPv4 part of `s` (dotted, alone or embedded in IPv6) has a leading zero. */
export function hasLeadingZero(s: string): bool {
  // only called on text ParseIPSloppy accepted: dotted parts are decimal runs
  let start = 0;
  const tail = s.lastIndexOf(":");
  if (tail >= 0) start = tail + 1;
  if (s.indexOf(".", start) < 0) return false;
  const parts = s.substring(start).split(".");
  for (let i = 0; i < parts.length; i++) if (parts[i].length > 1 && parts[i].charCodeAt(0) == 48) return true;
  return false;
}

/** netip.Addr.Is4In6 of an IPv6 text (::ffff:a.b.c.d and the like). */
export function is4In6(s: string, ip: Uint8Array): bool {
  if (s.indexOf(":") < 0) return false;
  for (let i = 0; i < 10; i++) if (ip[i] != 0) return false;
  return ip[10] == 0xff && ip[11] == 0xff;
}

function parseIPv4(s: string, from: i32, to: i32, sloppy: bool): Uint8Array | null {
  const out = new Uint8Array(4);
  let i = from;
  for (let k = 0; k < 4; k++) {
    if (k > 0) {
      if (i >= to || s.charCodeAt(i) != 46) return null;
      i++;
    }
    let n = 0, digits = 0;
    while (i < to) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      n = n * 10 + (c - 48);
      digits++;
      i++;
      if (n > 0xffffff) return null;
    }
    if (digits == 0 || n > 255) return null;
    if (!sloppy && digits > 1 && s.charCodeAt(i - digits) == 48) return null;
    out[k] = <u8>n;
  }
  return i == to ? out : null;
}

function hexVal(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function parseIPv6(s: string, sloppy: bool): Uint8Array | null {
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  let i = 0;
  const n = s.length;
  if (n >= 2 && s.charCodeAt(0) == 58 && s.charCodeAt(1) == 58) {
    ellipsis = 0;
    i = 2;
    if (i == n) return ip;
  }
  let j = 0;
  while (j < 16) {
    // a hex group, or the embedded IPv4 tail
    let v = 0, d = 0, k = i;
    while (k < n) {
      const h = hexVal(s.charCodeAt(k));
      if (h < 0) break;
      v = v * 16 + h;
      d++;
      k++;
      if (v > 0xffffff) return null;
    }
    if (d == 0) return null;
    if (k < n && s.charCodeAt(k) == 46) {
      if (ellipsis < 0 && j != 12) return null;
      if (j + 4 > 16) return null;
      const v4 = parseIPv4(s, i, n, sloppy);
      if (v4 === null) return null;
      for (let b = 0; b < 4; b++) ip[j + b] = v4[b];
      j += 4;
      i = n;
      break;
    }
    if (v > 0xffff) return null;
    ip[j] = <u8>(v >> 8);
    ip[j + 1] = <u8>v;
    j += 2;
    i = k;
    if (i == n) break;
    if (s.charCodeAt(i) != 58 || i + 1 == n) return null;
    i++;
    if (s.charCodeAt(i) == 58) {
      if (ellipsis >= 0) return null;
      ellipsis = j;
      i++;
      if (i == n) break;
    }
  }
  if (i != n) return null;
  if (j < 16) {
    if (ellipsis < 0) return null;
    const nn = 16 - j;
    for (let k = j - 1; k >= ellipsis; k--) ip[k + nn] = ip[k];
    for (let k = ellipsis + nn - 1; k >= ellipsis; k--) ip[k] = 0;
  } else if (ellipsis >= 0) {
    return null;
  }
  return ip;
}
