//go:build linux

package main

// Issue 20's attacks on gamelab kernel: a kernel whose parent dies,
// interrupts and memory through the Jupyter protocol.

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// freePorts are n TCP ports free on 127.0.0.1 now.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// A kernel whose client was killed without a shutdown exits, as
// ipykernel's parent poller makes it: its parent is gone.
func TestAKernelOutlivesNoParent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kernel")
	}
	p := freePorts(t, 5)
	conn := writeFile(t, t.TempDir(), "kernel.json", fmt.Sprintf(`{"transport": "tcp", "ip": "127.0.0.1", "shell_port": %d, "iopub_port": %d,
		"stdin_port": %d, "control_port": %d, "hb_port": %d, "key": "k", "signature_scheme": "hmac-sha256"}`, p[0], p[1], p[2], p[3], p[4]))
	// The shell starts the kernel and ends at once: the kernel's parent is gone.
	// JPY_PARENT_PID names it, as Jupyter's launcher does.
	out, err := exec.Command("sh", "-c", `JPY_PARENT_PID=$$ "$0" kernel --connection-file "$1" >/dev/null 2>&1 & echo $!`, gamelabBinary(t), conn).Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(e2eWait)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the orphaned kernel is still running")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive says the process pid runs: it exists and is no zombie (whoever
// adopted the orphan may not have reaped it yet).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state …: the state follows the last ')'.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

// Jupyter's interrupt stops each long statement with the session's
// variables intact, and a kernel under an address-space limit answers a
// statement past it with a MemoryError (it died without a reply).
func TestJupyterInterruptAndMemory(t *testing.T) {
	needJupyter(t, "jupyter_client")
	if testing.Short() {
		t.Skip("starts Jupyter kernels")
	}
	env := installedKernel(t)
	out, err := python(t, env, "interrupt.py")
	if err != nil || !strings.HasSuffix(out, "ok\n") {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("seconds to stop:\n%s", out)
	cmd := exec.Command("sh", "-c", `ulimit -v 4000000 && exec "$0" "$@"`, jupyterPython, "interrupt.py", "memory")
	cmd.Dir, cmd.Env = testdata, env
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasSuffix(string(out), "ok\n") {
		t.Fatalf("under ulimit -v: %v\n%s", err, out)
	}
}
