package jupyter

// Tests of the kernel under abuse (issue #14) on IOPub: peers that
// send other than subscriptions, and a subscriber that never reads.

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"

	"github.com/go-zeromq/zmq4"
)

// TestIOPubTakesOnlySubscriptions: an iopub peer that sends anything but
// subscriptions is sent away. zmq4's PUB alone queues such messages where
// no one reads them; after ten, that connection's reader blocks for ever,
// holding its descriptor and goroutine.
func TestIOPubTakesOnlySubscriptions(t *testing.T) {
	c := start(t, &fakeEngine{})
	fds, gs := fdCount(t), runtime.NumGoroutine()
	for range 20 {
		z := zmtpDial(t, ports(c.k)[3].addr, "SUB")
		for range 20 {
			z.send([]byte("not a subscription"))
		}
		if err := hungUp(z.Conn); err != nil {
			t.Fatal(err)
		}
	}
	settles(t, "iopub peers that sent messages", fds, gs)
	if r, out := c.exec(code("still publishing")); r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
}

// TestStuckSubscriber: an iopub subscriber that stops reading is cut off
// after the write timeout (shortened here) instead of stopping iopub for
// everyone, and with it the cells, whose output waits to be published.
func TestStuckSubscriber(t *testing.T) {
	defer wire.WriteTimeout.Store(wire.WriteTimeout.Load())
	wire.WriteTimeout.Store(int64(300 * time.Millisecond))
	c := start(t, &fakeEngine{})
	stuck := zmtpDial(t, ports(c.k)[3].addr, "SUB")
	// It subscribes to every topic the kernel publishes ("kernel." starts
	// them all; the other client subscribed to "", so this one is told
	// apart), and its subscription must be in before the output starts.
	if err := stuck.send([]byte("\x01kernel.")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the stuck subscriber's subscription", func() bool {
		return slices.Contains(c.k.conn.IOPub.Sock.(zmq4.Topics).Topics(), "kernel.")
	})
	// Far more output than the socket buffers of both ends hold.
	text := strings.Repeat("x", 4<<20)
	for i := range 10 {
		if r, out := c.exec(code("print " + text)); r["status"] != "ok" || len(out) < 2 {
			t.Fatalf("cell %d: reply %v, outputs %s", i, r, types(out))
		}
	}
	if err := hungUp(stuck.Conn); err != nil {
		t.Fatal(err)
	}
}
