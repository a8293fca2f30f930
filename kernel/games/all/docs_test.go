package all_test

import (
	"os"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
)

// docs/formats.md shows each dialect as an indented input block and the
// answer block that follows it (a JSON section shows only answers: its input
// is the seed section's). The examples must be what the batches do.
func TestFormatsDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	// a section is titled as help(rules) lists the game, its source left
	// out: read from the registry, so that no test pins the list of games
	byTitle := map[string]string{}
	for _, g := range games.All() {
		title, _, _ := strings.Cut(g.Heading, " (")
		byTitle[title] = g.Name
	}
	var seedInput string
	checked := 0
	for _, sec := range strings.Split(string(doc), "\n## ")[1:] {
		title, body, _ := strings.Cut(sec, "\n")
		game := byTitle[title]
		if game == "" {
			t.Fatalf("formats.md: section %q is no game", title)
		}
		for _, sub := range strings.Split(body, "\n### ")[1:] {
			name, text, _ := strings.Cut(sub, "\n")
			format := name[:strings.IndexAny(name+" ", " (")]
			rules := ""
			if _, after, ok := strings.Cut(name, "--rules "); ok {
				rules, _, _ = strings.Cut(after, ")")
			}
			blocks := codeBlocks(text)
			var in, want string
			switch len(blocks) {
			case 1:
				in, want = seedInput, blocks[0]
			case 2:
				in, want = blocks[0], blocks[1]
			default:
				t.Fatalf("%s, %s: %d example blocks, want 1 or 2", title, name, len(blocks))
			}
			if format == "seed" && rules == "" {
				seedInput = in
			}
			out, errs, code := gamestest.RunBatch(t, game, format, rules, in)
			if out = strings.ReplaceAll(out, "\r\n", "\n"); out != want || code != 0 {
				t.Errorf("%s, %s: exit %d, stderr %q\n got:\n%s\nthe doc shows:\n%s", title, name, code, errs, out, want)
			}
			checked++
		}
	}
	if checked < 8 {
		t.Errorf("checked %d examples, want at least 8 (polygon 3, coins 3, lifeline 2)", checked)
	}
}

// codeBlocks returns the text's indented blocks, indentation removed.
func codeBlocks(text string) []string {
	var blocks []string
	var cur []string
	for _, l := range strings.Split(text+"\n", "\n") {
		if s, ok := strings.CutPrefix(l, "    "); ok {
			cur = append(cur, s+"\n")
			continue
		}
		if len(cur) > 0 && l == "" {
			continue // a blank line inside a block does not end it
		}
		if len(cur) > 0 {
			blocks = append(blocks, strings.Join(cur, ""))
			cur = nil
		}
	}
	if len(cur) > 0 {
		blocks = append(blocks, strings.Join(cur, ""))
	}
	return blocks
}
