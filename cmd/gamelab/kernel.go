package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gamelab/internal/version"
	"gamelab/kernel/jupyter"
)

var kernelCommand = &command{
	name:    "kernel",
	summary: "the Jupyter kernel: 'kernel install' registers it, Jupyter starts it",
	usage: "--connection-file FILE\n" +
		"       gamelab kernel install [--user | --sys-prefix | --prefix DIR] [--name NAME] [--display-name TEXT]\n\n" +
		"install writes a kernelspec that starts this binary: --user (the default) into\n" +
		"the per-user Jupyter data dir ($JUPYTER_DATA_DIR, else ~/.local/share/jupyter),\n" +
		"--sys-prefix into $VIRTUAL_ENV or $CONDA_PREFIX, else /usr/local (share/jupyter/kernels),\n" +
		"--prefix DIR into DIR/share/jupyter/kernels. Then: jupyter console --kernel gamelab.\n" +
		"--connection-file runs the kernel (Jupyter passes the file).",
	run: runKernel,
}

func runKernel(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return runKernelInstall(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("kernel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	connFile := fs.String("connection-file", "", "the connection file Jupyter wrote for this kernel")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *connFile == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: gamelab kernel --connection-file FILE | gamelab kernel install [flags]")
		return 2
	}
	ci, err := jupyter.ReadConnectionFile(*connFile)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab kernel: %v\n", err)
		return 1
	}
	k, err := jupyter.New(*ci, jupyter.WithLog(stderr), jupyter.WithVersion(version.Version))
	if err != nil {
		fmt.Fprintf(stderr, "gamelab kernel: %v\n", err)
		return 1
	}
	// SIGINT interrupts the running cell (as ipykernel does) instead of
	// killing the kernel; SIGTERM and SIGHUP stop it cleanly.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
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
		fmt.Fprintf(stderr, "gamelab kernel: %v\n", err)
		return 1
	}
	return 0
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

func runKernelInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kernel install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	user := fs.Bool("user", false, "install for this user (the default)")
	sysPrefix := fs.Bool("sys-prefix", false, "install into $VIRTUAL_ENV or $CONDA_PREFIX, else /usr/local")
	prefix := fs.String("prefix", "", "install into `DIR`/share/jupyter/kernels")
	name := fs.String("name", "gamelab", "kernelspec name (what --kernel NAME picks)")
	display := fs.String("display-name", "gamelab", "name notebook interfaces show")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gamelab kernel install: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	dir, err := jupyter.KernelDir(*name, *user, *sysPrefix, *prefix)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab kernel install: %v\n", err)
		return 2
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gamelab kernel install: finding this binary: %v\n", err)
		return 1
	}
	if strings.Contains(exe, "go-build") {
		fmt.Fprintf(stderr, "gamelab kernel install: warning: %s is a temporary 'go run' binary; install from 'go build' or 'go install' instead\n", exe)
	}
	spec := jupyter.Spec{
		Name:        *name,
		DisplayName: *display,
		Argv:        []string{exe, "kernel", "--connection-file", "{connection_file}"},
	}
	if err := jupyter.Install(dir, spec); err != nil {
		fmt.Fprintf(stderr, "gamelab kernel install: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "installed kernelspec %s in %s\n", *name, dir)
	return 0
}
