package script

// The drivers behind `gamelab run` and `gamelab test`: running script files
// in one session, and replaying scripts and notebooks against their golden
// transcripts. They return the command's exit status (0 success, 1 a script
// failed or differs, 2 a usage error) so that the command line only parses
// flags.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gamelab/internal/files"
	"gamelab/kernel"
)

// RunFiles runs the script files in order in one new session, results to
// stdout and errors to stderr, stopping at the first failing statement
// unless keepGoing, and at once when ctx is cancelled (Ctrl-C). It returns
// the exit status of `gamelab run`.
func RunFiles(ctx context.Context, names []string, keepGoing bool, stdout, stderr io.Writer) int {
	s := kernel.NewSession()
	anyFailed := false
	for _, name := range names {
		failed, err := runFile(ctx, s, name, stdout, stderr, keepGoing)
		if err != nil {
			fmt.Fprintf(stderr, "gamelab run: %s\n", files.Describe(err))
			return 1
		}
		anyFailed = anyFailed || failed
		if failed && !keepGoing || ctx.Err() != nil {
			break
		}
	}
	return ExitStatus(anyFailed)
}

// runFile runs one file in s: a notebook's code cells, or a script's
// statements.
func runFile(ctx context.Context, s *kernel.Session, name string, stdout, stderr io.Writer, keepGoing bool) (failed bool, err error) {
	s.SetDir(filepath.Dir(name)) // load reads beside the script
	if filepath.Ext(name) == ".ipynb" {
		return runNotebook(ctx, s, name, stdout, stderr, keepGoing)
	}
	f, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	return RunScript(ctx, s, name, f, stdout, stderr, keepGoing)
}

// ExitStatus is the exit status of a run that failed or not.
func ExitStatus(failed bool) int {
	if failed {
		return 1
	}
	return 0
}

// Test replays every script and notebook in paths (directories stand for
// the .gl and .ipynb files in them) and compares each transcript with its
// golden (see Check), reporting "ok", "FAIL" or "wrote" per file on stdout
// and the diffs. It returns the exit status of `gamelab test`.
func Test(paths []string, update bool, stdout, stderr io.Writer) int {
	scripts, err := Files(paths)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab test: %s\n", files.Describe(err))
		return 2
	}
	if len(scripts) == 0 {
		fmt.Fprintf(stderr, "gamelab test: no .gl scripts or .ipynb notebooks in %s\n", strings.Join(paths, " "))
		return 2
	}
	failed := 0
	for _, f := range scripts {
		if update && filepath.Ext(f) == ".ipynb" {
			fmt.Fprintf(stdout, "kept %s (a notebook's outputs are saved by Jupyter)\n", f)
			continue
		}
		ok, err := Check(f, update, stdout)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "FAIL %s: %s\n", f, files.Describe(err))
			failed++
		case !ok:
			fmt.Fprintf(stdout, "FAIL %s\n", f)
			failed++
		case update:
			fmt.Fprintf(stdout, "wrote %s\n", GoldenPath(f))
		default:
			fmt.Fprintf(stdout, "ok   %s\n", f)
		}
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "%d of %d failed\n", failed, len(scripts))
		return 1
	}
	return 0
}

// Files expands directories into the scripts and notebooks in them and in
// their folders, sorted;
// files named directly are kept whatever their extension.
func Files(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		var in []string
		err = filepath.WalkDir(p, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if ext := filepath.Ext(e.Name()); !e.IsDir() && (ext == ".gl" || ext == ".ipynb") {
				in = append(in, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(in)
		files = append(files, in...)
	}
	return files, nil
}

// MaxFile is the largest script, golden or notebook test reads: a golden
// that never ends (a link to /dev/zero is refused anyway) must not fill
// the memory.
const MaxFile = 256 << 20

// normalize is a golden as an editor may have saved it, in the form a
// transcript takes: without a byte-order mark, with LF line ends, ending
// in one newline. Those differences do not fail a test; a diff that shows
// nothing would follow from them.
func normalize(text string) string {
	text = strings.TrimPrefix(text, "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

// GoldenPath is where a script's golden transcript lives: beside it, with
// the extension .golden.
func GoldenPath(script string) string {
	return strings.TrimSuffix(script, filepath.Ext(script)) + ".golden"
}

// Check replays one script or notebook and compares (or, with update,
// writes) its transcript: a script's with its golden file, a notebook's
// with its saved outputs. A difference is printed to w as a unified diff.
func Check(path string, update bool, w io.Writer) (ok bool, err error) {
	src, err := files.ReadFile(path, MaxFile)
	if err != nil {
		return false, err
	}
	var got, want, wantName string
	if filepath.Ext(path) == ".ipynb" {
		got, want, err = ReplayNotebook(src)
		if err != nil {
			return false, err
		}
		wantName = path + " (saved outputs)"
	} else {
		got = Transcript(path, string(src))
		golden := GoldenPath(path)
		if update {
			f, err := files.Create(golden)
			if err != nil {
				return false, err
			}
			_, err = f.WriteString(got)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return true, err
		}
		b, err := files.ReadFile(golden, MaxFile)
		if errors.Is(err, fs.ErrNotExist) {
			return false, fmt.Errorf("it has no golden %s yet (write it with 'gamelab test --update %s')", golden, path)
		}
		if err != nil {
			return false, err
		}
		want, wantName = normalize(string(b)), golden
	}
	if got == want {
		return true, nil
	}
	io.WriteString(w, UnifiedDiff(wantName, "replay of "+path, want, got))
	return false, nil
}
