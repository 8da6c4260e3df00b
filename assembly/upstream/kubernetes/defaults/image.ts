// The image tag test behind the imagePullPolicy default: k8s.io/kubernetes pkg/util/parsers.ParseImageName
// (docker reference ParseNormalizedNamed, then the tag, "latest" when neither tag nor digest) as each minor
// vendors it. Only "did it parse, and what is the tag" matters to the defaulter, so this is a direct
// recognizer of the reference grammar rather than a regexp engine:
//   1.15        docker/distribution 2017 + go-digest 2017 (digest hex may be upper case)
//   1.16–1.28   docker/distribution v2.7.1–v2.8.2 + go-digest v1.0.0(-rc1) (digest hex lower case)
//   1.29+       distribution/reference v0.5.0/v0.6.0: IPv6 hosts, and a first path component with upper
//               case letters counts as a domain in splitDockerDomain

/** True when the defaulter sees tag "latest" (explicit, or neither tag nor digest); false on a parse error. */
export function imageIsLatest(p: usize, n: i32, minor: i32): bool {
  // anchoredIdentifierRegexp: exactly 64 lower-case hex digits
  if (n == 64) {
    let hex = true;
    for (let i = 0; i < 64; i++) if (!isLowerHex(at(p, i))) { hex = false; break; }
    if (hex) return false;
  }
  // splitDockerDomain
  const slash = indexOf(p, 0, n, 0x2f);
  let domP: usize = 0, domN = 0; // explicit domain (0 length: docker.io)
  let remP = p, remN = n;
  let defaultDomain = true;
  if (slash >= 0) {
    const first = slash;
    let isDomain = containsAny(p, first) || isLocalhost(p, first);
    if (!isDomain && minor >= 29 && hasUpper(p, first)) isDomain = true;
    if (isDomain) {
      domP = p; domN = first;
      remP = p + <usize>(first + 1); remN = n - first - 1;
      defaultDomain = domN == 9 && eqAscii(domP, domN, "docker.io") || domN == 15 && eqAscii(domP, domN, "index.docker.io");
    }
  }
  // remote name before the first ':' of the remainder must be lower case
  const colon = indexOf(remP, 0, remN, 0x3a);
  const remoteEnd = colon >= 0 ? colon : remN;
  if (hasUpper(remP, remoteEnd)) return false;
  if (!defaultDomain) {
    if (!validDomain(domP, domN, minor)) return false;
  }
  // Parse(domain + "/" + remainder): name [":" tag] ["@" digest]
  let leftN = remN;
  const at_ = indexOf(remP, 0, remN, 0x40);
  let hasDigest = false;
  if (at_ >= 0) {
    if (!validDigest(remP + <usize>(at_ + 1), remN - at_ - 1, minor)) return false;
    hasDigest = true;
    leftN = at_;
  }
  // the tag is after a ':' in the last path segment
  const lastSlash = lastIndexOf(remP, leftN, 0x2f);
  const segStart = lastSlash + 1;
  const tagColon = indexOf(remP, segStart, leftN, 0x3a);
  let nameN = leftN;
  let tagP: usize = 0, tagN = -1;
  if (tagColon >= 0) {
    nameN = tagColon;
    tagP = remP + <usize>(tagColon + 1);
    tagN = leftN - tagColon - 1;
    if (!validTag(tagP, tagN)) return false;
  }
  if (!validRemote(remP, nameN)) return false;
  // NameTotalLengthMax = 255 over the full name (domain + "/" + remote, "library/" added for docker.io)
  let total = nameN + 1;
  if (defaultDomain) {
    total += 9;
    if (indexOf(remP, 0, remN, 0x2f) < 0) total += 8;
  } else total += domN;
  if (total > 255) return false;
  if (tagN >= 0) return tagN == 6 && eqAscii(tagP, 6, "latest");
  return !hasDigest;
}

@inline function at(p: usize, i: i32): i32 {
  return <i32>load<u8>(p + <usize>i);
}

function isLowerHex(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66);
}

function isHex(c: i32): bool {
  return isLowerHex(c) || (c >= 0x41 && c <= 0x46);
}

function isLowerAlnum(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
}

function isAlnum(c: i32): bool {
  return isLowerAlnum(c) || (c >= 0x41 && c <= 0x5a);
}

function isAlpha(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isWord(c: i32): bool {
  return isAlnum(c) || c == 0x5f;
}

function indexOf(p: usize, from: i32, n: i32, c: i32): i32 {
  for (let i = from; i < n; i++) if (at(p, i) == c) return i;
  return -1;
}

function lastIndexOf(p: usize, n: i32, c: i32): i32 {
  for (let i = n - 1; i >= 0; i--) if (at(p, i) == c) return i;
  return -1;
}

function containsAny(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = at(p, i);
    if (c == 0x2e || c == 0x3a) return true;
  }
  return false;
}

/** strings.ToLower(x) != x for the bytes (any ASCII upper case letter; other bytes fail the grammar anyway). */
function hasUpper(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = at(p, i);
    if (c >= 0x41 && c <= 0x5a) return true;
    if (c >= 0x80) return true; // non-ASCII: either ToLower differs or the grammar refuses it later
  }
  return false;
}

function eqAscii(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (at(p, i) != s.charCodeAt(i)) return false;
  return true;
}

function isLocalhost(p: usize, n: i32): bool {
  return eqAscii(p, n, "localhost");
}

/** domainNameComponent ("." domainNameComponent)* | "[" ipv6 "]" (1.29+), then an optional ":" digits. */
function validDomain(p: usize, n: i32, minor: i32): bool {
  let i = 0;
  if (minor >= 29 && n > 0 && at(p, 0) == 0x5b) {
    i = 1;
    const s = i;
    while (i < n && (isHex(at(p, i)) || at(p, i) == 0x3a)) i++;
    if (i == s || i >= n || at(p, i) != 0x5d) return false;
    i++;
  } else {
    for (;;) {
      // component: alnum | alnum [alnum-]* alnum
      const s = i;
      while (i < n && (isAlnum(at(p, i)) || at(p, i) == 0x2d)) i++;
      if (i == s || at(p, s) == 0x2d || at(p, i - 1) == 0x2d) return false;
      if (i < n && at(p, i) == 0x2e) { i++; continue; }
      break;
    }
  }
  if (i == n) return true;
  if (at(p, i) != 0x3a) return false;
  i++;
  const s = i;
  while (i < n && at(p, i) >= 0x30 && at(p, i) <= 0x39) i++;
  return i > s && i == n;
}

/** pathComponent ("/" pathComponent)*, pathComponent = [a-z0-9]+ (([._]|__|-+) [a-z0-9]+)*. */
function validRemote(p: usize, n: i32): bool {
  let i = 0;
  for (;;) {
    if (i >= n || !isLowerAlnum(at(p, i))) return false;
    while (i < n && isLowerAlnum(at(p, i))) i++;
    if (i == n) return true;
    const c = at(p, i);
    if (c == 0x2f) { i++; continue; }
    if (c == 0x2e) { i++; }
    else if (c == 0x5f) { i++; if (i < n && at(p, i) == 0x5f) i++; }
    else if (c == 0x2d) { while (i < n && at(p, i) == 0x2d) i++; }
    else return false;
    if (i >= n || !isLowerAlnum(at(p, i))) return false;
  }
  return false;
}

/** [\w][\w.-]{0,127}. */
function validTag(p: usize, n: i32): bool {
  if (n < 1 || n > 128 || !isWord(at(p, 0))) return false;
  for (let i = 1; i < n; i++) {
    const c = at(p, i);
    if (!isWord(c) && c != 0x2e && c != 0x2d) return false;
  }
  return true;
}

/** The reference grammar's digest, then go-digest's Validate (sha256 / sha384 / sha512 with exact hex length). */
function validDigest(p: usize, n: i32, minor: i32): bool {
  // [A-Za-z][A-Za-z0-9]*([-_+.][A-Za-z][A-Za-z0-9]*)* ":" [[:xdigit:]]{32,}
  let i = 0;
  let more = true;
  while (more) {
    if (i >= n || !isAlpha(at(p, i))) return false;
    i++;
    while (i < n && isAlnum(at(p, i))) i++;
    more = false;
    if (i < n) {
      const c = at(p, i);
      if (c == 0x2d || c == 0x5f || c == 0x2b || c == 0x2e) { i++; more = true; }
    }
  }
  if (i >= n || at(p, i) != 0x3a) return false;
  const algN = i;
  i++;
  const hexStart = i;
  while (i < n && isHex(at(p, i))) i++;
  if (i != n || n - hexStart < 32) return false;
  const hexN = n - hexStart;
  let size = 0;
  if (eqAscii(p, algN, "sha256")) size = 64;
  else if (eqAscii(p, algN, "sha384")) size = 96;
  else if (eqAscii(p, algN, "sha512")) size = 128;
  if (size == 0 || hexN != size) return false;
  if (minor >= 16) {
    for (let k = hexStart; k < n; k++) if (!isLowerHex(at(p, k))) return false;
  }
  return true;
}
