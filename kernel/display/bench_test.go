package display

import (
	"io"
	"strconv"
	"testing"
)

// Full drawings of big values stream in linear time and memory: save(b,
// "b.svg") of a 2000-row board writes every vertex.

func BenchmarkTriangleSVG(b *testing.B) {
	for _, n := range []int{80, 2000} {
		t := bigBoard(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := t.WriteSVG(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTriangleText(b *testing.B) {
	t := bigBoard(2000)
	b.ReportAllocs()
	for b.Loop() {
		if err := t.WriteText(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
