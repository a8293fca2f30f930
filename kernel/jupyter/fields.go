package jupyter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// jsonKind is the JSON type a request field must have.
type jsonKind int

const (
	jString    jsonKind = iota
	jBool               // true or false
	jInt                // an integer that fits an int
	jIntOrNull          // such an integer, or null (history_request's optional numbers)
	jStringMap          // an object whose values are strings (user_expressions)
)

// field is one field of a request's content.
type field struct {
	name     string
	kind     jsonKind
	required bool
}

// historyFields are the fields of history_request. Jupyter clients send
// null for the numbers they leave open.
var historyFields = []field{
	{"output", jBool, false}, {"raw", jBool, false}, {"hist_access_type", jString, true},
	{"session", jIntOrNull, false}, {"start", jIntOrNull, false}, {"stop", jIntOrNull, false},
	{"n", jIntOrNull, false}, {"pattern", jString, false}, {"unique", jBool, false},
}

// checkFields checks content (a JSON object) against fields: each required
// one present, each present one of its type. The error names the field and
// says what is wrong, for the error reply. Fields not listed are ignored,
// as the protocol asks of additions.
func checkFields(content json.RawMessage, fields ...field) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(content, &obj); err != nil {
		return fmt.Errorf("content: %v", err)
	}
	for _, f := range fields {
		raw, ok := obj[f.name]
		if !ok {
			if f.required {
				return fmt.Errorf("field %q is missing", f.name)
			}
			continue
		}
		if err := checkKind(raw, f.kind); err != nil {
			return fmt.Errorf("field %q %v", f.name, err)
		}
	}
	return nil
}

func checkKind(raw json.RawMessage, kind jsonKind) error {
	raw = bytes.TrimSpace(raw)
	got := jsonType(raw)
	switch kind {
	case jString:
		if got != "a string" {
			return fmt.Errorf("must be a string, not %s", got)
		}
	case jBool:
		if got != "a boolean" {
			return fmt.Errorf("must be true or false, not %s", got)
		}
	case jIntOrNull, jInt:
		if kind == jIntOrNull && got == "null" {
			return nil
		}
		if got != "a number" {
			return fmt.Errorf("must be an integer, not %s", got)
		}
		if bytes.ContainsAny(raw, ".eE") {
			return fmt.Errorf("must be an integer, not %s", raw)
		}
		if n, err := strconv.ParseInt(string(raw), 10, 64); err != nil || n < math.MinInt || n > math.MaxInt {
			return fmt.Errorf("must be an integer that fits in %d bits, not %.40s", strconv.IntSize, raw)
		}
	case jStringMap:
		if got != "an object" {
			return fmt.Errorf("must be an object of strings, not %s", got)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			return err
		}
		for k, v := range m {
			if t := jsonType(bytes.TrimSpace(v)); t != "a string" {
				return fmt.Errorf("must map names to strings: %q maps to %s", k, t)
			}
		}
	}
	return nil
}

// jsonType names the type of one valid JSON value.
func jsonType(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return "a number"
}
