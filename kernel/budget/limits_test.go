package budget

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeRoot writes files (path: content) under a temporary root.
func fakeRoot(t *testing.T, files map[string]string) string {
	root := t.TempDir()
	for path, text := range files {
		full := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const (
	meminfo = "MemTotal:       16384000 kB\nMemFree:         1000 kB\n"
	status  = "Name:\tgamelab\nVmSize:\t 1600000 kB\nVmData:\t  120000 kB\n"
)

func TestReadLimitsFindsEveryCgroupKind(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  int64
		file  string
	}{
		{"none", map[string]string{}, 0, ""},
		{"v2 unlimited", map[string]string{
			"proc/self/cgroup":           "0::/user.slice/app\n",
			"sys/fs/cgroup/memory.max":   "max\n",
			"sys/fs/cgroup/user.slice/a": "",
		}, 0, ""},
		{"v2 nested: the parent's limit is the smaller", map[string]string{
			"proc/self/cgroup":                        "0::/user.slice/app\n",
			"sys/fs/cgroup/user.slice/app/memory.max": "4294967296\n",
			"sys/fs/cgroup/user.slice/memory.max":     "2147483648\n",
		}, 2 << 30, "/sys/fs/cgroup/user.slice/memory.max"},
		{"v2 in a container: the group is the root", map[string]string{
			"proc/self/cgroup":         "0::/\n",
			"sys/fs/cgroup/memory.max": "1073741824\n",
		}, 1 << 30, "/sys/fs/cgroup/memory.max"},
		{"v1", map[string]string{
			"proc/self/cgroup": "5:cpu,cpuacct:/\n4:memory:/process/abc\n0::/\n",
			"sys/fs/cgroup/memory/process/abc/memory.limit_in_bytes": "3221225472\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":             "9223372036854771712\n",
		}, 3 << 30, "/sys/fs/cgroup/memory/process/abc/memory.limit_in_bytes"},
		{"v1 unlimited", map[string]string{
			"proc/self/cgroup": "4:memory:/x\n",
			"sys/fs/cgroup/memory/x/memory.limit_in_bytes": "9223372036854771712\n",
		}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.files["proc/meminfo"] = meminfo
			tc.files["proc/self/status"] = status
			l := readLimits(fakeRoot(t, tc.files))
			if l.Cgroup != tc.want || l.CgroupFile != tc.file {
				t.Errorf("cgroup limit %d from %q, want %d from %q", l.Cgroup, l.CgroupFile, tc.want, tc.file)
			}
			if l.RAM != 16384000<<10 || l.VmSize != 1600000<<10 || l.VmData != 120000<<10 {
				t.Errorf("read %+v", l)
			}
		})
	}
}

func TestTheDefaultBudgetKeepsUnderEveryLimit(t *testing.T) {
	const gb = 1 << 30
	base := Limits{RAM: 16 * gb, VmSize: 1600 << 20, VmData: 120 << 20}
	for _, tc := range []struct {
		name   string
		change func(*Limits)
		want   int64
		why    string
	}{
		{"a quarter of the machine", func(*Limits) {}, 4 * gb, ""},
		{"a quarter of the container", func(l *Limits) { l.Cgroup = 2 * gb }, gb / 2, "container"},
		{"the address space", func(l *Limits) { l.AddressSpace = 4e9 }, (4e9 - 1600<<20 - runtimeReserve) / heapSpread, "ulimit -v"},
		{"a small address space", func(l *Limits) { l.AddressSpace = 2e9 }, (2e9 - 1600<<20 - runtimeReserve) / heapSpread, "ulimit -v"},
		{"a smaller address space: at least Min", func(l *Limits) { l.AddressSpace = 1700e6 }, Min, "ulimit -v"},
		{"the data limit", func(l *Limits) { l.Data = 3e9 }, (3e9 - 120<<20 - runtimeReserve) / heapSpread, "ulimit -d"},
		{"the smallest of all", func(l *Limits) { l.Data, l.AddressSpace, l.Cgroup = 3e9, 6e9, 8*gb }, (3e9 - 120<<20 - runtimeReserve) / heapSpread, "ulimit -d"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := base
			tc.change(&l)
			if got := l.Default(); got != tc.want {
				t.Errorf("Default() = %d, want %d", got, tc.want)
			}
			ceiling, why := l.Ceiling()
			if !strings.Contains(why, tc.why) || (tc.why == "") != (why == "") {
				t.Errorf("Ceiling() says %q, want it to name %q", why, tc.why)
			}
			err := l.Check(ceiling + 1<<30)
			if tc.why == "" {
				if err != nil {
					t.Errorf("with no limit a budget past the machine's memory is refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("a budget past the ceiling: %v", err)
			}
			if err := l.Check(max(ceiling, Min)); err != nil {
				t.Errorf("the ceiling itself is refused: %v", err)
			}
		})
	}
}

func TestFromEnvRefusesWhatItCannotUse(t *testing.T) {
	for v, want := range map[string]string{
		"abc":   "is not a number of bytes",
		"-1":    "is not a number of bytes",
		"1e9":   "is not a number of bytes",
		"":      "is not a number of bytes",
		"1MB":   "less than the smallest budget",
		"0":     "less than the smallest budget",
		"128MB": "",
	} {
		t.Setenv("GAMELAB_MEMORY", v)
		n, err := FromEnv()
		switch {
		case want == "" && err != nil:
			t.Errorf("GAMELAB_MEMORY=%q: %v", v, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "GAMELAB_MEMORY")):
			t.Errorf("GAMELAB_MEMORY=%q: %d, %v; want an error saying %q", v, n, err, want)
		}
		if err != nil && Default() != processLimits().Default() {
			t.Errorf("GAMELAB_MEMORY=%q: Default() is not the limits' default", v)
		}
	}
}

// The front ends say why the default budget is small when a limit makes it
// so, and nothing when it is the usual quarter.
func TestNoteSaysWhatLowersTheBudget(t *testing.T) {
	base := Limits{RAM: 16 << 30, VmSize: 750 << 20}
	for _, tc := range []struct {
		name   string
		change func(*Limits)
		want   []string
	}{
		{"no limit", func(*Limits) {}, nil},
		{"a container: its quarter", func(l *Limits) { l.Cgroup = 2 << 30 }, nil},
		{"ulimit -v 1 GB", func(l *Limits) { l.AddressSpace = 1e9 }, []string{"the memory budget is 69.8 MB", "ulimit -v limits the address space to 953.7 MB, 750.0 MB of it mapped at start"}},
		{"ulimit -v 800 MB", func(l *Limits) { l.AddressSpace = 800e6 }, []string{"the memory budget is 32.0 MB", "less than the smallest budget"}},
	} {
		l := base
		tc.change(&l)
		note := l.Note()
		if (note == "") != (tc.want == nil) {
			t.Errorf("%s: %q", tc.name, note)
		}
		for _, w := range tc.want {
			if !strings.Contains(note, w) {
				t.Errorf("%s: %q does not say %q", tc.name, note, w)
			}
		}
	}
}
