package polygon

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


func (p *Polygon) JSONValue() any {
	return struct {
		N      int    `json:"n"`
		Ops    string `json:"ops"`
		Values []any  `json:"values"`
	}{p.N, p.Ops, p.Values}
}

func (r *PolygonResult) JSONValue() any {
	return json.RawMessage(gameio.AppendPolygonJSON(nil, r.res))
}

func (t *PolygonTrace) JSONValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}
