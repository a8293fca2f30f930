package lang

// time(expr): IPython's %time, as a function of the language.

import (
	"fmt"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// timeFunctions are the expr options of time(x). A function receives its
// argument already evaluated, too late to time it; so timePatch rewrites
// time(x) into $timed($clock(), x), whose arguments expr evaluates in
// order: the clock is read before x and $timed reads it again after.
func timeFunctions(cur *current) []expr.Option {
	return []expr.Option{
		expr.Function("$clock", func(...any) (any, error) { return time.Now(), nil }),
		expr.Function("$timed", func(args ...any) (any, error) {
			elapsed := time.Since(args[0].(time.Time))
			if env := cur.env(); env.Eprint != nil {
				env.Eprint("wall time: " + roughDuration(elapsed) + "\n")
			}
			return args[1], nil
		}),
	}
}

type timePatch struct{}

func (timePatch) Visit(node *ast.Node) {
	c, ok := (*node).(*ast.CallNode)
	if !ok || len(c.Arguments) != 1 {
		return
	}
	if id, ok := c.Callee.(*ast.IdentifierNode); !ok || id.Value != "time" {
		return
	}
	loc := c.Location()
	clock := &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$clock"}}
	clock.SetLocation(loc)
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$timed"}, Arguments: []ast.Node{clock, c.Arguments[0]}})
	(*node).SetLocation(loc)
}

// roughDuration is d to three significant digits, as a person reads a
// timing: 1.23 s, 45.6 ms, 789 µs.
func roughDuration(d time.Duration) string {
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{time.Second, "s"}, {time.Millisecond, "ms"}, {time.Microsecond, "µs"}} {
		if d >= u.unit {
			v := float64(d) / float64(u.unit)
			return fmt.Sprintf("%.3g %s", v, u.name)
		}
	}
	return fmt.Sprintf("%d ns", d.Nanoseconds())
}
