package kinplace

import (
	"context"
	"strconv"
	"unicode/utf16"

	"github.com/tetratelabs/wazero/api"
)

// allocatorFile is the source file of AssemblyScript's allocator: an abort there is a block over its 1 GiB size limit.
const allocatorFile = "~lib/rt/stub.ts"

// engineAbort is what the env.abort import panics with (wazero returns it wrapped in the call's error).
type engineAbort struct {
	message, file string
	line, column  uint32
}

// Error formats the abort as js/core.ts does: "message (file:line:column)".
func (a *engineAbort) Error() string {
	if a.file == "" {
		return a.message
	}
	return a.message + " (" + a.file + ":" + strconv.FormatUint(uint64(a.line), 10) + ":" + strconv.FormatUint(uint64(a.column), 10) + ")"
}

// abort is the env.abort(message, file, line, column) import: it stops the call with an engineAbort.
func abort(_ context.Context, m api.Module, stack []uint64) {
	mem := m.Memory()
	a := &engineAbort{message: asString(mem, api.DecodeU32(stack[0])), file: asString(mem, api.DecodeU32(stack[1])),
		line: api.DecodeU32(stack[2]), column: api.DecodeU32(stack[3])}
	if a.message == "" {
		a.message = "abort"
	}
	panic(a)
}

// asString reads an AssemblyScript string (UTF-16, byte length stored 4 bytes before it, at most 4096 bytes read);
// "" when unreadable.
func asString(mem api.Memory, ptr uint32) string {
	if mem == nil || ptr < 4 {
		return ""
	}
	size, ok := mem.ReadUint32Le(ptr - 4)
	if !ok {
		return ""
	}
	n := min(size, 4096, mem.Size()-min(ptr, mem.Size()))
	b, ok := mem.Read(ptr, n&^1)
	if !ok {
		return ""
	}
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(units))
}
