package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestKernelInstallCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"kernel", "install", "--prefix", dir, "--name", "gl-test"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	spec := filepath.Join(dir, "share", "jupyter", "kernels", "gl-test")
	b, err := os.ReadFile(filepath.Join(spec, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var kj struct {
		Argv []string `json:"argv"`
	}
	if err := json.Unmarshal(b, &kj); err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	exe, _ = filepath.EvalSymlinks(exe)
	if len(kj.Argv) != 4 || kj.Argv[0] != exe || !filepath.IsAbs(kj.Argv[0]) || strings.Join(kj.Argv[1:], " ") != "kernel --connection-file {connection_file}" {
		t.Errorf("argv %q", kj.Argv)
	}
	for _, f := range []string{"logo-32x32.png", "logo-64x64.png", "logo-svg.svg"} {
		if _, err := os.Stat(filepath.Join(spec, f)); err != nil {
			t.Error(err)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"kernel"}, 2, "usage"},
		{[]string{"kernel", "install", "--user", "--prefix", dir}, 2, "choose one"},
		{[]string{"kernel", "install", "--name", "a/b"}, 2, "kernel name"},
		{[]string{"kernel", "--connection-file", filepath.Join(dir, "missing.json")}, 1, "missing.json"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, nil, &out, &errb); code != tc.code || !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.msg)
		}
	}
}

// jupyterPython is Debian's Python with the Jupyter packages (not the
// python3 first on PATH, which may be another installation).
const jupyterPython = "/usr/bin/python3"

// needJupyter skips unless /usr/bin/python3 has the Jupyter client packages
// the tests drive the kernel with; GAMELAB_REQUIRE_JUPYTER=1 (set by CI)
// turns the skip into a failure.
func needJupyter(tb testing.TB, modules ...string) {
	tb.Helper()
	script := "import " + strings.Join(modules, ", ")
	out, err := exec.Command(jupyterPython, "-c", script).CombinedOutput()
	if err == nil {
		return
	}
	msg := fmt.Sprintf("Jupyter tests need %s with %s (%v: %s); install the Debian packages: "+
		"apt-get install python3-jupyter-client python3-nbclient python3-nbformat python3-jupyter-kernel-test python3-ipykernel",
		jupyterPython, strings.Join(modules, ", "), err, bytes.TrimSpace(out))
	if os.Getenv("GAMELAB_REQUIRE_JUPYTER") == "1" {
		tb.Fatal(msg)
	}
	tb.Skip(msg)
}

// installedKernel builds the gamelab binary, installs its kernelspec with
// `gamelab kernel install --prefix` into a temporary tree and returns the
// environment that makes Jupyter find it (and keeps Jupyter's runtime files
// out of the home directory).
func installedKernel(tb testing.TB) []string {
	tb.Helper()
	dir := tb.TempDir()
	bin := gamelabBinary(tb)
	prefix := filepath.Join(dir, "prefix")
	if out, err := exec.Command(bin, "kernel", "install", "--prefix", prefix).CombinedOutput(); err != nil {
		tb.Fatalf("gamelab kernel install: %v\n%s", err, out)
	}
	return append(os.Environ(),
		"JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"),
		"JUPYTER_DATA_DIR="+filepath.Join(dir, "data"),
		"JUPYTER_RUNTIME_DIR="+filepath.Join(dir, "runtime"),
		"JUPYTER_CONFIG_DIR="+filepath.Join(dir, "config"),
		"IPYTHONDIR="+filepath.Join(dir, "ipython"),
		"PYTHONDONTWRITEBYTECODE=1", // no __pycache__ in testdata
		"GAMELAB_KERNEL_NAME=gamelab",
	)
}

// testdata is where the Python helpers live.
const testdata = "../../kernel/jupyter/testdata"

// python runs a helper from testdata with env and returns its output.
func python(tb testing.TB, env []string, args ...string) (string, error) {
	cmd := exec.Command(jupyterPython, args...)
	cmd.Dir = testdata
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestJupyterClients runs the real Jupyter client against the installed
// kernel: jupyter_kernel_test's conformance suite, Run All's stop at an
// error, then the notebooks of scripts/ through nbclient, compared with
// the outputs stored in them.
func TestJupyterClients(t *testing.T) {
	needJupyter(t, "jupyter_client", "nbclient", "nbformat", "jupyter_kernel_test")
	if testing.Short() {
		t.Skip("builds the binary and starts Jupyter kernels")
	}
	env := installedKernel(t)
	t.Run("conformance", func(t *testing.T) {
		out, err := python(t, env, "-m", "unittest", "-v", "conformance")
		if err != nil || !strings.Contains(out, "\nOK") {
			t.Fatalf("jupyter_kernel_test: %v\n%s", err, out)
		}
		t.Logf("jupyter_kernel_test:\n%s", out)
		if ran, passed, skipped := unittestResults(out); len(skipped) > 0 || ran == 0 || passed != ran {
			t.Errorf("jupyter_kernel_test must pass in full: %d ran, %d passed, skipped %v", ran, passed, skipped)
		}
	})
	// Run All stops at an error as on ipykernel: the cells still on their
	// way from the Jupyter server are aborted; nbclient with allow_errors
	// runs them all.
	t.Run("run all stops at an error", func(t *testing.T) {
		if out, err := python(t, env, "runall.py"); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	})
	for _, name := range []string{"demo.ipynb", "explore.ipynb", "variants.ipynb", "experiments.ipynb", "dp.ipynb"} {
		t.Run(name, func(t *testing.T) {
			nb, err := filepath.Abs("../../scripts/" + name)
			if err != nil {
				t.Fatal(err)
			}
			if out, err := python(t, env, "notebook.py", "check", nb); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}

// unittestResults reads `python -m unittest -v` output: how many tests ran,
// how many passed, and which skipped (a skip means gamelab gave the suite
// nothing to run for a feature).
func unittestResults(out string) (ran, passed int, skipped []string) {
	for _, line := range strings.Split(out, "\n") {
		name, result, ok := strings.Cut(line, " ... ")
		switch {
		case !ok || !strings.HasPrefix(name, "test_"):
		case result == "ok":
			passed++
		case strings.HasPrefix(result, "skipped"):
			skipped = append(skipped, strings.Fields(name)[0])
		}
		if n, ok := strings.CutPrefix(line, "Ran "); ok {
			ran, _ = strconv.Atoi(strings.Fields(n)[0])
		}
	}
	return ran, passed, skipped
}

// BenchmarkJupyterRoundTrip measures, in one run, the round trip of a
// trivial cell (execute_request until idle) through jupyter_client for
// gamelab and for Debian's ipykernel; the goal is gamelab at most half of
// ipykernel's time. It runs the measurement once, whatever b.N is:
//
//	go test -run '^$' -bench JupyterRoundTrip -benchtime 1x ./cmd/gamelab
func BenchmarkJupyterRoundTrip(b *testing.B) {
	needJupyter(b, "jupyter_client", "ipykernel")
	env := installedKernel(b)
	b.ResetTimer()
	out, err := python(b, env, "roundtrip.py", "300", "gamelab", "python3")
	if err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	ms := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 {
			ms[f[0]], _ = strconv.ParseFloat(f[1], 64)
		}
	}
	if ms["gamelab"] == 0 || ms["python3"] == 0 {
		b.Fatalf("unexpected output:\n%s", out)
	}
	b.ReportMetric(ms["gamelab"], "gamelab-ms/cell")
	b.ReportMetric(ms["python3"], "ipykernel-ms/cell")
	b.ReportMetric(ms["gamelab"]/ms["python3"], "ratio")
	b.Logf("median round trip: gamelab %.3f ms, ipykernel %.3f ms, ratio %.2f", ms["gamelab"], ms["python3"], ms["gamelab"]/ms["python3"])
}

func TestUnittestResults(t *testing.T) {
	out := "test_a (conformance.T.test_a) ... ok\n" +
		"test_b (conformance.T.test_b) ... skipped ''\n" +
		"test_c (conformance.T.test_c) ... ok\n\n" +
		"----------------------------------------------------------------------\n" +
		"Ran 3 tests in 1.2s\n\nOK (skipped=1)\n"
	ran, passed, skipped := unittestResults(out)
	if ran != 3 || passed != 2 || fmt.Sprint(skipped) != "[test_b]" {
		t.Errorf("got %d ran, %d passed, skipped %v", ran, passed, skipped)
	}
}
