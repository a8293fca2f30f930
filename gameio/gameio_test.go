package gameio_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/gameio"
)

// solver is the shape of the three batch drivers.
type solver func(format gameio.Format, in io.Reader, out, errw io.Writer) int

// runBatch runs solve on input and returns what it wrote and its status.
func runBatch(solve solver, format gameio.Format, input string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = solve(format, strings.NewReader(input), &out, &errb)
	return out.String(), errb.String(), code
}

// readCase reads a reference case from testdata: inputs and outputs of the
// original programs and contests, compared byte for byte.
func readCase(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("reference case: %v", err)
	}
	return string(b)
}

func TestUnknownFormat(t *testing.T) {
	for name, solve := range map[string]solver{
		"polygon": gameio.SolvePolygons, "coins": gameio.SolveCoins, "lifeline": gameio.SolveLifelines,
	} {
		out, errs, code := runBatch(solve, "xml", "1\n")
		if want := "gamelab " + name + ": no \"xml\" format\n"; code != 2 || out != "" || errs != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", name, code, out, errs, want)
		}
	}
}
