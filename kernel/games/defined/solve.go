package defined

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/word"
)

// The search of a defined game: depth first with a stack of its own (a
// game of 100000 moves in a line needs no deep Go stack), each position
// solved once and remembered by its key in the instance's table, values
// counted in int64 until one passes it, then exactly. It is the
// exhaustive search (games.Exhaustive) made fast: the same recurrence, the
// parts asked once per move.

// frame is a position on the search's stack.
type frame struct {
	n     node
	key   tkey
	moves word.Word // a list
	count int       // how many moves
	i     int       // the next move to try
	min   bool      // its mover wants the smallest value
	best  val
	have  bool
	// what the move being searched earns, and how the next value counts
	reward val
	carry  games.Carry
}

// frames is the search's stack, in blocks that never move: a line of
// 100,000 moves grows it without copying (and the collector scanning)
// the frames already on it.
type frames struct {
	blocks [][]frame
	n      int
	// reserved is how many blocks the memory budget was asked for: a
	// line of millions of moves holds a frame a move.
	reserved int
}

// frameBlockBytes is the memory of a block of frames.
const frameBlockBytes = frameBlock * int64(unsafe.Sizeof(frame{}))

// frameBlock is the frames of a block.
const frameBlock = 1024

// add is a new frame on top, empty, to be filled in place (a frame is not
// small).
func (s *frames) add() *frame {
	if s.n/frameBlock == len(s.blocks) {
		s.blocks = append(s.blocks, make([]frame, frameBlock))
	}
	s.n++
	return s.top()
}

func (s *frames) at(i int) *frame { return &s.blocks[i/frameBlock][i%frameBlock] }

func (s *frames) top() *frame { return s.at(s.n - 1) }

// pop drops the top frame, and what it holds.
func (s *frames) pop() {
	*s.top() = frame{}
	s.n--
}

// solve is the value of n for its mover, every position under it solved
// and kept in the table.
func (x *run) solve(env *builtin.Env, n node) (result val, err error) {
	if x.memo == nil {
		x.memo = newTable()
	}
	t := x.memo
	packed, text, err := x.tableKey(&n)
	if err != nil {
		return val{}, err
	}
	if v, ok := t.get(packed, text); ok {
		return v, nil
	}
	if x.d.repeat {
		return x.solveWhole(env, &n, newKey(packed, text))
	}
	var stack frames
	defer func() {
		if err != nil && overBudget(env, err) {
			err = x.tooManyPositions(x.memo.size())
		}
		if err != nil { // the positions left on the stack are not solved
			for i := range stack.n {
				t.remove(stack.at(i).key)
			}
		}
	}()
	visits := 0
	push := func(n *node, k tkey) error {
		moves, err := x.legal(n)
		if err != nil {
			return err
		}
		var min bool
		if moveCount(moves) > 0 {
			if min, err = x.minimizes(n); err != nil {
				return err
			}
		}
		t.set(k, val{big: searching})
		f := stack.add()
		f.n, f.key, f.moves, f.count, f.min = *n, k, moves, moveCount(moves), min
		return nil
	}
	var next node // the node a move leads to
	if err := push(&n, newKey(packed, text)); err != nil {
		return val{}, err
	}
	for stack.n > 0 {
		if visits++; visits%reserveEvery == 0 {
			if err := env.Ctx.Err(); err != nil {
				return val{}, err
			}
			if err := x.reserve(env, &stack); err != nil {
				return val{}, err
			}
			env.ReportCount(int64(t.size()), "positions solved")
		}
		f := stack.top()
		if f.i == f.count { // solved: keep it, hand it to the position below
			v := f.best
			if f.count == 0 {
				if v, err = x.terminal(&f.n); err != nil {
					return val{}, err
				}
			}
			t.set(f.key, v)
			stack.pop()
			if stack.n == 0 {
				result = v
				break
			}
			stack.top().take(v)
			continue
		}
		m := f.moves.At(f.i)
		if err := x.next(&f.n, m, &next); err != nil {
			return val{}, err
		}
		if f.reward, err = x.reward(&f.n, m); err != nil {
			return val{}, err
		}
		f.carry = games.CarryNegated
		if next.mover == f.n.mover {
			f.carry = games.CarrySame
		}
		packed, text, err := x.tableKey(&next)
		if err != nil {
			return val{}, err
		}
		if v, ok := t.get(packed, text); ok {
			if v.big == searching {
				return val{}, x.loop(&stack, newKey(packed, text), m)
			}
			f.take(v)
			continue
		}
		if err := push(&next, newKey(packed, text)); err != nil {
			return val{}, err
		}
	}
	if visits >= reserveEvery {
		env.ReportCount(-1, "") // the line, if any, goes
	}
	return result, nil
}

// take is the value v of the position the move being searched leads to.
func (f *frame) take(v val) {
	a := after(f.reward, f.carry, v)
	if c := a.cmp(f.best); !f.have || f.min && c < 0 || !f.min && c > 0 {
		f.best, f.have = a, true
	}
	f.i++
}

// reserveEvery is how many visits a search makes between its checks of
// the cell (an interrupt, the budget, its progress): a visit sets one key
// at most.
const reserveEvery = 1024

// reserve asks the budget for the memory of the positions kept since it
// last asked (and of the search's stack, when it has one): a table past
// the budget is a MemoryError that says how many positions were reached.
func (x *run) reserve(env *builtin.Env, stack *frames) (err error) {
	t := x.memo
	defer func() {
		if r := recover(); r != nil {
			var be *builtin.Error
			if e, ok := r.(error); ok && errors.As(e, &be) && be.Kind == builtin.MemoryError {
				err = x.tooManyPositions(x.memo.size())
				return
			}
			panic(r)
		}
	}()
	// The text keys' entries, and the packed keys' arrays at their
	// largest before the next reservation (a search sets a key a visit).
	need := int64(len(t.texts)-t.reserved)*bytesPerPosition + t.textBytes - t.textReserved
	peak := t.packed.peakBytes(reserveEvery)
	if peak > t.packedReserved {
		need += peak - t.packedReserved
	}
	if stack != nil && len(stack.blocks) > stack.reserved {
		need += int64(len(stack.blocks)-stack.reserved) * frameBlockBytes
	}
	if err := env.Reserve(need); err != nil {
		var be *builtin.Error
		if errors.As(err, &be) && be.Kind == builtin.MemoryError {
			return x.tooManyPositions(x.memo.size())
		}
		return err
	}
	t.reserved, t.textReserved, t.packedReserved = len(t.texts), t.textBytes, max(peak, t.packedReserved)
	if stack != nil {
		stack.reserved = len(stack.blocks)
	}
	return nil
}

// tooManyPositions is the MemoryError of a search whose positions pass
// the budget: how many it had reached.
func (x *run) tooManyPositions(count int) error {
	return builtin.Errorf(builtin.MemoryError, "%s: the positions reached pass the memory budget after %s (budget(bytes) changes it)",
		x.d.name, kit.Count(count, "position", "positions"))
}

// overBudget says err is the cell's stop for the memory budget: a part's
// MemoryError, or the end of the context that the budget's watchdog
// cancelled (the cell's check then panics with the MemoryError).
func overBudget(env *builtin.Env, err error) (over bool) {
	var be *builtin.Error
	if errors.As(err, &be) && be.Kind == builtin.MemoryError {
		return true
	}
	if !errors.Is(err, context.Canceled) || env.Meter == nil {
		return false
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			over = ok && errors.As(e, &be) && be.Kind == builtin.MemoryError
		}
	}()
	env.Meter.Check()
	return false
}

// loop is the error of a game that returns to a position: the line from
// the position's first visit (the frame of key k) back to it.
func (x *run) loop(stack *frames, k tkey, last word.Word) error {
	from := 0
	for i := range stack.n {
		if stack.at(i).key == k {
			from = i
			break
		}
	}
	var moves []string
	for i := from; i < stack.n-1; i++ {
		f := stack.at(i)
		moves = append(moves, text(f.moves.At(f.i).Value()))
	}
	moves = append(moves, text(last.Value()))
	first := stack.at(from)
	return builtin.Errorf(builtin.GameError, "%s can return to a position: from state %s (%s to move), the moves %s lead back to it; "+
		"a game must end whatever is played (its state must change towards the end, or over say when it is), "+
		"or say repeat: \"draw\" for play that may go on for ever, which is then a draw",
		x.d.name, short(first.n.state.Value()), first.n.mover, strings.Join(moves, ", "))
}

// Evaluate is p's value for its mover, every optimal move and the first
// of them, from the instance's table (filled as needed).
func (p *Position) Evaluate(env *builtin.Env) (*games.Eval, error) {
	if len(p.legal) == 0 {
		return &games.Eval{Value: p.terminalValue()}, nil
	}
	v, err := p.x.solve(env, p.n)
	if err != nil {
		return nil, err
	}
	ev := &games.Eval{Value: v.Big()}
	for _, m := range p.legal {
		k, err := p.child(m)
		if err != nil {
			return nil, err
		}
		nv, err := p.x.solve(env, k.n)
		switch {
		case errors.Is(err, games.ErrNoEnd):
			continue // a puzzle's dead end: never optimal
		case err != nil:
			return nil, err
		}
		if after(bigVal(k.step.Reward), k.step.Carry, nv).cmp(v) == 0 {
			ev.Best = append(ev.Best, m)
		}
	}
	if p.x.d.repeat {
		if ev.Best, err = p.progress(v, ev.Best); err != nil {
			return nil, err
		}
	}
	if len(ev.Best) == 0 {
		return nil, fmt.Errorf("%s: no move reaches the position's value (a part gave different answers for the same position)", p.Name)
	}
	ev.Choice = ev.Best[0]
	return ev, nil
}

var (
	_ games.Position = (*Position)(nil)
	_ games.Solver   = (*Position)(nil)
	_ games.Keyed    = (*Position)(nil)
)
