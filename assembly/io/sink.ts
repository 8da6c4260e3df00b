// A growable byte buffer in the per-call arena: every writer appends here.

/** Growable output bytes; writers append, callers read `ptr`/`len`. */
export class ByteSink {
  ptr: usize;
  len: i32 = 0;
  cap: i32;

  constructor(cap: i32 = 1024) {
    this.cap = cap < 16 ? 16 : cap;
    this.ptr = heap.alloc(<usize>this.cap);
  }

  /** Makes room for `n` more bytes. */
  @inline reserve(n: i32): void {
    if (this.len + n > this.cap) this.grow(n);
  }

  private grow(n: i32): void {
    let cap = this.cap;
    const need = this.len + n;
    while (cap < need) cap = cap < 0x40000000 ? cap << 1 : need;
    this.ptr = heap.realloc(this.ptr, <usize>cap);
    this.cap = cap;
  }

  /** Appends one byte. */
  @inline byte(b: i32): void {
    if (this.len >= this.cap) this.grow(1);
    store<u8>(this.ptr + <usize>this.len, <u8>b);
    this.len++;
  }

  /** Appends `n` bytes from `src`. */
  bytes(src: usize, n: i32): void {
    this.reserve(n);
    memory.copy(this.ptr + <usize>this.len, src, <usize>n);
    this.len += n;
  }

  /** Appends an ASCII string literal (caller guarantees ASCII). */
  ascii(s: string): void {
    const n = s.length;
    this.reserve(n);
    const base = this.ptr + <usize>this.len;
    for (let i = 0; i < n; i++) store<u8>(base + <usize>i, <u8>s.charCodeAt(i));
    this.len += n;
  }

  /** Appends a string as UTF-8. */
  utf8(s: string): void {
    const n = String.UTF8.byteLength(s);
    this.reserve(n);
    String.UTF8.encodeUnsafe(changetype<usize>(s), s.length, this.ptr + <usize>this.len);
    this.len += n;
  }

  /** Appends a signed decimal integer. */
  int(v: i64): void {
    if (v < 0) { this.byte(0x2d); this.uint(<u64>(-v)); } else this.uint(<u64>v);
  }

  /** Appends an unsigned decimal integer. */
  uint(v: u64): void {
    this.reserve(20);
    let n = 1;
    let t = v;
    while (t >= 10) { t /= 10; n++; }
    let p = this.ptr + <usize>(this.len + n);
    do { p--; store<u8>(p, <u8>(0x30 + <i32>(v % 10))); v /= 10; } while (v != 0);
    this.len += n;
  }

  /** Appends lowercase hex without padding. */
  hex(v: u64): void {
    this.reserve(16);
    let n = 1;
    let t = v >> 4;
    while (t != 0) { t >>= 4; n++; }
    let p = this.ptr + <usize>(this.len + n);
    do { p--; const d = <i32>(v & 15); store<u8>(p, <u8>(d < 10 ? 0x30 + d : 0x57 + d)); v >>= 4; } while (v != 0);
    this.len += n;
  }

  /** Drops everything after `len` bytes. */
  @inline truncate(len: i32): void { this.len = len; }

  /** Byte at index `i`. */
  @inline at(i: i32): u8 { return load<u8>(this.ptr + <usize>i); }
}
