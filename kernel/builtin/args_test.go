package builtin

import (
	"math/big"
	"strings"
	"testing"
)

type thing struct{ n int }

func (*thing) TypeName() string { return "thing" }

func TestUnpackArgs(t *testing.T) {
	var (
		s  string
		i  int
		b  *big.Int
		l  []any
		x  any
		ok bool
		f  float64
		th *thing
		p  int
	)
	big70, _ := new(big.Int).SetString("1180591620717411303424", 10)
	for _, tc := range []struct {
		name   string
		args   []any
		params []any
		want   string // the error, "" for none
	}{
		{"all kinds", []any{"a", 2, big70, []int{1, 2}, nil, true, 2.5, &thing{3}, 4},
			[]any{"s", &s, "i", &i, "b", &b, "l", &l, "x", &x, "ok", &ok, "f", &f, "th", Of(&th, "a thing"), "p", Between(&p, 1, 9)}, ""},
		{"optional left out", []any{"a"}, []any{"s", &s, "i?", &i}, ""},
		{"too few", []any{}, []any{"s", &s, "i?", &i}, "f: takes 1 or 2 arguments (s, i), got 0"},
		{"too many", []any{1, 2}, []any{"i", &i}, "f: takes 1 argument (i), got 2"},
		{"a range of counts", []any{}, []any{"s", &s, "i?", &i, "x", &x}, "f: takes 1 to 3 arguments (s, i, x), got 0"},
		{"wrong type", []any{1}, []any{"s", &s}, "f: argument 1 (s) must be a string, got int"},
		{"too large", []any{big70}, []any{"i", &i}, "f: argument 1 (i) is too large, got 1180591620717411303424"},
		{"integral float", []any{3.0}, []any{"i", &i}, ""},
		{"fractional float", []any{3.5}, []any{"i", &i}, "f: argument 1 (i) must be an integer, got 3.5"},
		{"float past 2^53", []any{1e300}, []any{"b", &b}, "must be an exact integer"},
		{"not the value wanted", []any{3}, []any{"th", Of(&th, "a thing")}, "f: argument 1 (th) must be a thing, got int"},
		{"a nil pointer is no value", []any{(*thing)(nil)}, []any{"th", Of(&th, "a thing")}, "must be a thing, got thing"},
		{"out of range", []any{12}, []any{"p", Between(&p, 1, 9)}, "f: argument 1 (p) must be 1..9, got 12"},
		{"a big number out of range", []any{big70}, []any{"p", Between(&p, 1, 9)}, "must be 1..9, got 1180591620717411303424"},
		{"no number", []any{"x"}, []any{"f", &f}, "must be a number, got string"},
		{"no bool", []any{1}, []any{"ok", &ok}, "must be true or false, got int"},
		{"no array", []any{1}, []any{"l", &l}, "must be an array, got int"},
	} {
		err := UnpackArgs("f", tc.args, tc.params...)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	if s != "a" || i != 3 || b.Cmp(big70) != 0 || len(l) != 2 || !ok || f != 2.5 || th.n != 3 || p != 4 {
		t.Errorf("stored %q %d %v %v %v %v %v %d", s, i, b, l, ok, f, th, p)
	}
	if b == big70 {
		t.Error("a big integer must be copied")
	}
}

func TestUnpackArgsErrorsPointAtTheArgument(t *testing.T) {
	var i int
	err := UnpackArgs("f", []any{"x"}, "i", &i)
	be, ok := err.(*Error)
	if !ok || be.Fn != "f" || be.Arg != 1 || be.Kind != "" {
		t.Errorf("%#v", err)
	}
	err = UnpackArgs("f", nil, "i", &i)
	if be, ok := err.(*Error); !ok || be.Arg != 0 || be.Kind != "" {
		t.Errorf("arity: %#v", err)
	}
}

func TestCheckRange(t *testing.T) {
	if err := CheckRange("setv", 2, "i", 3, 1, 5); err != nil {
		t.Error(err)
	}
	if err := CheckRange("setv", 2, "i", 0, 1, 5); err == nil || err.Error() != "setv: argument 2 (i) must be 1..5, got 0" {
		t.Error(err)
	}
	if err := CheckRange("setv", 2, "i", 1, 1, 0); err == nil || !strings.Contains(err.Error(), "has no valid value (range 1..0 is empty)") {
		t.Error(err)
	}
}

func TestTypeName(t *testing.T) {
	big70, _ := new(big.Int).SetString("1180591620717411303424", 10)
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, "nil"}, {true, "bool"}, {3, "int"}, {int64(3), "int"}, {big70, "int"}, {2.5, "float"},
		{"s", "string"}, {map[string]any{}, "map"}, {map[string]int{}, "map"}, {[]any{}, "array"},
		{[]int{1}, "array"}, {func() {}, "function"}, {&thing{}, "thing"}, {struct{}{}, "value"},
		{&Error{}, "error"},
	} {
		if got := TypeName(tc.v); got != tc.want {
			t.Errorf("TypeName(%#v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
