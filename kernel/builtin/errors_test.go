package builtin

import (
	"errors"
	"testing"
	"time"
)

func TestArgError(t *testing.T) {
	e := ArgError("solve", 2, "player", "must be 1..9, got %d", 12)
	if e.Error() != "solve: argument 2 (player) must be 1..9, got 12" || e.Fn != "solve" || e.Arg != 2 || e.Offset != -1 || e.Kind != "" {
		t.Errorf("ArgError = %#v", e)
	}
	if e := ArgError("max", 3, "", "must be a number, got %q", "a"); e.Error() != `max: argument 3 must be a number, got "a"` {
		t.Errorf("unnamed argument: %q", e.Error())
	}
}

func TestInputError(t *testing.T) {
	cause := errors.New(`token 4 "x": not an integer`)
	e := InputError("polygon", 1, 6, cause)
	if e.Error() != `polygon: token 4 "x": not an integer` || e.Kind != GameError || e.Offset != 6 || !errors.Is(e, cause) {
		t.Errorf("InputError = %#v", e)
	}
}

func TestErrorf(t *testing.T) {
	cause := errors.New("disk full")
	e := Errorf(RuntimeError, "save: %w", cause)
	if e.Error() != "save: disk full" || e.Kind != RuntimeError || !errors.Is(e, cause) || e.Arg != 0 {
		t.Errorf("Errorf = %#v", e)
	}
}

func TestWarning(t *testing.T) {
	(&Env{}).Warning("no Warn: nothing happens")
	var got string
	(&Env{Warn: func(m string) { got = m }}).Warning("hi")
	if got != "hi" {
		t.Errorf("Warning reached Warn with %q", got)
	}
}

// TestLong: a long solve's warning says its estimate where no progress
// line will, and leaves the time to that line where one does.
func TestLong(t *testing.T) {
	env := &Env{}
	if got := env.Long(25*time.Second, true, "the solve"); got != "about 25 s (a rough estimate); Ctrl-C stops the solve" {
		t.Errorf("without a progress line: %q", got)
	}
	env = &Env{ProgressShown: true, Stop: "■ Interrupt"}
	if got := env.Long(25*time.Second, true, "the solve"); got != "a while; the progress line tells the time left, and ■ Interrupt stops the solve" {
		t.Errorf("with a progress line: %q", got)
	}
}
