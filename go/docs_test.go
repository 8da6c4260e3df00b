package kinplace_test

import (
	"os"
	"strings"
	"testing"
)

// docs/go.md shows go/example_test.go as it is (so the documented example is the one `go test` runs).
func TestDocsShowTheTestedExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/go.md")
	if err != nil {
		if os.Getenv("KINPLACE_GO_VECTORS") == "require" {
			t.Fatal(err)
		}
		t.Skip("no ../docs/go.md outside the repository")
	}
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- go/example_test.go -->\n```go\n"
	_, rest, ok := strings.Cut(string(doc), marker)
	if !ok {
		t.Fatalf("docs/go.md has no %q block", marker)
	}
	block, _, ok := strings.Cut(rest, "```\n")
	if !ok || block != string(example) {
		t.Errorf("docs/go.md's example is not go/example_test.go")
	}
}
