//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this is gamelab's engine for the web page: it runs in a browser, built with GOOS=js GOARCH=wasm ('gamelab web build DIR' builds the site)")
	os.Exit(2)
}
