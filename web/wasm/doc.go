// Command wasm is gamelab's engine for the web page: built with GOOS=js
// GOARCH=wasm (gamelab web build does it), it runs in the page's Web Worker
// and answers the page's messages with a kernel session through
// web/engine. Built for any other platform it only says so.
package main
