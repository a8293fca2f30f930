//go:build linux

package judge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// How a program runs on Linux so that nothing it starts outlives its run:
//
//   - it runs as the leader of a session and process group of its own, so
//     one kill of the group ends every child that stays in it, and its
//     environment carries the run's token (GAMELAB_JUDGE_RUN);
//   - the judge is a subreaper (PR_SET_CHILD_SUBREAPER) while it judges, so
//     a child the program orphans, even one that called setsid, becomes the
//     judge's child instead of init's; when the run ends every such orphan
//     of the run (its session, or its token) is killed with all it
//     started, and reaped; when the judge ends, every orphan at all;
//   - its output is read from pipes of the judge's own until the program
//     itself exits, then the group is killed and the reading stops: a
//     background child holding the pipe never holds the judge;
//   - CPU time and resident memory are read from /proc while it runs (the
//     whole tree) and exactly from its rusage when it ends, its memory
//     counted from the judge's own peak, reset at its start (startListed);
//     RLIMIT_CPU stops it too, a second or two after the judge would,
//     should the judge be starved.

var procs = struct {
	sync.Mutex // held by a start and by a sweep: a sweep never sees a child not yet listed
	mu         sync.Mutex
	direct     map[int]bool // the programs now running, children the sweeps leave to exec
	users      int          // judges running in this process; it is a subreaper while > 0
	seq        atomic.Uint64
}{direct: map[int]bool{}}

// tokenVar names the environment variable of a run's token.
const tokenVar = "GAMELAB_JUDGE_RUN"

// enter makes this process the subreaper of what the programs leave
// behind, for one judge; leave ends that, killing and reaping every orphan
// left.
func enter() (leave func()) {
	procs.mu.Lock()
	procs.users++
	if procs.users == 1 {
		unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	}
	procs.mu.Unlock()
	return func() {
		prefix := fmt.Sprintf("%s=%d-", tokenVar, os.Getpid())
		sweep(func(st procStat, env []byte, _ bool) bool {
			return st.sid != ownSid || bytes.Contains(env, []byte(prefix))
		})
		procs.mu.Lock()
		procs.users--
		if procs.users == 0 {
			unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
		}
		procs.mu.Unlock()
	}
}

var ownSid, _ = unix.Getsid(0)

// proc is one run of a program.
type proc struct {
	cmd       *exec.Cmd
	pid       int
	token     string
	lim       Limits
	started   time.Time
	in        *os.File // interactive: the judge's end of the program's standard input
	out, errs *capture
	exited    chan struct{}
	stopOnce  sync.Once
	stopped   atomic.Value // string: why the judge stopped it
	inherited int64        // the peak memory its rusage counts from (startListed)
	seen      atomic.Int64 // the most resident memory the monitor saw it hold
}

// startProc starts argv with input as its standard input (a file in
// memory), or, interactive, a pipe the judge writes (p.in) while it reads
// the program's output itself (p.out.lines).
func startProc(ctx context.Context, argv []string, input []byte, interactive bool, lim Limits) (*proc, error) {
	p := &proc{lim: lim, exited: make(chan struct{}), token: fmt.Sprintf("%d-%d", os.Getpid(), procs.seq.Add(1))}
	var stdin *os.File
	var err error
	if interactive {
		stdin, p.in, err = os.Pipe()
	} else {
		stdin, err = memFile(input)
	}
	if err != nil {
		return nil, &StartError{"the system has no room for the program's input (" + mb(int64(len(input))) + ")"}
	}
	defer stdin.Close()
	outR, outW, err1 := os.Pipe()
	errR, errW, err2 := os.Pipe()
	if err1 != nil || err2 != nil {
		closeAll(outR, outW, errR, errW, p.in)
		return nil, &StartError{"the system has no room for more open files"}
	}
	started := time.Now()
	cmd, inherited, err := startListed(func() *exec.Cmd {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, outW, errW
		cmd.Env = append(os.Environ(), tokenVar+"="+p.token)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		return cmd
	})
	outW.Close()
	errW.Close()
	if err != nil {
		closeAll(outR, errR, p.in)
		return nil, &StartError{fmt.Sprintf("cannot run %s: %s", argv[0], startWords(argv[0], err))}
	}
	p.cmd, p.pid, p.started, p.inherited = cmd, cmd.Process.Pid, started, inherited
	// The backstop: the kernel stops it a second past the judge's stop.
	if lim.CPU > 0 {
		s := uint64(lim.stopAt()/time.Second) + 2
		unix.Prlimit(p.pid, unix.RLIMIT_CPU, &unix.Rlimit{Cur: s, Max: s + 1}, nil)
	}
	p.out, p.errs = captures(outR, errR, interactive, p.stop)
	go p.monitor(ctx)
	return p, nil
}

// startListed starts the command build makes and lists its process as a
// direct child, both under the start lock, so that no sweep takes it for
// an orphan. A script just written may be busy for a moment (ETXTBSY):
// that is tried again, with a new command. inherited is what the child's
// peak resident memory starts from: a child counts, as its own, the
// memory of the process it was forked from (this one), which Linux
// records when it execs; so this process's peak is reset to its current
// resident memory just before, and read just after.
func startListed(build func() *exec.Cmd) (cmd *exec.Cmd, inherited int64, err error) {
	for try := 0; ; try++ {
		cmd = build()
		procs.Lock()
		os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
		err = cmd.Start()
		if err == nil {
			inherited = ownPeak()
			procs.mu.Lock()
			procs.direct[cmd.Process.Pid] = true
			procs.mu.Unlock()
		}
		procs.Unlock()
		if !errors.Is(err, syscall.ETXTBSY) || try == 20 {
			return cmd, inherited, err
		}
		time.Sleep(time.Duration(try+1) * 5 * time.Millisecond)
	}
}

// ownPeak is this process's peak resident memory (VmHWM), in bytes.
func ownPeak() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	_, rest, _ := bytes.Cut(b, []byte("VmHWM:"))
	kb, _ := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(firstLine(rest)), []byte("kB")))), 10, 64)
	return kb << 10
}

func firstLine(b []byte) []byte {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return line
}

// memFile is a file in memory holding input, at its start.
func memFile(input []byte) (*os.File, error) {
	fd, err := unix.MemfdCreate("judge-input", unix.MFD_CLOEXEC)
	var f *os.File
	if err == nil {
		f = os.NewFile(uintptr(fd), "judge-input")
	} else if f, err = os.CreateTemp("", "gamelab-judge-input-"); err != nil {
		return nil, err
	} else {
		os.Remove(f.Name())
	}
	if _, err := f.Write(input); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}

// stop kills the program, and whatever of its session is left, for why.
func (p *proc) stop(why string) {
	p.stopOnce.Do(func() {
		p.stopped.Store(why)
		syscall.Kill(-p.pid, syscall.SIGKILL)
		p.cmd.Process.Kill()
	})
}

// monitor stops the program when it passes its CPU time (stopAt) or memory, when
// the wall-time guard runs out, or when ctx ends. It first looks after
// 20 ms, when a fast program has long ended, then every 50 ms.
func (p *proc) monitor(ctx context.Context) {
	guard := time.NewTimer(p.lim.Wall)
	defer guard.Stop()
	tick := time.NewTimer(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.exited:
			return
		case <-ctx.Done():
			p.stop("cancelled")
			return
		case <-guard.C:
			p.stop("wall")
			return
		case <-tick.C:
			cpu, rss := treeUsage(p.pid)
			if rss > p.seen.Load() {
				p.seen.Store(rss)
			}
			switch {
			case p.lim.CPU > 0 && cpu > p.lim.stopAt():
				p.stop("cpu")
				return
			case p.lim.Memory > 0 && rss > p.lim.Memory:
				p.stop("memory")
				return
			}
			tick.Reset(50 * time.Millisecond)
		}
	}
}

// wait waits for the program to end, kills what it left, reads the rest
// of its output and says how the run went.
func (p *proc) wait() Outcome {
	err := p.cmd.Wait()
	wall := time.Since(p.started)
	close(p.exited)
	procs.mu.Lock()
	delete(procs.direct, p.pid)
	procs.mu.Unlock()
	syscall.Kill(-p.pid, syscall.SIGKILL)
	sid := p.pid
	mark := []byte(tokenVar + "=" + p.token + "\x00")
	// An orphan without a token (its environment emptied) is the run's
	// when no other program runs; else the judge's end kills it.
	sweep(func(st procStat, env []byte, alone bool) bool {
		return st.sid == sid || bytes.Contains(env, mark) || alone && !bytes.Contains(env, []byte(tokenVar+"="))
	})
	if p.in != nil {
		p.in.Close()
	}
	// Whatever is still in the pipes was written before the kill; a holder
	// the sweep could not find gives up its pipe after a moment.
	finish(p.out, p.errs)
	o := Outcome{Stdout: p.out.buf, Stderr: p.errs.buf, Cut: p.out.cut || p.errs.cut, Wall: wall}
	if why, ok := p.stopped.Load().(string); ok {
		o.Stopped = why
	}
	if ps := p.cmd.ProcessState; ps != nil {
		o.CPU = ps.UserTime() + ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			// Past what it inherited, its peak is its own; else all that is
			// known is that it is no more than that (and no less than the
			// monitor saw).
			if o.Memory = ru.Maxrss << 10; o.Memory <= p.inherited {
				o.Memory, o.MemoryAtMost = max(p.inherited, p.seen.Load()), p.seen.Load() < p.inherited
				o.MemorySeen = p.seen.Load()
			}
		}
		o.Exit = exitWords(ps)
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGXCPU && o.Stopped == "" {
			o.Stopped = "cpu"
		}
	} else if err != nil {
		o.Exit = "could not be waited for"
	}
	return o
}

// procStat is what the judge reads of a process in /proc/PID/stat.
type procStat struct {
	state      byte
	ppid, sid  int
	pgrp       int
	cpu        time.Duration // utime + stime + cutime + cstime
	rssPages   int64
	readFailed bool
}

// readStat reads /proc/pid/stat; readFailed when the process is gone.
func readStat(pid int) procStat {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := bytes.LastIndexByte(b, ')')
	if err != nil || i < 0 {
		return procStat{readFailed: true}
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 22 {
		return procStat{readFailed: true}
	}
	num := func(k int) int64 { n, _ := strconv.ParseInt(f[k], 10, 64); return n }
	ticks := num(11) + num(12) + num(13) + num(14) // of USER_HZ, 100 on Linux
	return procStat{state: f[0][0], ppid: int(num(1)), pgrp: int(num(2)), sid: int(num(3)),
		cpu: time.Duration(ticks) * 10 * time.Millisecond, rssPages: num(21)}
}

// children lists pid's children, from every thread's children file.
func children(pid int) []int {
	tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	var out []int
	for _, t := range tasks {
		out = append(out, listed(t)...)
	}
	return out
}

// listed is the pids a children file lists.
func listed(file string) []int {
	b, _ := os.ReadFile(file)
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// tree is pid and every process below it.
func tree(pid int) []int {
	out, seen := []int{pid}, map[int]bool{pid: true}
	for i := 0; i < len(out) && len(out) < 10000; i++ {
		for _, c := range children(out[i]) {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// treeUsage is the CPU time and resident memory of pid and everything
// below it, now.
func treeUsage(pid int) (cpu time.Duration, rss int64) {
	page := int64(os.Getpagesize())
	for _, q := range tree(pid) {
		st := readStat(q)
		cpu += st.cpu
		rss += st.rssPages * page
	}
	return cpu, rss
}

// sweep kills every child of this process that a program left behind
// and match picks (by its stat and environment), with everything below
// it, and reaps it; and reaps every zombie a program left; alone tells
// match that no program is running now. It goes round
// until no such child is left: a killed orphan's own children become
// this process's in their turn.
func sweep(match func(st procStat, env []byte, alone bool) bool) {
	procs.Lock()
	defer procs.Unlock()
	self := os.Getpid()
	// An orphan is handed to a subreaper's first live thread, its main one
	// (which a Go process keeps), so only that thread's list is read.
	orphans := "/proc/" + strconv.Itoa(self) + "/task/" + strconv.Itoa(self) + "/children"
	for round := 0; round < 100; round++ {
		found := false
		for _, pid := range listed(orphans) {
			procs.mu.Lock()
			direct := procs.direct[pid]
			procs.mu.Unlock()
			if direct {
				continue
			}
			st := readStat(pid)
			if st.readFailed || st.ppid != self {
				continue
			}
			if st.state == 'Z' {
				if st.sid != ownSid { // a program's: every program runs in a session of its own
					unix.Wait4(pid, nil, unix.WNOHANG, nil)
					found = true
				}
				continue
			}
			env, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
			if st.sid == ownSid && !bytes.Contains(env, []byte(tokenVar+"=")) {
				continue // this process's own child, not a program's
			}
			procs.mu.Lock()
			alone := len(procs.direct) == 0
			procs.mu.Unlock()
			if !match(st, env, alone) {
				continue
			}
			for _, q := range tree(pid) {
				if g := readStat(q).pgrp; g > 1 && g != unix.Getpgrp() {
					syscall.Kill(-g, syscall.SIGKILL)
				}
				syscall.Kill(q, syscall.SIGKILL)
			}
			unix.Wait4(pid, nil, 0, nil)
			found = true
		}
		if !found {
			return
		}
	}
}
