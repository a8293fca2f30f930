package kit

import (
	"fmt"
	"gamelab/kernel/display"
	"io"
)

// Explanation is explain(…): a tree with what its marks mean.
type Explanation struct {
	tree display.Tree
}

// NewExplanation is the explanation that draws tree.
func NewExplanation(tree display.Tree) *Explanation { return &Explanation{tree: tree} }

func (e *Explanation) TypeName() string { return "explanation" }

// Text is the indented tree.
func (e *Explanation) Text() string { return TextOf(e, false) }

// SVG draws the tree (a card when too large to read).
func (e *Explanation) SVG() string { return SVGOf(e, false) }

func (e *Explanation) WriteText(w io.Writer, full bool) error {
	return DrawText(w, e.tree, full, e.card, fmt.Sprintf("more than %d leaves", 4*display.MaxTreeLeaves))
}

func (e *Explanation) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, e.tree, full, e.card, fmt.Sprintf("more than %d leaves", display.MaxTreeLeaves))
}

func (e *Explanation) card(why string) display.Card {
	return MakeCard(e.tree.Caption, []string{e.tree.Root.Text}, why, `text(x) or save(x, "x.txt") shows the whole tree`)
}

// JSONValue is the tree as nested objects: each node's line and its kids.
func (e *Explanation) JSONValue() any {
	type node struct {
		Text string  `json:"text"`
		Kids []*node `json:"kids,omitempty"`
	}
	var conv func(n *display.TreeNode) *node
	conv = func(n *display.TreeNode) *node {
		out := &node{Text: n.Text}
		if n.Edge != "" {
			out.Text = n.Edge + " " + n.Text
		}
		for _, k := range n.Kids {
			out.Kids = append(out.Kids, conv(k))
		}
		return out
	}
	return struct {
		Caption string `json:"caption"`
		Root    *node  `json:"root"`
	}{e.tree.Caption, conv(e.tree.Root)}
}
