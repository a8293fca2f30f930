// Package decimal reads and bounds integers written in decimal: the one
// limit on integer size that the language, the game parsers and the batch
// readers share, and a reader that is as fast as math/big's multiplication
// where big.Int.SetString is quadratic.
package decimal

import (
	"math/big"
	"strings"
)

// MaxBits bounds the integers gamelab makes: 2^20 bits. math/big cannot be
// interrupted, and its slowest steps grow faster than the numbers: a product
// of two 2^20-bit numbers takes 20 ms, writing one in decimal 30-90 ms, of
// 2^22-bit ones 150 ms and 300 ms, past the 100 ms an interrupt may wait.
const MaxBits = 1 << 20

// MaxDigits is the most decimal digits a number may be written with: every
// integer of 315,652 digits fits MaxBits bits (10^315652 < 2^1048574).
const MaxDigits = 315652

// Parse reads a decimal integer with an optional sign, of at most MaxDigits
// digits (leading zeros aside). ok is false for anything else; TooLong tells
// the two failures apart.
func Parse(text string) (z *big.Int, ok bool) {
	digits := strings.TrimLeft(text, "+-")
	if len(text)-len(digits) > 1 || digits == "" || !AllDigits(digits) {
		return nil, false
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > MaxDigits {
		return nil, false
	}
	z = Digits(digits)
	if text[0] == '-' {
		z.Neg(z)
	}
	return z, true
}

// TooLong says text is a well-formed decimal integer with more than
// MaxDigits digits, so a reader can say that rather than "not a number".
func TooLong(text string) bool {
	digits := strings.TrimLeft(text, "+-")
	if len(text)-len(digits) > 1 || digits == "" || !AllDigits(digits) {
		return false
	}
	return len(strings.TrimLeft(digits, "0")) > MaxDigits
}

// AllDigits says s is made of the digits 0-9 only.
func AllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Digits reads a string of decimal digits (no sign, at least one digit).
func Digits(digits string) *big.Int { return byHalves(digits, map[int]*big.Int{}) }

// byHalves reads digits as hi·10^k + lo, recursively: as fast as math/big's
// multiplication (milliseconds for 300,000 digits, where SetString takes a
// second for 600,000). pow10 caches 10^k.
func byHalves(digits string, pow10 map[int]*big.Int) *big.Int {
	if len(digits) <= 1000 {
		z, _ := new(big.Int).SetString("0"+digits, 10)
		return z
	}
	k := len(digits) / 2
	p, ok := pow10[k]
	if !ok {
		p = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
		pow10[k] = p
	}
	hi := byHalves(digits[:len(digits)-k], pow10)
	return hi.Add(hi.Mul(hi, p), byHalves(digits[len(digits)-k:], pow10))
}
