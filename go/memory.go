package kinplace

// boundedMemory backs one instance's linear memory (wazero's experimental.LinearMemory): it grows like wazero's
// own buffer but refuses to pass the instance's bound, and records the refusal, so a trap that follows it is
// reported as E_TOO_LARGE (memory ran out) rather than E_INTERNAL (a bug).
type boundedMemory struct {
	buf     []byte
	limit   uint64 // bytes
	refused bool   // a growth was refused since the last reset
}

// Reallocate grows the memory to size bytes, or returns nil (memory.grow fails) past the bound.
func (m *boundedMemory) Reallocate(size uint64) []byte {
	if size > m.limit {
		m.refused = true
		return nil
	}
	if size <= uint64(cap(m.buf)) {
		// bytes past the old length were never written: still zero
		m.buf = m.buf[:size]
		return m.buf
	}
	next := make([]byte, size)
	copy(next, m.buf)
	m.buf = next
	return next
}

// Free drops the buffer.
func (m *boundedMemory) Free() { m.buf = nil }
