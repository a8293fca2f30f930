package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"gamelab/web"
)

var webCommand = &command{
	Name:    "web",
	Summary: "gamelab in a web page: 'web build DIR' writes a static site, 'web serve' serves it",
	Usage:   web.Usage,
	Run:     runWeb,
}

func runWeb(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprintln(stderr, "usage: gamelab web build DIR | gamelab web serve [--addr HOST:PORT] [--dir DIR] [--isolate=false]")
		return 2
	}
	if len(args) == 0 {
		return usage()
	}
	// Ctrl-C or a kill stops the build or the server, which then removes
	// the site it built.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "build":
		if len(args) != 2 {
			return usage()
		}
		if err := web.Build(ctx, args[1], web.BuildOptions{}); err != nil {
			fmt.Fprintf(stderr, "gamelab web build: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote the site into %s; serve it with any static web server, or: gamelab web serve --dir %s\n", args[1], args[1])
		return 0
	case "serve":
		fs := flag.NewFlagSet("web serve", flag.ContinueOnError)
		fs.SetOutput(stderr)
		addr := fs.String("addr", "127.0.0.1:8023", "the address to listen on")
		dir := fs.String("dir", "", "a site built by 'gamelab web build' (default: build one now)")
		isolate := fs.Bool("isolate", true, "send the cross-origin isolation headers (Stop ends a cell in place)")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 {
			return usage()
		}
		err := web.ServeBuilt(ctx, *addr, *dir, *isolate, func() { fmt.Fprintln(stderr, "building the site…") }, func(url string) {
			fmt.Fprintf(stdout, "gamelab's page is at %s (Ctrl-C stops the server)\n", url)
		})
		if err != nil {
			fmt.Fprintf(stderr, "gamelab web serve: %v\n", err)
			return 1
		}
		return 0
	}
	return usage()
}
