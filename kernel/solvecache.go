package kernel

// The solve cache (WithSolveCache): solve of a value solved before in the
// session answers with the result it gave then. Values never change (a
// setv, an after or a with makes a new one), so a value's text and rules
// name its solve; the web page's sliders re-run cells that solve the
// same few instances again and again.

import (
	"container/list"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// WithSolveCache keeps the results of the last n solves of the session
// (the web page's); each cell's Output.Cached counts the solves it got
// from there. A front end that times solves (time(solve(x))) has none.
func WithSolveCache(n int) Option {
	return func(s *Session) { s.solves = newSolveCache(n) }
}

// maxCachedText is the longest instance text a solve is cached for: past
// it, solving is slow anyway and the key would be as large as the value.
const maxCachedText = 1 << 16

// solveCache is the last results by key, least recently used first out.
type solveCache struct {
	size  int
	order *list.List // of *solveEntry, most recent first
	byKey map[string]*list.Element
}

type solveEntry struct {
	key    string
	result any
}

func newSolveCache(n int) *solveCache {
	return &solveCache{size: max(n, 1), order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *solveCache) get(key string) (any, bool) {
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*solveEntry).result, true
}

func (c *solveCache) put(key string, result any) {
	if e, ok := c.byKey[key]; ok {
		e.Value.(*solveEntry).result = result
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&solveEntry{key, result})
	if c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*solveEntry).key)
	}
}

// ruled is a game value with rules.
type ruled interface {
	builtin.Value
	Rules() games.Rules
	Game() *games.Game
}

// solveKey names a solve by its arguments: each value's type, whole
// content (its JSON, which is quick to write, else its text) and rules,
// each number as it is; ok is false for arguments it cannot name. Only
// the registered games' values are named: a game defined in the language
// (game({…})) is its predicates as much as its position, and they may
// read the session's variables, so its solves are never cached.
func solveKey(args []any) (string, bool) {
	var b strings.Builder
	for _, a := range args {
		switch v := a.(type) {
		case ruled:
			if g := v.Game(); g == nil || games.Lookup(g.Name) != g {
				return "", false
			}
			content := ""
			if j, ok := v.(kit.JSONValued); ok {
				raw, err := json.Marshal(j.JSONValue())
				if err != nil {
					return "", false
				}
				content = string(raw)
			} else {
				content = v.Text()
			}
			fmt.Fprintf(&b, "%T\x00%s\x00%v\x00", v, content, v.Rules().Map())
		case int, int64, *big.Int, string, bool:
			fmt.Fprintf(&b, "%T\x00%v\x00", v, v)
		default:
			return "", false
		}
		if b.Len() > maxCachedText {
			return "", false
		}
	}
	return b.String(), true
}

// cachedSolve is the games' solve answered from the session's cache
// where it can be.
func (s *Session) cachedSolve(solve *builtin.Builtin) *builtin.Builtin {
	b := *solve
	b.Fn = func(env *builtin.Env, args ...any) (any, error) {
		key, ok := solveKey(args)
		if !ok {
			return solve.Fn(env, args...)
		}
		if v, hit := s.solves.get(key); hit {
			if s.cell != nil {
				s.cell.cached++
			}
			return v, nil
		}
		v, err := solve.Fn(env, args...)
		if err == nil {
			s.solves.put(key, v)
		}
		return v, err
	}
	return &b
}
