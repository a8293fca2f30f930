package display

import "strconv"

// Mark is a move drawn on a picture, as the explorer draws the moves of a
// position: the element that stands for the move (a coin, an edge, an
// empty vertex) is filled with Fill, its tooltip adds Title, and it
// carries Place as its data-move attribute, the place among the legal
// moves that the web page's click sends, as the move's button does.
// Pictures drawn without marks are as they always were.
type Mark struct {
	Fill  string // a CSS colour
	Title string // what the move is and what it loses, exact
	Place int
}

// attrs are the attributes that make an element the move's: the page's
// click finds the element by data-move.
func (m Mark) attrs() string {
	return ` data-move="` + strconv.Itoa(m.Place) + `" cursor="pointer"`
}

// openMark writes the start of the move's element: tag with the markup
// attrs (already safe) and the move's, then its tooltip, what the element
// shows (about) and the move's title. The tooltip comes first inside it,
// where the page and the tests look for it.
func (d *svgDoc) openMark(tag, attrs string, m Mark, about string) {
	d.b.WriteString("<" + tag + attrs + m.attrs() + "><title>" + esc(about+"\n"+m.Title) + "</title>")
}

// CoinMark is a move marked on coin Coin of a row (from 0), the last coin
// the move takes: the whole coin, or its half on the move's Side ('L' or
// 'R') when a move from the other end takes it last too (L2 and R of
// two coins).
type CoinMark struct {
	Coin int
	Side byte
	Mark
}

// coinMarks are the marks of x by coin; nil when it has none.
func (x Row) coinMarks() map[int][]CoinMark {
	if len(x.Marks) == 0 {
		return nil
	}
	by := map[int][]CoinMark{}
	for _, m := range x.Marks {
		by[m.Coin] = append(by[m.Coin], m)
	}
	return by
}

// halfCoin draws m as the half on its side of the coin at (x, y), w×h
// (w ≥ h), rounded at its end: two moves share the coin.
func (d *svgDoc) halfCoin(m CoinMark, x, y, w, h float64, about string) {
	r, mid := h/2, x+w/2
	end, sweep := x+r, "0" // the left half: round on the left
	if m.Side == 'R' {
		end, sweep = x+w-r, "1"
	}
	path := ` d="M ` + num(mid) + " " + num(y) + " H " + num(end) + " A " + num(r) + " " + num(r) + " 0 0 " + sweep + " " + num(end) + " " + num(y+h) +
		" H " + num(mid) + ` Z" fill="` + esc(m.Fill) + `" stroke="#ffffff"`
	d.openMark("path", path, m.Mark, about)
	d.b.WriteString("</path>")
}
