package lifeline

import (
	"bufio"
	"encoding/json"
	"fmt"
	"gamelab/kernel/builtin"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/display"
)


func (b *Board) JSONValue() any {
	return struct {
		N    int     `json:"n"`
		Rows [][]int `json:"rows"`
	}{b.N, b.Rows}
}

func (r *LifelineResult) JSONValue() any {
	return json.RawMessage(gameio.AppendLifelineJSON(nil, r.res))
}

func (t *LifelineTrace) JSONValue() any { return t.Result.JSONValue() }

func (h *Heat) JSONValue() any {
	return struct {
		Player int     `json:"player"`
		Points [][]any `json:"points"`
	}{h.Result.Player, h.Result.Points}
}
