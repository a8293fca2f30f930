// The kernel process needs signals a web page has not: it is not part of
// the WebAssembly build.

//go:build !js

package jupyter

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The kernel as a process: the signals it takes and the parent it must
// not outlive, and the kernelspec that starts this very binary.

// Serve runs k as a kernel process does, until ctx ends: SIGINT
// interrupts the running cell (as ipykernel does) instead of killing the
// kernel; SIGTERM and SIGHUP stop it cleanly, and so does the end of the
// process that started it (see watchParent).
func (k *Kernel) Serve(ctx context.Context) error {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		for s := range sigs {
			if s == os.Interrupt {
				k.Interrupt()
				continue
			}
			cancel()
		}
	}()
	go watchParent(ctx, cancel, time.Second)
	if err := k.Run(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// watchParent ends the kernel (stop) when the process that started it is
// gone, as ipykernel's parent poller does: a client killed without a
// shutdown leaves no kernel behind. The orphan is then a child of init, or
// of a subreaper: its parent changes. The parent is the one Jupyter's
// launcher names in JPY_PARENT_PID (so a client gone before the kernel
// looked counts too), else the kernel's parent at start; a kernel started
// by init has no parent to outlive.
func watchParent(ctx context.Context, stop func(), every time.Duration) {
	parent := os.Getppid()
	if pid, err := strconv.Atoi(os.Getenv("JPY_PARENT_PID")); err == nil && pid > 0 {
		parent = pid
	}
	if parent == 1 {
		return
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if os.Getppid() != parent {
				stop()
				return
			}
		}
	}
}

// InstallThis writes into dir a kernelspec named name (displayed as
// display) that starts this binary as a kernel. warning, when not "", says
// the binary is go run's temporary one, which will not last.
func InstallThis(dir, name, display string) (warning string, err error) {
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", fmt.Errorf("cannot find this binary's own file to start it from: %v", err)
	}
	if strings.Contains(exe, "go-build") {
		warning = fmt.Sprintf("%s is a temporary 'go run' binary; install from 'go build' or 'go install' instead", exe)
	}
	return warning, Install(dir, Spec{Name: name, DisplayName: display, Argv: []string{exe, "kernel", "--connection-file", "{connection_file}"}})
}

// Usage is gamelab kernel's help.
const Usage = "--connection-file FILE\n" +
	"       gamelab kernel install [--user | --sys-prefix | --prefix DIR] [--name NAME] [--display-name TEXT]\n\n" +
	"install writes a kernelspec that starts this binary: --user (the default) into\n" +
	"the per-user Jupyter data dir ($JUPYTER_DATA_DIR, else ~/.local/share/jupyter),\n" +
	"--sys-prefix into $VIRTUAL_ENV or $CONDA_PREFIX, else /usr/local (share/jupyter/kernels),\n" +
	"--prefix DIR into DIR/share/jupyter/kernels. Then: jupyter console --kernel gamelab.\n" +
	"--connection-file runs the kernel (Jupyter passes the file)."
