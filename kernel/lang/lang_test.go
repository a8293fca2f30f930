package lang

import (
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// eval runs code in a language of no builtins, with names as the session's.
func eval(t *testing.T, code string, names map[string]any) (string, *Error) {
	t.Helper()
	v, e := evalIn(t, New(Config{}), code, names)
	if e != nil {
		return "", e
	}
	return printer.Shown(v, ""), nil
}

// TestLetShadows: a let of a name the session has shadows it in its own
// body only; its value, and the body of a let inside it that declares the
// name again, read what they would without it.
func TestLetShadows(t *testing.T) {
	session := map[string]any{"c": 3, "d": 4}
	for code, want := range map[string]string{
		"let c = 2; c * c":                  "4",
		"let c = c + 1; c * 10":             "40",
		"[let c = 5; c, c]":                 "[5, 3]",
		"map(1..3, let c = # * 2; c + 1)":   "[3, 5, 7]",
		"let c = 1; let c = c + 10; c":      "11",
		"let c = 1; (let d = c; d) + c + d": "6",
		"let e = 2; e + c":                  "5",
		"{c: 1}.c + c":                      "4",
	} {
		got, err := eval(t, code, session)
		if err != nil || got != want {
			t.Errorf("%s = %s, %v; want %s", code, got, err, want)
		}
	}
}

// TestDivision: / of integers is a float; by the integer 0 an error, by a
// float 0 IEEE's infinity.
func TestDivision(t *testing.T) {
	for code, want := range map[string]string{"7 / 2": "3.5", "1.0 / 0": "+Inf", "-1 / 0.0": "-Inf", "2**70 / 2**69": "2"} {
		if got, err := eval(t, code, nil); err != nil || got != want {
			t.Errorf("%s = %s, %v; want %s", code, got, err, want)
		}
	}
	for _, code := range []string{"1 / 0", "2**70 / 0", "1 / (2 - 2)"} {
		if _, err := eval(t, code, nil); err == nil || !strings.HasPrefix(err.Msg, "division by zero") {
			t.Errorf("%s: %v, want a division by zero", code, err)
		}
	}
}

// TestSyntaxErrorsInWords: the token a statement trips on is named as the
// user wrote it, never as expr's Go value.
func TestSyntaxErrorsInWords(t *testing.T) {
	for code, want := range map[string]string{
		"a == = 1":  `unexpected "=" (== compares`,
		"max(1,,2)": `unexpected ","`,
		"1 2":       "unexpected number 2",
		"len(":      "unexpected end of the statement",
		"let x = 1": "unexpected end of the statement (a let names a value",
		"x y":       "unexpected name y",
		`1 "s"`:     `unexpected string "s"`,
	} {
		_, err := eval(t, code, map[string]any{"a": 1, "x": 1})
		if err == nil || err.Kind != builtin.SyntaxError || !strings.HasPrefix(err.Msg, want) || strings.Contains(err.Msg, "(\"") {
			t.Errorf("%s: %v, want %q", code, err, want)
		}
	}
}
