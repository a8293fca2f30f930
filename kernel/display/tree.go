package display

import (
	"io"
	"strings"
)

// Tree is a tree to explain an answer: a polygon plan as an expression
// tree, the first moves of a coins game as a game tree.
type Tree struct {
	Caption string
	Root    *TreeNode
	Notes   []string // lines under the tree: what the marks mean
}

// TreeNode is one node. Text is its line in the text drawing; Value and
// Sub are its two lines in the picture (Sub may be empty); Edge labels
// the edge from its parent.
type TreeNode struct {
	Text, Value, Sub, Edge string
	// Mark highlights the node: MarkBest draws the edge from its parent
	// thick and gold (an optimal move), MarkMin outlines the node in orange
	// (a part taken at its minimum).
	Mark int
	Kids []*TreeNode
}

// Node marks.
const (
	MarkBest = 1 << iota
	MarkMin
)

const minColour = "#e07b00"

// Text draws the tree indented, one node a line, with ├─ └─ branches.
func (x Tree) Text() string {
	var b strings.Builder
	if x.Caption != "" {
		b.WriteString(x.Caption + "\n")
	}
	if x.Root == nil {
		return b.String() + "(empty tree)\n"
	}
	b.WriteString(x.Root.Text + "\n")
	// An explicit stack: a polygon plan is as deep as the ring is long.
	type item struct {
		nd     *TreeNode
		prefix string
		last   bool
	}
	var stack []item
	push := func(nd *TreeNode, prefix string) {
		for k := len(nd.Kids) - 1; k >= 0; k-- {
			stack = append(stack, item{nd.Kids[k], prefix, k == len(nd.Kids)-1})
		}
	}
	push(x.Root, "")
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		branch, more := "├─ ", "│  "
		if it.last {
			branch, more = "└─ ", "   "
		}
		line := it.prefix + branch
		if it.nd.Edge != "" {
			line += it.nd.Edge + " "
		}
		b.WriteString(line + it.nd.Text + "\n")
		push(it.nd, it.prefix+more)
	}
	for _, n := range x.Notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// leaves counts the leaves under nd.
func (nd *TreeNode) leaves() int {
	if len(nd.Kids) == 0 {
		return 1
	}
	k := 0
	for _, c := range nd.Kids {
		k += c.leaves()
	}
	return k
}

func (nd *TreeNode) depth() int {
	d := 0
	for _, c := range nd.Kids {
		d = max(d, c.depth())
	}
	return d + 1
}

// MaxTreeLeaves is the most leaves a tree's picture draws; a larger one
// is drawn by its text.
const MaxTreeLeaves = 64

// TextFits reports whether Text is short enough to show as it is.
func (x Tree) TextFits() bool { return x.Root == nil || x.Root.leaves() <= 4*MaxTreeLeaves }

// SVGFits reports whether SVG is small enough to show as it is.
func (x Tree) SVGFits() bool { return x.Root == nil || x.Root.leaves() <= MaxTreeLeaves }

// WriteText writes Text's drawing to w.
func (x Tree) WriteText(w io.Writer) error { return writeString(w, x.Text()) }

// SVG draws the tree top down: leaves side by side at the bottom of their
// branches, each parent over the middle of its children.
func (x Tree) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Tree) WriteSVG(w io.Writer) error {
	if x.Root == nil {
		return writeEmptySVG(w, x.Caption, "empty tree")
	}
	nLeaves, depth := x.Root.leaves(), x.Root.depth()
	slot := clamp(940/float64(nLeaves), 40, 110)
	const levelH, boxH = 76.0, 34.0
	top := 14.0
	if x.Caption != "" {
		top = 42
	}
	W := max(24+slot*float64(nLeaves), titleWidth(x.Caption), 480)
	var notes []string // wrapped to the tree's width
	for _, n := range x.Notes {
		notes = append(notes, wrapText(n, 12, W-24)...)
	}
	H := top + float64(depth)*levelH + float64(len(notes))*18 + 4
	type placed struct{ x, y float64 }
	pos := map[*TreeNode]placed{}
	next := 0.0
	var place func(nd *TreeNode, level int) float64
	place = func(nd *TreeNode, level int) float64 {
		var cx float64
		if len(nd.Kids) == 0 {
			cx = 12 + slot*(next+0.5)
			next++
		} else {
			first := place(nd.Kids[0], level+1)
			last := first
			for _, c := range nd.Kids[1:] {
				last = place(c, level+1)
			}
			cx = (first + last) / 2
		}
		pos[nd] = placed{cx, top + float64(level)*levelH}
		return cx
	}
	place(x.Root, 0)
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	font := clamp(slot/7, 9, 13)
	var edges func(nd *TreeNode)
	edges = func(nd *TreeNode) {
		p := pos[nd]
		for _, c := range nd.Kids {
			q := pos[c]
			stroke, sw := lattice, "1.5"
			if c.Mark&MarkBest != 0 {
				stroke, sw = goldMark, "4"
			}
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n",
				num(p.x), num(p.y+boxH), num(q.x), num(q.y), stroke, sw)
			if c.Edge != "" { // beside the edge, on its outer side
				anchor, dx := `text-anchor="start"`, 6.0
				if q.x < p.x {
					anchor, dx = `text-anchor="end"`, -6
				}
				d.text((p.x+q.x)/2+dx, (p.y+boxH+q.y)/2, font-1, anchor+` fill="`+faint+`"`, c.Edge)
			}
			edges(c)
		}
	}
	edges(x.Root)
	var nodes func(nd *TreeNode)
	nodes = func(nd *TreeNode) {
		p := pos[nd]
		bw := min(slot-2, max(boldWidth(short(nd.Value), font), textWidth(nd.Sub, font-2))+10)
		stroke, sw := ink, "1"
		if nd.Mark&MarkMin != 0 {
			stroke, sw = minColour, "2.5"
		}
		d.printf(`<g><title>%s</title>`, esc(nd.Text))
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="#f7f7f7" stroke="%s" stroke-width="%s"/>`,
			num(p.x-bw/2), num(p.y), num(bw), num(boxH), stroke, sw)
		vy := p.y + boxH/2
		if nd.Sub != "" {
			vy = p.y + 13
			fill := faint
			if nd.Mark&MarkMin != 0 {
				fill = minColour
			}
			d.text(p.x, p.y+27, font-2, `text-anchor="middle" fill="`+fill+`"`, nd.Sub)
		}
		d.text(p.x, vy, font, `text-anchor="middle" dy="0.35em" font-weight="bold" fill="`+ink+`"`, short(nd.Value))
		d.printf("</g>\n")
		for _, c := range nd.Kids {
			nodes(c)
		}
	}
	nodes(x.Root)
	for i, n := range notes {
		d.text(12, top+float64(depth)*levelH-14+float64(i)*18, 12, `fill="`+ink+`"`, n)
	}
	return d.end()
}
