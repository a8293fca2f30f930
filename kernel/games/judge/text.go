//go:build !js

package judge

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How a report shows what a program wrote: escaped, so that an escape
// sequence or invalid UTF-8 never reaches the terminal raw, and cut, so
// that a megabyte of output is a few lines.

// Safe is b as a terminal may show it: line breaks and tabs kept (CRLF
// as a line break), every other control character, invalid UTF-8 byte
// and invisible formatting character written as an escape (\x1b,
// \u202e).
func Safe(b []byte) string {
	var sb strings.Builder
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&sb, `\x%02x`, b[0])
		case r == '\n' || r == '\t':
			sb.WriteRune(r)
		case r == '\r' && len(b) > 1 && b[1] == '\n':
			// a CRLF line end shows as the line end it is
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&sb, `\x%02x`, r)
		case r != ' ' && (!unicode.IsPrint(r) || unicode.Is(unicode.Cf, r)):
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.Write(b[:size])
		}
		b = b[size:]
	}
	return sb.String()
}

// lines is b as lines of a report: escaped, a final newline added,
// "(nothing)" for none.
func lines(b []byte) string {
	s := Safe(b)
	if s == "" {
		return "(nothing)\n"
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// head is the first n lines of b, each cut at 200 bytes, and at most
// max bytes of them, with a line that says how much was left out; cut
// says the program was stopped for writing too much.
func head(b []byte, n, max int, cut bool) []byte {
	var kept []byte
	ls := bytes.SplitAfter(b, []byte("\n"))
	for i, l := range ls {
		if i == n || len(kept)+len(l) > max {
			break
		}
		if len(l) > 240 {
			l = fmt.Appendf(bytes.Clone(runeCut(l, 200)), "… (%d bytes on this line)\n", len(l))
		}
		kept = append(kept, l...)
	}
	if len(kept) == 0 && len(b) > 0 {
		kept = runeCut(b, min(max, 200))
	}
	if !cut && bytes.Equal(kept, b) {
		return b
	}
	if len(kept) > 0 && kept[len(kept)-1] != '\n' {
		kept = append(kept, '\n')
	}
	if cut {
		return fmt.Appendf(kept, "… (cut: the program wrote more than %s and was stopped)\n", mb(maxOutput))
	}
	return fmt.Appendf(kept, "… (%d bytes in all)\n", len(b))
}

// runeCut is b's first n bytes, not ending in the middle of a character.
func runeCut(b []byte, n int) []byte {
	b = b[:min(n, len(b))]
	for k := 0; k < 3 && len(b) > 0; k++ {
		if r, size := utf8.DecodeLastRune(b); r != utf8.RuneError || size != 1 {
			break
		}
		b = b[:len(b)-1]
	}
	return b
}

// tail is the last n lines of b.
func tail(b []byte, n int) []byte {
	ls := bytes.SplitAfter(b, []byte("\n"))
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return bytes.Join(ls, nil)
}

// mb writes a number of bytes for a person: "1 MB", "3.2 MB", "120 KB".
func mb(n int64) string {
	switch {
	case n >= 1000<<30:
		return fmt.Sprintf("%.0f GB", float64(n)/(1<<30))
	case n >= 1<<30:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GB"
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MB"
	}
	return fmt.Sprintf("%d KB", (n+1023)>>10)
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// ShellQuote quotes s for a POSIX shell when it needs it: in single
// quotes, each ' written as '\”.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~!=%") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWords writes argv as a shell runs it, each word quoted when it
// needs to be.
func shellWords(argv []string) string {
	words := make([]string, len(argv))
	for i, w := range argv {
		words[i] = ShellQuote(w)
	}
	return strings.Join(words, " ")
}

// printfCommand is a shell command that writes input exactly: printf's
// format '%s\n' then each line as its own quoted argument, so a line that
// starts with - or holds % or \ is data, never an option or a format.
func printfCommand(input []byte) string {
	var b strings.Builder
	b.WriteString(`printf '%s\n'`)
	for _, l := range strings.SplitAfter(string(input), "\n") {
		if l == "" {
			continue
		}
		b.WriteString(" '" + strings.ReplaceAll(strings.TrimSuffix(l, "\n"), "'", `'\''`) + "'")
	}
	return b.String()
}
