package kit

import (
	"fmt"

	"gamelab/kernel/display"
)

// A trace's picture is small multiples: the game step by step, each frame
// labelled "step 1", "step 2", … (SVG; the text of a trace stays its table).
// A long game shows its first and last steps and says how many are left out.

// Frames shown of a long game: the first headFrames and the last
// tailFrames; save and svg (full) draw up to maxFullFrames.
const (
	headFrames, tailFrames = 6, 5
	maxFullFrames          = 200
)

// PickFrames chooses the steps of an n-step game to draw: all of them, or
// the first and last few; gap is where the left-out ones were.
func PickFrames(n int, full bool) (steps []int, omitted, gap int) {
	limit := headFrames + tailFrames
	if full {
		limit = maxFullFrames
	}
	if n <= limit {
		for i := range n {
			steps = append(steps, i)
		}
		return steps, 0, 0
	}
	head, tail := headFrames, tailFrames
	if full {
		head, tail = maxFullFrames/2, maxFullFrames/2
	}
	for i := range head {
		steps = append(steps, i)
	}
	for i := n - tail; i < n; i++ {
		steps = append(steps, i)
	}
	return steps, n - head - tail, head
}

// Frames builds the small multiples of an n-step game; pic draws step i.
func Frames(caption string, n int, full bool, pic func(i int) display.Drawing) display.Frames {
	return FramesBy(caption, func(i int) string { return fmt.Sprintf("step %d", i+1) }, n, full, pic)
}

// FramesBy is Frames with each frame labelled label(i) ("length 3" for a
// DP table filling).
func FramesBy(caption string, label func(i int) string, n int, full bool, pic func(i int) display.Drawing) display.Frames {
	steps, omitted, gap := PickFrames(n, full)
	f := display.Frames{Caption: caption, Omitted: omitted, Gap: gap}
	for _, i := range steps {
		f.Frames = append(f.Frames, display.Frame{Label: label(i), Pic: display.Lazy(func() display.Drawing { return pic(i) })})
	}
	if omitted > 0 {
		f.Notes = append(f.Notes, fmt.Sprintf("%d of %d steps drawn; save(t, \"t.svg\") draws up to %d", len(steps), n, maxFullFrames))
	}
	return f
}

// Filling is the small multiples of a DP table filled in n steps: grid(k)
// is the table after step k, k = 1..n, each frame labelled label(k-1).
// The whole table's caption, colour key and notes are said once, over and
// under the frames, and every frame draws its cells as wide as the whole
// table's, so that a frame is the table itself, part-filled (a frame's own
// caption was cut to its width, and its cells narrowed and widened as the
// filling went).
func Filling(label func(i int) string, n int, full bool, grid func(k int) display.Grid) display.Frames {
	whole := grid(n)
	w := whole.CellWidth()
	f := FramesBy(whole.Caption, label, n, full, func(i int) display.Drawing {
		g := grid(i + 1)
		g.Caption, g.Notes, g.HeatCaption, g.CellW = "", nil, "", w
		return g
	})
	if whole.HeatCaption != "" {
		f.Notes = append([]string{whole.HeatCaption}, f.Notes...)
	}
	f.Notes = append(f.Notes, whole.Notes...)
	return f
}
