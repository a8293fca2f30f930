package decimal

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseAgreesWithSetString(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 17, 999, 1000, 1001, 4097, 50000} {
		var b strings.Builder
		b.WriteByte("123456789"[r.IntN(9)])
		for b.Len() < n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		for _, sign := range []string{"", "-", "+"} {
			s := sign + b.String()
			want, _ := new(big.Int).SetString(s, 10)
			got, ok := Parse(s)
			if !ok || got.Cmp(want) != 0 {
				t.Fatalf("Parse of a %d-digit number %q...: ok %v, differs from SetString", n, s[:min(len(s), 20)], ok)
			}
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, s := range []string{"", "-", "+-1", "--1", "1e9", "0x10", " 1", "1 ", "١"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) accepted", s)
		}
		if TooLong(s) {
			t.Errorf("TooLong(%q) is true", s)
		}
	}
	long := strings.Repeat("9", MaxDigits+1)
	if _, ok := Parse(long); ok || !TooLong(long) {
		t.Errorf("a %d-digit number: Parse ok %v, TooLong %v", len(long), ok, TooLong(long))
	}
	// Leading zeros do not count.
	if z, ok := Parse(strings.Repeat("0", MaxDigits+5) + "7"); !ok || z.Int64() != 7 {
		t.Errorf("leading zeros: %v %v", z, ok)
	}
	// MaxDigits nines fit MaxBits bits.
	if z, ok := Parse(strings.Repeat("9", MaxDigits)); !ok || z.BitLen() > MaxBits {
		t.Errorf("MaxDigits nines: ok %v, %d bits", ok, z.BitLen())
	}
}
