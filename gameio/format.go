package gameio

// Format names a batch dialect: how instances are read and answers written.
type Format string

const (
	// Seed is the dialect of the original programs each game was posed with
	// (the polygon program's listing, "score moves" for coins, one best
	// score per Life Line dataset).
	Seed Format = "seed"
	// IOI is IOI 1998's POLYGON.IN and POLYGON.OUT (polygon only).
	IOI Format = "ioi"
	// Deque is AtCoder DP contest problem L: N, then N coins; X − Y (coins only).
	Deque Format = "deque"
	// JSON reads as Seed does and writes one JSON object per instance.
	JSON Format = "json"
)

// The dialects each game's batch accepts; the first is the default.
var (
	PolygonFormats  = []Format{Seed, IOI, JSON}
	CoinsFormats    = []Format{Seed, Deque, JSON}
	LifelineFormats = []Format{Seed, JSON}
)
