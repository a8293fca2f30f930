package gameio

// The memory budget of a batch run, as the games' solves see it: the room
// left for an instance's tables, so that a solve refuses an instance that
// would not fit before allocating, rather than dying when the address
// space runs out.

import (
	"context"
	"fmt"
	"math"
)

type roomKey struct{}

// WithRoom is ctx carrying room, which says how many bytes the memory
// budget has left now (see Room).
func WithRoom(ctx context.Context, room func() int64) context.Context {
	return context.WithValue(ctx, roomKey{}, room)
}

// Room is how many bytes the batch's memory budget has left now for the
// instance solved under ctx; math.MaxInt64 when the run has no budget.
func Room(ctx context.Context) int64 {
	if room, ok := ctx.Value(roomKey{}).(func() int64); ok {
		return room()
	}
	return math.MaxInt64
}

// Fits is nil when need bytes fit in Room(ctx), else the error to report:
// what needs them ("a board of 50005000 vertices") and how much is left.
func Fits(ctx context.Context, need int64, what string) error {
	if room := Room(ctx); need > room {
		return &RoomError{What: what, Need: need, Room: room}
	}
	return nil
}

// RoomError is an instance refused because its solve would not fit in the
// memory budget.
type RoomError struct {
	What       string
	Need, Room int64
}

func (e *RoomError) Error() string {
	return fmt.Sprintf("memory budget exceeded: %s needs about %s, more than the %s the budget has left (GAMELAB_MEMORY sets the budget)",
		e.What, byteSize(e.Need), byteSize(e.Room))
}

// byteSize writes bytes for a person: 12.3 MB.
func byteSize(n int64) string {
	switch {
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
}
