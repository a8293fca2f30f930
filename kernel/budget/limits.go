package budget

// What the operating system lets this process use, and the budget that
// keeps it inside: the machine's memory, its container's (cgroup v1 or v2)
// limit, and the address-space and data limits of setrlimit (ulimit -v,
// ulimit -d, prlimit). Past RLIMIT_AS or RLIMIT_DATA the Go runtime cannot
// map more heap and dies with "fatal error: out of memory", which nothing
// can recover; past a cgroup's limit the kernel's OOM killer ends the
// process. A budget under the ceiling these leave makes a statement stop
// with a MemoryError well before either.

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
)

// Limits are the memory limits of this process, 0 where there is none.
type Limits struct {
	RAM          int64  // the machine's memory (MemTotal)
	Cgroup       int64  // the smallest memory limit of the process's cgroups and their parents
	CgroupFile   string // the file that set Cgroup
	AddressSpace int64  // RLIMIT_AS, the soft limit
	Data         int64  // RLIMIT_DATA, the soft limit
	// What the process maps now (/proc/self/status), which counts against
	// those limits before any budget: the Go runtime and the C library
	// reserve hundreds of megabytes of address space at start.
	VmSize, VmData int64
	// Own is the most resident memory the process can hold outside the
	// Go runtime's: its code and read-only data, and the C library's,
	// which the system reads in from the files mapped (/proc/self/maps)
	// as they run, so at most their size; and ownAnon for the C library's
	// heap and the runtime's globals. What of it is resident counts as in
	// use in every budget (see Budget.InUse), so that the process's
	// resident memory, not only its heap, stays within the budget.
	Own int64
}

// ownAnon is what the process holds outside the Go heap in memory of its
// own, not mapped from a file: the runtime's globals that have been
// touched and the C library's heap (a few hundred kilobytes each).
const ownAnon = 1 << 20

// runtimeReserve is the address space and data that the process may still
// map outside the Go heap once it runs: the stacks of threads it starts
// later (512 KB each under a limit, see internal/osmem), the runtime's own
// structures growing with the heap, and the heap's granularity (it grows
// by 64 MB arenas). It was 384 MB while every thread took an 8 MB stack
// and a 64 MB malloc arena of the C library's, and the default budget
// under ulimit -v 1 GB was less than nothing.
const runtimeReserve = 64 << 20

// heapSpread is how much address space the heap maps per byte of budget
// at worst: the garbage of the statement before the collector runs, and
// large blocks that cannot reuse the freed smaller ones (a string doubled
// leaves its halves behind), all of which stay mapped.
const heapSpread = 2

// Ceiling is the largest budget under which the heap's growth ends in a
// MemoryError rather than the process's death, and why it is that; "" and
// math.MaxInt64 when no limit bounds it (the machine's memory does not:
// past it the system swaps, slowly, but nothing dies).
func (l Limits) Ceiling() (bytes int64, why string) {
	bytes = math.MaxInt64
	if l.Cgroup > 0 {
		// The container's limit counts the whole process, the collector's
		// headroom included (see Set): a budget of three quarters of it
		// keeps the process's peak below it.
		bytes, why = l.Cgroup/4*3, fmt.Sprintf("the container's memory limit is %s, in %s", builtin.ByteSize(l.Cgroup), l.CgroupFile)
	}
	if l.AddressSpace > 0 {
		if c := (l.AddressSpace - l.VmSize - runtimeReserve) / heapSpread; c < bytes {
			bytes, why = c, fmt.Sprintf("ulimit -v limits the address space to %s, %s of it mapped at start",
				builtin.ByteSize(l.AddressSpace), builtin.ByteSize(l.VmSize))
		}
	}
	if l.Data > 0 {
		if c := (l.Data - l.VmData - runtimeReserve) / heapSpread; c < bytes {
			bytes, why = c, fmt.Sprintf("ulimit -d limits the data segment to %s, %s of it in use at start",
				builtin.ByteSize(l.Data), builtin.ByteSize(l.VmData))
		}
	}
	return max(bytes, 0), why
}

// Default is the budget of a session under these limits: a quarter of the
// machine's memory (or of its container's), at most the ceiling, at least
// Min.
func (l Limits) Default() int64 {
	ceiling, _ := l.Ceiling()
	return max(min(l.quarter(), ceiling), Min)
}

// quarter is a quarter of the machine's memory, or of its container's.
func (l Limits) quarter() int64 {
	if l.Cgroup > 0 {
		return min(l.RAM, l.Cgroup) / 4
	}
	return l.RAM / 4
}

// Note says why the default budget is less than a quarter of the
// machine's memory, when a limit of the process makes it so (the front
// ends say it as they start): what it is and what set it; "" when no limit
// lowers it.
func (l Limits) Note() string {
	ceiling, why := l.Ceiling()
	if why == "" || ceiling >= l.quarter() {
		return ""
	}
	note := fmt.Sprintf("the memory budget is %s, not a quarter of the machine's memory: %s", builtin.ByteSize(l.Default()), why)
	if ceiling < Min {
		note += fmt.Sprintf("; that leaves less than the smallest budget, %s, and a statement that needs much may end the process", builtin.ByteSize(Min))
	}
	return note
}

// Check says whether a budget of bytes fits under the limits: an error in
// the user's words when it does not, "is more than this process can hold
// (…)", the ceiling and why, for the caller to name what is.
func (l Limits) Check(bytes int64) error {
	ceiling, why := l.Ceiling()
	if bytes <= max(ceiling, Min) {
		return nil // more than the machine's memory is the user's call: it may swap
	}
	return fmt.Errorf("is more than this process can hold (%s: the budget can be at most %s)",
		why, builtin.ByteSize(max(ceiling, Min)))
}

// ReadLimits reads the limits of this process (see readLimits).
func ReadLimits() Limits {
	l := readLimits("/")
	l.AddressSpace, l.Data = rlimits()
	return l
}

// readLimits reads the memory limits from the files under root (a test's
// fake /proc and /sys): the machine's memory, the cgroups' limits, what
// the process maps. Without /proc/meminfo (not Linux) the machine is taken
// to have 4 GiB.
func readLimits(root string) Limits {
	l := Limits{RAM: 4 << 30}
	read := func(path string) string {
		return readProc(filepath.Join(root, path))
	}
	if kb, ok := statusField(read("proc/meminfo"), "MemTotal:"); ok {
		l.RAM = kb
	}
	status := read("proc/self/status")
	l.VmSize, _ = statusField(status, "VmSize:")
	l.VmData, _ = statusField(status, "VmData:")
	l.Cgroup, l.CgroupFile = cgroupLimit(read("proc/self/cgroup"), read)
	l.Own = fileMapped(read("proc/self/maps")) + ownAnon
	return l
}

// ownResident is how much of own (Limits.Own) is resident now: the pages
// of the process's files (/proc/self/statm's shared pages) and ownAnon;
// own itself where that cannot be read.
func ownResident(own int64) int64 {
	f := strings.Fields(readProc("/proc/self/statm"))
	if len(f) < 3 {
		return own
	}
	pages, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return own
	}
	return min(pages*pageSize+ownAnon, own)
}

// fileMapped is the bytes of the mappings of /proc/self/maps that come
// from a file (a non-zero inode): the executable's code and data, the C
// library's, all of which may become resident.
func fileMapped(maps string) int64 {
	var total int64
	for _, line := range strings.Split(maps, "\n") {
		// 00400000-009fb000 r-xp 00000000 fe:00 9978529   /path
		f := strings.Fields(line)
		if len(f) < 6 || f[4] == "0" {
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		a, errA := strconv.ParseUint(lo, 16, 64)
		b, errB := strconv.ParseUint(hi, 16, 64)
		if ok && errA == nil && errB == nil && b > a {
			total += int64(min(b-a, math.MaxInt64/4))
		}
	}
	return total
}

// statusField reads a "Name:   1234 kB" line of /proc/meminfo or
// /proc/self/status, in bytes.
func statusField(text, name string) (int64, bool) {
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == name {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				return kb << 10, true
			}
		}
	}
	return 0, false
}

// cgroupLimit is the smallest memory limit of the process's cgroup and its
// ancestors, in cgroup v2 (memory.max under the unified hierarchy) or v1
// (memory.limit_in_bytes under the memory controller), and the file that
// set it; 0 when none is set. /proc/self/cgroup names the groups: "0::/a/b"
// for v2, "4:memory:/a/b" for v1. In a container the group's own directory
// is often mounted as the root, so the root's files count too.
func cgroupLimit(procCgroup string, read func(string) string) (limit int64, file string) {
	consider := func(path string) {
		text := strings.TrimSpace(read(path))
		n, err := strconv.ParseInt(text, 10, 64)
		// "max" (v2) and v1's page-rounded 2^63 mean no limit.
		if err != nil || n <= 0 || n >= 1<<62 {
			return
		}
		if limit == 0 || n < limit {
			limit, file = n, "/"+path
		}
	}
	walk := func(base, group, name string) {
		for dir := filepath.Join(base, group); ; dir = filepath.Dir(dir) {
			consider(filepath.Join(dir, name))
			if dir == base || dir == "." || dir == "/" {
				return
			}
		}
	}
	for _, line := range strings.Split(procCgroup, "\n") {
		parts := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			walk("sys/fs/cgroup", parts[2], "memory.max")
			walk("sys/fs/cgroup/unified", parts[2], "memory.max")
		case hasController(parts[1], "memory"):
			walk("sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes")
		}
	}
	consider("sys/fs/cgroup/memory.max")
	consider("sys/fs/cgroup/memory/memory.limit_in_bytes")
	return limit, file
}

// hasController says whether a v1 line's controller list ("cpu,cpuacct")
// names c.
func hasController(list, c string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == c {
			return true
		}
	}
	return false
}
