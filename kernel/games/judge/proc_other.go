//go:build !linux && !js

package judge

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"
)

// Outside Linux a program runs as a plain child: its CPU time and memory
// come from its rusage at the end, the wall-time guard and the output cap
// stop it, and only the program itself is killed (no subreaper: what it
// leaves behind may outlive it).

func enter() (leave func()) { return func() {} }

type proc struct {
	cmd       *exec.Cmd
	lim       Limits
	started   time.Time
	in        *os.File
	out, errs *capture
	exited    chan struct{}
	stopOnce  sync.Once
	stopped   atomic.Value
}

func startProc(ctx context.Context, argv []string, input []byte, interactive bool, lim Limits) (*proc, error) {
	p := &proc{lim: lim, exited: make(chan struct{})}
	cmd := exec.Command(argv[0], argv[1:]...)
	var stdin *os.File
	if interactive {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, &StartError{"the system has no room for more open files"}
		}
		stdin, p.in = r, w
		cmd.Stdin = r
	} else {
		cmd.Stdin = bytes.NewReader(input)
	}
	outR, outW, _ := os.Pipe()
	errR, errW, _ := os.Pipe()
	cmd.Stdout, cmd.Stderr = outW, errW
	err := cmd.Start()
	outW.Close()
	errW.Close()
	if stdin != nil {
		stdin.Close()
	}
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, &StartError{fmt.Sprintf("cannot run %s: %s", argv[0], startWords(argv[0], err))}
	}
	p.cmd, p.started = cmd, time.Now()
	p.out, p.errs = captures(outR, errR, interactive, p.stop)
	go p.monitor(ctx)
	return p, nil
}

func (p *proc) stop(why string) {
	p.stopOnce.Do(func() { p.stopped.Store(why); p.cmd.Process.Kill() })
}

func (p *proc) monitor(ctx context.Context) {
	guard := time.NewTimer(p.lim.Wall)
	defer guard.Stop()
	select {
	case <-p.exited:
	case <-ctx.Done():
		p.stop("cancelled")
	case <-guard.C:
		p.stop("wall")
	}
}

func (p *proc) wait() Outcome {
	p.cmd.Wait()
	o := Outcome{Wall: time.Since(p.started)}
	close(p.exited)
	if p.in != nil {
		p.in.Close()
	}
	finish(p.out, p.errs)
	o.Stdout, o.Stderr, o.Cut = p.out.buf, p.errs.buf, p.out.cut || p.errs.cut
	if why, ok := p.stopped.Load().(string); ok {
		o.Stopped = why
	}
	if ps := p.cmd.ProcessState; ps != nil {
		o.CPU = ps.UserTime() + ps.SystemTime()
		o.Exit = exitWords(ps)
	}
	return o
}
