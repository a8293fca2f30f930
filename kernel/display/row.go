package display

import (
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// Row is a coins-in-a-row instance, optionally with the optimal play.
type Row struct {
	Coins []string // coin values in decimal
	// Moves is "" when unsolved; else the play, A first, alternating: a
	// letter L or R per turn, followed by how many coins when a turn takes
	// more than one ("L2RL3").
	Moves string
	// Partial allows fewer letters than coins: a game part-way, the coins
	// still on the table drawn without a taker.
	Partial bool
	Caption string
	// Scores, when set, are the players' scores ("A", "B") to show instead
	// of the sums of the coins each took (under rules that score otherwise).
	Scores []string
	// Marks are moves to mark on the coins in the SVG (the explorer's);
	// nil for none.
	Marks []CoinMark
}

// play is who takes each coin and on which turn (1-based), as the moves
// say; players[j] is 'A' or 'B'.
type play struct {
	players []byte
	turns   []int
	moves   int // how many turns were played
}

// play replays Moves; a string that does not fit the row yields a note
// instead, so a picture never fails.
func (x Row) play() (*play, string) {
	if x.Moves == "" {
		return nil, ""
	}
	n := len(x.Coins)
	if !strings.ContainsAny(x.Moves, "0123456789") && (len(x.Moves) > n || len(x.Moves) < n && !x.Partial) {
		return nil, fmt.Sprintf("moves %q ignored: %d letters for %s", x.Moves, len(x.Moves), plural(n, "coin", "coins"))
	}
	p := &play{players: make([]byte, n), turns: make([]int, n)}
	l, r, taken := 0, n-1, 0
	for i := 0; i < len(x.Moves); p.moves++ {
		t, m := p.moves, x.Moves[i]
		k := 1
		j := i + 1
		for j < len(x.Moves) && x.Moves[j] >= '0' && x.Moves[j] <= '9' {
			j++
		}
		if j > i+1 {
			k, _ = strconv.Atoi(x.Moves[i+1 : j])
		}
		i = j
		if m != 'L' && m != 'R' {
			return nil, fmt.Sprintf("moves %q ignored: move %d is %q, not L or R", x.Moves, t+1, m)
		}
		if taken+k > n {
			return nil, fmt.Sprintf("moves %q ignored: more moves than %s", x.Moves, plural(n, "coin", "coins"))
		}
		for range k {
			j := l
			if m == 'L' {
				l++
			} else {
				j = r
				r--
			}
			p.players[j] = "AB"[t%2]
			p.turns[j] = t + 1
		}
		taken += k
	}
	if taken < n && !x.Partial {
		return nil, fmt.Sprintf("moves %q ignored: %d letters for %s", x.Moves, len(x.Moves), plural(n, "coin", "coins"))
	}
	return p, ""
}

// tag is the mark under coin j: who takes it and on which turn, "B·4".
func (p *play) tag(j int) string {
	if p.players[j] == 0 {
		return "" // still on the table
	}
	return fmt.Sprintf("%c·%d", p.players[j], p.turns[j])
}

// totals sums each player's coins exactly; ok is false when a coin is not
// a decimal integer (then the picture shows no totals).
func (x Row) totals(p *play) (a, b *big.Int, ok bool) {
	a, b = new(big.Int), new(big.Int)
	for j, s := range x.Coins {
		v, good := new(big.Int).SetString(s, 10)
		if !good {
			return nil, nil, false
		}
		if p.players[j] == 0 {
			continue
		}
		if p.players[j] == 'A' {
			a.Add(a, v)
		} else {
			b.Add(b, v)
		}
	}
	return a, b, true
}

// summary is the line of totals, e.g. "A 110 · B 100 · A − B = 10".
func (x Row) summary(p *play) string {
	a, b, ok := x.totals(p)
	if len(x.Scores) == 2 {
		a, ok = new(big.Int).SetString(x.Scores[0], 10)
		if ok {
			b, ok = new(big.Int).SetString(x.Scores[1], 10)
		}
	}
	if !ok {
		return ""
	}
	s := fmt.Sprintf("A %s · B %s · A − B = %s", a, b, new(big.Int).Sub(a, b))
	if p.taken() < len(x.Coins) {
		s += fmt.Sprintf(" so far; %c to move", "AB"[p.moves%2])
	}
	return s
}

// taken is how many coins the play has taken.
func (p *play) taken() int {
	n := 0
	for _, pl := range p.players {
		if pl != 0 {
			n++
		}
	}
	return n
}

// howToRead is the legend of the tags, with the moves while they are short.
func (x Row) howToRead() string {
	s := "under each coin: who takes it · on which turn"
	if len(x.Moves) <= 40 {
		s += " (moves " + x.Moves + ", A first)"
	}
	return s
}

// Text draws the coins as a row of boxes numbered from 1, with who takes
// each coin and on which turn underneath ("B·4": B, turn 4), then the
// totals; a row wider than a terminal wraps into several rows of boxes.
// Values are printed in full.
func (x Row) Text() string {
	var out []string
	if x.Caption != "" {
		out = append(out, x.Caption)
	}
	n := len(x.Coins)
	if n == 0 {
		return strings.Join(append(out, "(no coins)"), "\n") + "\n"
	}
	p, note := x.play()
	widths := make([]int, n)
	for j, c := range x.Coins {
		widths[j] = max(runeWidth(c), len(strconv.Itoa(j+1)))
		if p != nil {
			widths[j] = max(widths[j], runeWidth(p.tag(j)))
		}
		widths[j] += 2
	}
	for lo := 0; lo < n; {
		hi, w := lo, 1
		for hi < n && (hi == lo || w+widths[hi]+1 <= maxTextWidth) {
			w += widths[hi] + 1
			hi++
		}
		var idx, top, mid, bot, tags strings.Builder
		top.WriteString("┌")
		mid.WriteString("│")
		bot.WriteString("└")
		idx.WriteString(" ")
		tags.WriteString(" ")
		for j := lo; j < hi; j++ {
			bar := strings.Repeat("─", widths[j])
			sep, bsep := "┬", "┴"
			if j == hi-1 {
				sep, bsep = "┐", "┘"
			}
			top.WriteString(bar + sep)
			bot.WriteString(bar + bsep)
			mid.WriteString(center(x.Coins[j], widths[j]) + "│")
			idx.WriteString(center(strconv.Itoa(j+1), widths[j]) + " ")
			if p != nil {
				tags.WriteString(center(p.tag(j), widths[j]) + " ")
			}
		}
		out = append(out, idx.String(), top.String(), mid.String(), bot.String())
		if p != nil {
			out = append(out, tags.String())
		}
		lo = hi
	}
	if p != nil {
		out = append(out, x.howToRead())
		if s := x.summary(p); s != "" {
			out = append(out, s)
		}
	}
	if note != "" {
		out = append(out, note)
	}
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	return strings.Join(out, "\n") + "\n"
}

// Player colours: fill and ink, A blue and B orange (told apart by the
// letter too, not by colour alone).
var (
	playerFill = map[byte]string{'A': "#d6e6f5", 'B': "#fde3c8", 0: "#f2f2f2"}
	playerInk  = map[byte]string{'A': "#1f5f99", 'B': "#b35806", 0: ink}
)

// SVG draws the coins as discs in a row (wrapping into lines when long),
// numbered above, coloured by who takes them, each with the taker and turn
// underneath; a legend gives the totals.
func (x Row) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Row) WriteSVG(w io.Writer) error {
	n := len(x.Coins)
	if n == 0 {
		return writeEmptySVG(w, x.Caption, "no coins")
	}
	p, note := x.play()
	const (
		h       = 44.0  // coin height
		gap     = 10.0  // between coins
		lineH   = 86.0  // one line of coins with its numbers and tags
		maxLine = 940.0 // wrap width
		font    = 14.0
	)
	y0 := 30.0
	if x.Caption != "" {
		y0 = 54
	}
	widths := make([]float64, n)
	for j, c := range x.Coins {
		widths[j] = max(h, boldWidth(short(c), font)+16)
	}
	coins, widest := flow(widths, 12, y0, gap, lineH, maxLine)
	widest += gap // as before: the row's right edge counts the gap after the last coin
	cy := coins[n-1].y
	var legendLines []string
	if p != nil {
		legendLines = append(legendLines, x.howToRead())
		if s := x.summary(p); s != "" {
			legendLines = append(legendLines, s)
		}
	}
	if note != "" {
		legendLines = append(legendLines, note)
	}
	W := max(widest+2, 200, titleWidth(x.Caption))
	for _, l := range legendLines {
		W = max(W, textWidth(l, 12)+24)
	}
	H := cy + lineH + float64(len(legendLines))*18 + 4
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	// Each coin is a few elements written without fmt (a row may have
	// thousands): its title, its number, its disc, its value, its tag.
	numberAttrs := `text-anchor="middle" fill="` + faint + `"`
	valueAttrs := `text-anchor="middle" dy="0.35em" font-weight="bold" fill="` + ink + `"`
	marks := x.coinMarks()
	for j, c := range coins {
		var who byte
		if p != nil {
			who = p.players[j]
		}
		fill, ms := playerFill[who], marks[j]
		if len(ms) == 1 { // the coin is the move's
			fill = esc(ms[0].Fill)
			d.openMark("g", "", ms[0].Mark, "coin "+strconv.Itoa(j+1)+" = "+x.Coins[j])
		} else {
			d.b.WriteString(`<g><title>coin ` + strconv.Itoa(j+1) + ` = ` + esc(x.Coins[j]))
			if p != nil && who != 0 {
				d.b.WriteString(`, taken by ` + string(rune(who)) + ` on turn ` + strconv.Itoa(p.turns[j]))
			}
			d.b.WriteString(`</title>`)
		}
		d.text(c.x+c.w/2, c.y-6, 10, numberAttrs, strconv.Itoa(j+1))
		d.put(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="`, c.x, c.y, c.w, h, h/2)
		d.b.WriteString(fill + `" stroke="` + playerInk[who] + `" stroke-width="2"/>`)
		attrs := valueAttrs
		if len(ms) > 1 { // each half is a move's; the value lets clicks through to them
			for _, m := range ms {
				d.halfCoin(m, c.x, c.y, c.w, h, "coin "+strconv.Itoa(j+1)+" = "+x.Coins[j])
			}
			attrs += ` pointer-events="none"`
		}
		d.text(c.x+c.w/2, c.y+h/2, font, attrs, short(x.Coins[j]))
		if p != nil {
			d.text(c.x+c.w/2, c.y+h+16, 12, `text-anchor="middle" font-weight="bold" fill="`+playerInk[who]+`"`, p.tag(j))
		}
		d.b.WriteString("</g>\n")
	}
	for i, l := range legendLines {
		d.text(12, cy+lineH-6+float64(i)*18, 12, `fill="`+ink+`"`, l)
	}
	return d.end()
}
