//go:build !js

package judge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// One instance: made (the game's generator or the user's), each program
// run on it, and the run judged.

// verdict is how one run went: kind "" accepted, else "wrong answer",
// "crash", "too slow", "too much memory" or "too much output", and why.
type verdict struct {
	kind, why string
	o         Outcome
	game      []turn // interactive: the game as played, to the first losing move
	side      string
}

// ownError is gamelab's own failure while judging an answer (its solve
// passed the memory budget): the judge's problem, not a wrong answer.
type ownError struct{ err error }

func (e *ownError) Error() string { return e.err.Error() }

// Own marks err as gamelab's own failure in a checker (solving the
// instance), so that it is never taken for a wrong answer.
func Own(err error) error {
	if err == nil {
		return nil
	}
	return &ownError{err}
}

// guarded runs work under the memory budget, as the batch commands do:
// its context carries the room left, and it stops when the heap passes
// the budget, with the budget's error.
func (r *judging) guarded(ctx context.Context, work func(env *builtin.Env) error) error {
	gctx, end := r.mem.Guard(ctx)
	err := work(&builtin.Env{Ctx: gameio.WithRoom(gctx, r.mem.Available)})
	if over := end(); over != nil {
		return &ownError{over}
	}
	return err
}

// instance makes the instance of size n from seed.
func (r *judging) instance(ctx context.Context, n int, seed uint64) (x games.Position, err error) {
	err = r.guarded(ctx, func(env *builtin.Env) error {
		if r.Gen == nil {
			x, err = r.j.Random(env, n, seed, r.spec)
			return err
		}
		v, err := r.Gen(env.Ctx, n, seed)
		if err != nil {
			return fmt.Errorf("--gen %s", err)
		}
		x, err = r.adopt(v, seed)
		return err
	})
	return x, err
}

// adopt makes v, a value the user's generator gave, an instance judged
// here: one of the game's, under the rules judged (given it by --rules
// when it has the defaults), valid for them.
func (r *judging) adopt(v any, seed uint64) (games.Position, error) {
	x, ok := v.(games.Position)
	if !ok || x.Game() != r.Game || x.History().Len() > 0 {
		return nil, fmt.Errorf("--gen must give a %s of %s, not %s", r.j.Noun, r.Game.Name, kit.KindPhrase(kit.TypeName(v)))
	}
	if !x.Rules().Equal(r.Rules) {
		if !x.Rules().IsDefault() {
			return nil, fmt.Errorf("--gen gave a %s under %s, not the rules judged (%s): give the rules to --rules instead", r.j.Noun, x.Rules().Text(), rulesOr(r.Rules))
		}
		y, err := x.WithRules(r.Rules)
		if err != nil {
			return nil, fmt.Errorf("--gen: %v", err)
		}
		x = y
	}
	if r.j.Adopt != nil {
		var err error
		if x, err = r.j.Adopt(x, seed, r.spec); err != nil {
			return nil, fmt.Errorf("--gen: %v", err)
		}
	}
	if r.j.Valid != nil {
		if err := r.j.Valid(x, r.spec); err != nil {
			return nil, fmt.Errorf("--gen gave a %s that is not an instance: %v", r.j.Noun, err)
		}
	}
	return x, nil
}

// rulesOr writes rules, or says they are the defaults.
func rulesOr(r games.Rules) string {
	if r.IsDefault() {
		return "the defaults"
	}
	return r.Text()
}

// judgeOne runs prog on x and judges the run.
func (r *judging) judgeOne(ctx context.Context, prog []string, x games.Position, seed uint64) (verdict, error) {
	if r.Interactive {
		return r.play(ctx, prog, x, seed)
	}
	p, err := startProc(ctx, prog, r.jf.Input(x), false, r.Limits)
	if err != nil {
		return verdict{}, err
	}
	o := p.wait()
	if ctx.Err() != nil {
		return verdict{}, ctx.Err()
	}
	v := verdict{o: o}
	if v.kind, v.why = r.stopWords(o, x, "no answer"); v.kind != "" {
		return v, nil
	}
	if o.Exit != "" {
		v.kind, v.why = "crash", "the program "+o.Exit
		return v, nil
	}
	err = r.guarded(ctx, func(env *builtin.Env) error { return r.jf.Check(env, x, o.Stdout) })
	var own *ownError
	switch {
	case ctx.Err() != nil:
		return verdict{}, ctx.Err()
	case errors.As(err, &own):
		return verdict{}, own.err
	case err != nil:
		v.kind, v.why = "wrong answer", Safe([]byte(err.Error()))
	default:
		v.kind, v.why = r.overWords(o, x, "its answer was right")
	}
	return v, nil
}

// stopWords says why the judge stopped a run, as its verdict; "" when it
// ended by itself. none says what did not come: "no answer", "no move".
func (r *judging) stopWords(o Outcome, x games.Position, none string) (kind, why string) {
	size := r.j.count(r.j.Size(x))
	switch o.Stopped {
	case "output":
		return "too much output", fmt.Sprintf("it wrote more than %s and was stopped there", mb(maxOutput))
	case "cpu":
		return "too slow", fmt.Sprintf("it used more than %s of CPU time on %s, past the limit of %s, and was stopped", seconds(r.Limits.stopAt()), size, seconds(r.Limits.CPU))
	case "wall":
		why := "it waits (for input it has read already?) or sleeps"
		if o.CPU > r.Limits.Wall/10 {
			why = "the machine gave it too little of a core (--wall raises the guard)"
		}
		return "too slow", fmt.Sprintf("%s after %s of wall time, the guard of --wall, with %s of CPU time: %s", none, seconds(r.Limits.Wall), seconds(o.CPU), why)
	case "memory":
		return "too much memory", fmt.Sprintf("its resident memory passed %s (--memory) on %s and it was stopped", mb(r.Limits.Memory), size)
	}
	return "", ""
}

// overWords says whether a run that ended and answered right went over
// its CPU time or memory: slow but right is too slow, never wrong.
func (r *judging) overWords(o Outcome, x games.Position, right string) (kind, why string) {
	size := r.j.count(r.j.Size(x))
	switch {
	case r.Limits.Memory > 0 && (!o.MemoryAtMost && o.Memory > r.Limits.Memory || o.MemorySeen > r.Limits.Memory):
		return "too much memory", fmt.Sprintf("its peak resident memory was %s on %s, over the limit of %s (%s)", mb(max(o.Memory, o.MemorySeen)), size, mb(r.Limits.Memory), right)
	case o.CPU > r.Limits.CPU:
		return "too slow", fmt.Sprintf("it took %s of CPU time on %s, over the limit of %s (%s)", seconds(o.CPU), size, seconds(r.Limits.CPU), right)
	}
	return "", ""
}

// expected is gamelab's own answer to input in the format, the batch
// command's, for the report: solved on a context of its own, so that an
// interrupt that stopped the shrinking still lets it be said.
func (r *judging) expected(ctx context.Context, input []byte) string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
	defer cancel()
	var out []byte
	err := r.guarded(ctx, func(env *builtin.Env) error {
		for inst := range r.format.Read(bytes.NewReader(input), r.Rules) {
			if inst.Err != nil {
				return inst.Err
			}
			o, _, err := inst.Solve(env.Ctx, nil)
			out = o
			return err
		}
		return errors.New("the input holds no instance")
	})
	if err != nil {
		return fmt.Sprintf("(gamelab could not answer it: %v)\n", err)
	}
	return lines(out)
}
