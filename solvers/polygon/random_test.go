package polygon

import (
	"math/big"
	"strings"
	"testing"

	"gamelab/internal/decimal"
)

// RandomRange with Random's range and operators is Random, draw for draw.
func TestRandomRangeIsRandom(t *testing.T) {
	for _, n := range []int{1, 7, 300} {
		for _, seed := range []uint64{0, 1, 42} {
			p, err := RandomRange(n, seed, big.NewInt(-10), big.NewInt(10), "+*")
			if err != nil {
				t.Fatal(err)
			}
			if q := Random(n, seed); p.String() != q.String() {
				t.Fatalf("RandomRange(%d, %d, -10, 10, \"+*\") = %s, Random gives %s", n, seed, p, q)
			}
		}
	}
}

// A seed names the same ring on every machine: these instances are pinned
// (and were checked against an independent splitmix64 in Python), ranges
// past 64 bits and every operator included.
func TestRandomRangePinned(t *testing.T) {
	huge, _ := new(big.Int).SetString("-100000000000000000000000000000", 10)
	for _, tc := range []struct {
		n      int
		seed   uint64
		lo, hi *big.Int
		ops    string
		want   string
	}{
		{6, 1, big.NewInt(-3), big.NewInt(3), "+*-", "- -3 + -3 + -1 + 0 + 1 + -1"},
		{4, 7, big.NewInt(0), big.NewInt(0), "-", "- 0 - 0 - 0 - 0"},
		{3, 2, huge, new(big.Int).Neg(huge), "+-", "+ -96290872685955139489673358545 + -1245290496442026990203587917 + -5380278148734852468357135519"},
	} {
		p, err := RandomRange(tc.n, tc.seed, tc.lo, tc.hi, tc.ops)
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != tc.want {
			t.Errorf("RandomRange(%d, %d, %v, %v, %q) = %q, pinned %q", tc.n, tc.seed, tc.lo, tc.hi, tc.ops, p, tc.want)
		}
		for _, v := range p.Values {
			if v.Cmp(tc.lo) < 0 || v.Cmp(tc.hi) > 0 {
				t.Errorf("value %v outside %v..%v", v, tc.lo, tc.hi)
			}
		}
	}
}

// Every value of a range past 64 bits turns up, each about as often.
func TestRandomRangeUniform(t *testing.T) {
	lo := new(big.Int).Lsh(big.NewInt(1), 80)
	hi := new(big.Int).Add(lo, big.NewInt(4))
	p, err := RandomRange(5000, 3, lo, hi, "*")
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, v := range p.Values {
		count[new(big.Int).Sub(v, lo).String()]++
	}
	for d := range 5 {
		if c := count[big.NewInt(int64(d)).String()]; c < 850 || c > 1150 {
			t.Errorf("lo+%d drawn %d times of 5000, want about 1000 (%v)", d, c, count)
		}
	}
}

func TestRandomRangeRefuses(t *testing.T) {
	tooBig := new(big.Int).Lsh(big.NewInt(1), decimal.MaxBits)
	for _, tc := range []struct {
		n      int
		lo, hi *big.Int
		ops    string
		want   string
	}{
		{0, big.NewInt(0), big.NewInt(1), "+", "n ≥ 1"},
		{3, big.NewInt(2), big.NewInt(1), "+", "empty"},
		{3, big.NewInt(0), big.NewInt(1), "", "at least one operator"},
		{3, big.NewInt(0), big.NewInt(1), "+/", "'/'"},
		{3, big.NewInt(0), tooBig, "+", "2^20 bits"},
	} {
		if _, err := RandomRange(tc.n, 1, tc.lo, tc.hi, tc.ops); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("RandomRange(%d, 1, %v…, %q) = %v, want an error saying %q", tc.n, tc.lo.String()[:1], tc.ops, err, tc.want)
		}
	}
}

// A number too long for the language is refused at once, naming its token
// and shortened; long numbers within the cap parse exactly; '-' is an
// operator where one is due and a sign where a value is.
func TestParseLongNumbersAndMinus(t *testing.T) {
	_, err := Parse("+ " + strings.Repeat("9", 3_000_000))
	var pe *ParseError
	if !errorAs(err, &pe) || pe.Token != 2 || !strings.Contains(err.Error(), "number too long") || len(err.Error()) > 200 {
		t.Fatalf("3,000,000 nines: %.300v", err)
	}
	long := strings.Repeat("1234567890", decimal.MaxDigits/10)
	p, err := Parse("* " + long + " - -" + long)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := new(big.Int).SetString(long, 10)
	if p.Values[0].Cmp(want) != 0 || p.Values[1].Cmp(want.Neg(want)) != 0 || string(p.Ops) != "*-" {
		t.Fatalf("long numbers misread (ops %q)", p.Ops)
	}
	if p := mustParse(t, "- -5 - 3 * -"+"2"); p.String() != "- -5 - 3 * -2" {
		t.Fatalf("Parse of '-' operators: %s", p)
	}
	if _, err := Parse("- - - 3"); err == nil || !strings.Contains(err.Error(), `token 2 "-": not an integer`) {
		t.Fatalf(`"- - - 3": %v`, err)
	}
}

func BenchmarkParseLongNumbers(b *testing.B) {
	long := strings.Repeat("9", decimal.MaxDigits)
	text := strings.Repeat("+ "+long+" ", 4)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

func errorAs(err error, pe **ParseError) bool {
	e, ok := err.(*ParseError)
	*pe = e
	return ok
}
