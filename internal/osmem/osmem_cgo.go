//go:build cgo && linux

package osmem

/*
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stddef.h>

#define THREAD_STACK (512 << 10) // ThreadStack

// smallThreads runs as the C library starts the program, before the Go
// runtime starts its first thread (a constructor: cgo outside the
// standard library links the program with the C toolchain, whose start
// runs them first).
__attribute__((constructor)) static void smallThreads(void) {
#ifdef __GLIBC__
	mallopt(M_ARENA_MAX, 1);
	pthread_attr_t attr;
	if (pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, (size_t)THREAD_STACK) == 0) {
			pthread_setattr_default_np(&attr);
		}
		pthread_attr_destroy(&attr);
	}
#endif
}

static size_t defaultStack(void) {
	pthread_attr_t attr;
	size_t size = 0;
	if (pthread_getattr_default_np(&attr) == 0) {
		pthread_attr_getstacksize(&attr, &size);
		pthread_attr_destroy(&attr);
	}
	return size;
}
*/
import "C"

// threadStack is the stack the C library gives a thread now.
func threadStack() int { return int(C.defaultStack()) }
