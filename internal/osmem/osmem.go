// Package osmem keeps small the address space that the C library reserves
// for each thread of the process, so that gamelab starts and runs under a
// tight address-space limit (ulimit -v, prlimit --as), where every
// reserved byte counts, used or not. Importing it is enough.
//
// A build with cgo (the default where a C compiler is installed: package
// net uses the C library) starts every thread of the Go runtime with
// pthread_create, and the C library gives each a stack the size of the
// stack limit (8 MB under the usual ulimit -s) and, at once, a malloc
// arena of 64 MB of its own. A gamelab of six threads reserved 370 MB so,
// and one thread more than the limit left room for made pthread_create
// fail: the runtime aborts then (SIGABRT), at its start (under ulimit -v
// 1 GB, before main) or in the middle of a statement. This package's C
// part runs as the C library starts the program, before the Go runtime
// starts its first thread, and tells the C library to give every thread a
// stack of ThreadStack bytes and to keep one malloc arena for all. The Go
// runtime needs 64 KB of a thread's stack (in a build without cgo it
// gives its threads 16 KB); the C library's calls gamelab makes (a host
// name's address, at most) far less than that. A build without cgo has no
// such threads, and this package does nothing there.
//
// What remains is the Go runtime's own: some 700 MB of address space
// reserved before main for its page allocator's index, and 512 MB more
// when that fits (golang.org/issue/38010). No program can lower it: under
// a limit of less than about 750 MB no Go program starts, and between
// about 1.15 and 1.3 GB the runtime fails to start for want of the 100 MB
// its heap's first reservations take after those.
package osmem

// ThreadStack is the stack of each thread of a build with cgo.
const ThreadStack = 512 << 10
