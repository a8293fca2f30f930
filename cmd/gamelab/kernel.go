package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"gamelab/internal/version"
	"gamelab/kernel/jupyter"
)

var kernelCommand = &command{
	Name:    "kernel",
	Summary: "the Jupyter kernel: 'kernel install' registers it, Jupyter starts it",
	Usage:   jupyter.Usage,
	Run:     runKernel,
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
	if err := k.Serve(context.Background()); err != nil {
		fmt.Fprintf(stderr, "gamelab kernel: %v\n", err)
		return 1
	}
	return 0
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
	warning, err := jupyter.InstallThis(dir, *name, *display)
	if warning != "" {
		fmt.Fprintf(stderr, "gamelab kernel install: warning: %s\n", warning)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gamelab kernel install: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "installed kernelspec %s in %s\n", *name, dir)
	return 0
}
