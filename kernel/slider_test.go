package kernel

import (
	"context"
	"strings"
	"testing"
)

// TestSlider: n = slider(values, start) binds n and shows the slider (its
// text says the value where no slider is drawn); anywhere but the whole
// value of an assignment it is an error in the user's words.
func TestSlider(t *testing.T) {
	s := NewSession()
	out := s.Execute(context.Background(), "n = slider(1..30, 5)\nn * 2")
	if out.Err != nil || out.Result == nil || out.Result.Text != "10" || len(out.Displays) != 1 {
		t.Fatalf("n = slider(1..30, 5); n * 2: %+v", out)
	}
	d := out.Displays[0]
	if d.Slider == nil || d.Slider.Name != "n" || len(d.Slider.Values) != 30 || d.Slider.Index != 4 ||
		d.Text != "n = 5 (a slider over 1..30 in the web page; here n = slider(1..30, 6) sets another value)" {
		t.Errorf("the slider shown: %+v %q", d.Slider, d.Text)
	}
	out = s.Execute(context.Background(), "m = slider([10, 20, 50])")
	if d := out.Displays[0]; d.Slider.Index != 0 || strings.Join(d.Slider.Values, " ") != "10 20 50" || !strings.Contains(d.Text, "over [10, 20, 50]") {
		t.Errorf("a slider over a list: %+v %q", d.Slider, d.Text)
	}
	for code, want := range map[string]string{
		"slider(1..3)":         "1:1: slider: binds a name, so it is the whole value of an assignment: n = slider(1..30)",
		"k = slider(1..3) + 1": "1:5: slider: binds a name",
		"k = slider(1..3, 9)":  "slider: argument 2 (start) must be one of the values (3 from 1 to 3), got 9",
		"k = slider([3, 1])":   "slider: argument 1 (values) must increase: item 2 (1) is not above item 1 (3)",
		"k = slider(1..2000)":  "must be a list of 1 to 1000 integers (such as 1..30), got a list of 2000",
		`k = slider(["a"])`:    "must be integers: item 1 must be an integer, got string",
	} {
		out := s.Execute(context.Background(), code)
		if out.Err == nil || !strings.Contains(out.Err.Error(), want) {
			t.Errorf("%s: %v, want %q", code, out.Err, want)
		}
	}
	if out := s.Execute(context.Background(), "k"); out.Err == nil {
		t.Errorf("a failed slider bound k: %+v", out.Result)
	}
}

func TestSetSlider(t *testing.T) {
	for _, c := range []struct{ code, name, value, want string }{
		{"n = slider(1..30)", "n", "7", "n = slider(1..30, 7)"},
		{"n = slider(1..30, 5)\nn", "n", "6", "n = slider(1..30, 6)\nn"},
		{"# size\nx = 1; n = slider( [1, 2, 3] , 2 ) # the size\nn", "n", "3", "# size\nx = 1; n = slider([1, 2, 3], 3) # the size\nn"},
		{"m = slider(1..5)\nn = slider(map(1..3, # * 2))", "n", "4", "m = slider(1..5)\nn = slider(map(1..3, # * 2), 4)"},
		{"ñ = 1; n = slider(1..9)", "n", "2", "ñ = 1; n = slider(1..9, 2)"},
		{"n = 5", "n", "6", ""},
		{"m = slider(1..5)", "n", "6", ""},
	} {
		got, ok := SetSlider(c.code, c.name, c.value)
		if c.want == "" && (ok || got != c.code) || c.want != "" && got != c.want {
			t.Errorf("SetSlider(%q, %s, %s) = %q, %v; want %q", c.code, c.name, c.value, got, ok, c.want)
		}
	}
}
