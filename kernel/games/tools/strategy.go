package tools

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"gamelab/internal/splitmix"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Strategies: ways of choosing a move, as values (match and tournament
// play them). Each is written once over Position, so it plays every game
// and variant: a polygon strategy picks the next edge, a coins one "L",
// "R2", …, a Life Line one the vertex.

func init() {
	register(&builtin.Builtin{
		Name:      "optimal",
		Signature: `optimal`,
		Doc: `The strategy that plays an optimal move: the one solve's line makes (its ties broken as solve ` +
			`breaks them). A value: match(c, greedy, optimal) plays greedy against it.`,
		Example: `match(coins([10, 80, 90, 30]), greedy, optimal).loss`,
		Value:   &Strategy{Name: "optimal", kind: playOptimal},
	})
	register(&builtin.Builtin{
		Name:      "greedy",
		Signature: `greedy`,
		Doc: `The strategy that takes the largest immediate gain for the mover (coins: the most coins' worth ` +
			`now; the polygon: the merge that makes the largest value, the smallest under goal "min"; Life ` +
			`Line: the most points), ties broken in the game's order (L before R, edges and vertices by number).`,
		Example: `match(coins([10, 80, 90, 30]), greedy, optimal).loss`,
		Value:   &Strategy{Name: "greedy", kind: playGreedy},
	})
	register(&builtin.Builtin{
		Name:      "random",
		Signature: `random(seed)`,
		Doc: `The strategy that plays a legal move chosen uniformly at random. The same seed plays the same ` +
			`moves in the same positions on every machine: each match starts its draws from the seed. Each ` +
			`player draws from a stream of its own, the first to move in the match from the seed's, the k-th from ` +
			`the seed mixed with k, so random(s) playing both sides (or {A: random(s), B: random(s)}) does not ` +
			`give B A's draws.`,
		Example: `match(coins([10, 80, 90, 30]), random(1), optimal).moves`,
		Returns: []any{&Strategy{}},
		Fn:      fnRandom,
	})
	register(&builtin.Builtin{
		Name:      "skill",
		Signature: `skill(p, seed)`,
		Doc: `The strategy that plays as optimal does with probability p (0..1), else a random legal move ` +
			`(GAMESMAN's skill expression): skill(1, s) plays as optimal, skill(0, s) as random(s).`,
		Example: `tournament(map(1..20, randcoins(12, #)), {A: skill(0.8, 1), B: optimal}).summary`,
		Returns: []any{&Strategy{}},
		Fn:      fnSkill,
	})
	register(&builtin.Builtin{
		Name:      "strategy",
		Signature: `strategy({…})`,
		Doc: `Your own strategy: a predicate that receives the position (# is after(x, moves so far): its ` +
			`values, turn, totals, …) and returns a move as after takes it ("L" or "R2" for coins, an edge ` +
			`number for the polygon, [row, position] for Life Line, the mover's stone). A move that is not ` +
			`legal there is an error that names the position and the move.`,
		Example:    `match(coins([10, 80, 90, 30]), strategy({#.values[1] >= #.values[-1] ? "L" : "R"}), optimal)`,
		Returns:    []any{&Strategy{}},
		Predicates: []int{1},
		Fn:         fnStrategy,
	})
}

// Strategy is a way of choosing moves: optimal, greedy, random(seed),
// skill(p, seed) or the user's strategy({…}).
type Strategy struct {
	Name string `expr:"name"` // as it is written: "optimal", "random(3)", "strategy({…})"

	kind strategyKind
	seed uint64
	p    float64           // skill's probability of an optimal move
	rule builtin.Predicate // strategy's
}

type strategyKind int

const (
	playOptimal strategyKind = iota
	playGreedy
	playRandom
	playSkill
	playRule
)

func (s *Strategy) TypeName() string { return "strategy" }

// Text is the strategy as it is written.
func (s *Strategy) Text() string { return s.Name }

// JSONValue is its name.
func (s *Strategy) JSONValue() any { return s.Name }

func fnRandom(env *builtin.Env, args ...any) (any, error) {
	var seed *big.Int
	if err := kit.Unpack("random", args, "seed", &seed); err != nil {
		return nil, err
	}
	u, err := seedBits("random", 1, seed)
	if err != nil {
		return nil, err
	}
	return &Strategy{Name: fmt.Sprintf("random(%s)", seed), kind: playRandom, seed: u}, nil
}

func fnSkill(env *builtin.Env, args ...any) (any, error) {
	var p float64
	var seed *big.Int
	if err := kit.Unpack("skill", args, "p", &p, "seed", &seed); err != nil {
		return nil, err
	}
	if !(p >= 0 && p <= 1) {
		return nil, builtin.ArgError("skill", 1, "p", "must be a probability from 0 to 1, got %v", p)
	}
	u, err := seedBits("skill", 2, seed)
	if err != nil {
		return nil, err
	}
	return &Strategy{Name: fmt.Sprintf("skill(%v, %s)", p, seed), kind: playSkill, seed: u, p: p}, nil
}

func fnStrategy(env *builtin.Env, args ...any) (any, error) {
	var rule any
	if err := kit.Unpack("strategy", args, "rule", &rule); err != nil {
		return nil, err
	}
	pred, ok := rule.(builtin.Predicate)
	if !ok {
		return nil, builtin.ArgError("strategy", 1, "rule", `must be a predicate {…} that returns a move, like {#.values[1] >= #.values[-1] ? "L" : "R"}, got %s`, kit.TypeName(rule))
	}
	return &Strategy{Name: "strategy(" + pred.Text() + ")", kind: playRule, rule: pred}, nil
}

// seedBits is a seed of 64 bits as splitmix64 takes it (its two's
// complement bits, as the random constructors read theirs).
func seedBits(fn string, k int, seed *big.Int) (uint64, error) {
	if !seed.IsInt64() {
		return 0, builtin.ArgError(fn, k, "seed", "must fit 64 bits, got %s", seed)
	}
	return uint64(seed.Int64()), nil
}

// mover is a strategy playing for one player in one match: random draws
// start from its seed at the match's first move, so a match replays on
// every machine. Each player draws from a stream of its own: the k-th
// player to move in the match (from 0) from the seed's k-th stream, the
// first from the seed itself, so random(s) for both players, or
// {A: random(s), B: random(s)}, does not give B A's draws. skill flips its
// coins from another stream, so that its random moves are random(seed)'s:
// skill(0, s) plays as random(s) does.
type mover struct {
	s     *Strategy
	rng   *splitmix.Rand
	coins *splitmix.Rand
}

// newMover is s playing for the k-th player to move (from 0).
func newMover(s *Strategy, k int) *mover {
	seed := playerSeed(s.seed, k)
	return &mover{s: s, rng: splitmix.New(seed), coins: splitmix.New(^seed)}
}

// playerSeed is the seed of the k-th player's stream: seed itself for the
// first, else seed mixed with splitmix64's k-th word, so that no two
// players of a match, nor two small seeds, share a stream.
func playerSeed(seed uint64, k int) uint64 {
	if k == 0 {
		return seed
	}
	return seed ^ splitmix.New(uint64(k)).Next()
}

// choose is the strategy's move at pos (not over), legal there; sv solves
// positions for the strategies that need them.
func (m *mover) choose(env *builtin.Env, sv *solver, pos games.Position) (games.Move, error) {
	switch m.s.kind {
	case playOptimal:
		return optimalMove(sv, pos)
	case playGreedy:
		return greedyMove(pos), nil
	case playRandom:
		legal := pos.Legal()
		return legal[m.rng.Intn(len(legal))], nil
	case playSkill:
		// Both draws are made every turn, so the random moves do not
		// depend on p.
		optimalNow := float64(m.coins.Next()>>11)/(1<<53) < m.s.p
		legal := pos.Legal()
		random := legal[m.rng.Intn(len(legal))]
		if optimalNow {
			return optimalMove(sv, pos)
		}
		return random, nil
	}
	return m.ruleMove(env, pos)
}

// optimalMove is the move solve's line makes at pos.
func optimalMove(sv *solver, pos games.Position) (games.Move, error) {
	ev, err := sv.eval(pos)
	if err != nil {
		return nil, err
	}
	return ev.Choice, nil
}

// greedyMove is the legal move of largest immediate gain for the mover
// (smallest for a minimiser), the first in the game's order among equals.
func greedyMove(pos games.Position) games.Move {
	g, hasGain := pos.(games.Gainer)
	var best games.Move
	var bestGain *big.Int
	for _, m := range pos.Legal() {
		var gain *big.Int
		if hasGain {
			gain = g.Gain(m)
		} else {
			gain = pos.Step(m).Reward
		}
		if gain == nil {
			gain = new(big.Int)
		}
		if best == nil || games.Better(pos, gain, bestGain) {
			best, bestGain = m, gain
		}
	}
	return best
}

// ruleMove asks the user's rule for the move at pos.
func (m *mover) ruleMove(env *builtin.Env, pos games.Position) (games.Move, error) {
	x, err := m.s.rule.Call(pos)
	if err != nil {
		if env.Ctx.Err() != nil || isStop(err) {
			return nil, err
		}
		return nil, fmt.Errorf("%s failed at %s: %v", m.s.Name, where(pos), err)
	}
	var mv games.Move
	if c, ok := pos.(games.FreeTurns); ok {
		mv, err = c.ParseChoice(x)
	} else {
		mv, err = pos.ParseMove(x)
	}
	if err != nil {
		return nil, fmt.Errorf("%s returned %s at %s, which is no move (%v)", m.s.Name, kit.FormatValue(x), where(pos), err)
	}
	if p, err := forMover(pos, mv); err != nil {
		return nil, fmt.Errorf("%s chose %s at %s, which is illegal: %v", m.s.Name, games.Describe(mv), where(pos), err)
	} else if _, err := p.Play(mv); err != nil {
		return nil, fmt.Errorf("%s chose %s at %s, which is illegal: %v", m.s.Name, games.Describe(mv), where(pos), err)
	}
	return mv, nil
}

// isStop says err is the cell's own stop (its budget), which ends the
// statement as it is.
func isStop(err error) bool {
	var be *builtin.Error
	return errors.As(err, &be) && be.Kind == builtin.MemoryError
}

// where names a position for a message: whose turn, what is left, and the
// moves that led there.
func where(pos games.Position) string {
	line, _ := situation(pos)
	if h := pos.History(); h.Len() > 0 {
		line += " after " + games.LineText(pos.Game(), h.Moves)
	}
	return strings.TrimSpace(line)
}
