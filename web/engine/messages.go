// Package engine is gamelab's engine as the web page talks to it: the
// messages between the page and the Web Worker that runs the engine, and a
// Runner that answers them with a kernel.Session, showing results as the
// Jupyter kernel does (text, SVG, HTML tables, streams, errors with their
// caret, progress, play's input). It is plain Go, so its tests run natively;
// web/wasm wires it to the worker's postMessage when it is built for
// GOOS=js GOARCH=wasm.
//
// A message is one JSON object in each direction. The page sends a Request
// (execute a cell, answer play's prompt, stop, complete, inspect, turn a
// script into cells, replay cells after a restart); the Runner answers with
// Replies tagged with the request's id.
package engine

import "gamelab/kernel"

// Request types, as the page sends them.
const (
	ReqExecute  = "execute"  // run Code as one cell (with Name, its slider Name moved to Text first)
	ReqInput    = "input"    // Text answers the running cell's prompt
	ReqStop     = "stop"     // interrupt the running cell (seen when the worker is idle, e.g. at a prompt)
	ReqComplete = "complete" // completions of Code at Cursor
	ReqInspect  = "inspect"  // help for the name at Cursor in Code
	ReqCells    = "cells"    // split the script or notebook Text (file Name) into cells
	ReqReplay   = "replay"   // run Cells silently, restoring a session after a restart
	ReqNames    = "names"    // the variables Code reads and writes (kernel.Session.Names)
	ReqExplore  = "explore"  // explorer Name after Line (its moves' places): done with its Result, no cell
)

// Reply types, as the Runner sends them.
const (
	RepReady       = "ready"       // the engine is loaded (sent by web/wasm)
	RepStream      = "stream"      // Name ("stdout" or "stderr") wrote Text
	RepDisplay     = "display"     // Data is shown; DisplayID and Update replace an earlier item
	RepClear       = "clear"       // clear the cell's output (Wait: when the next output comes)
	RepProgress    = "progress"    // Text is the progress line; "" takes it away
	RepInput       = "input"       // the cell asks Text (a prompt) and waits for a ReqInput
	RepDone        = "done"        // the cell ended: Count, Result, Error, Page (Code: the code run, when a slider moved)
	RepCompletions = "completions" // Matches replace code[Start:End] (runes)
	RepInspection  = "inspection"  // Text is the help found (Found)
	RepCells       = "cells"       // Cells are the code of each cell; Error when the file is not one
	RepReplayed    = "replayed"    // the cells of a ReqReplay ran; Count is the session's counter
	RepNames       = "names"       // Reads and Writes of the code asked about
)

// Request is a message from the page.
type Request struct {
	Type   string       `json:"type"`
	ID     int          `json:"id"`
	Code   string       `json:"code,omitempty"`
	Cursor int          `json:"cursor,omitempty"` // in runes, as kernel.Session.Complete counts
	Text   string       `json:"text,omitempty"`
	Name   string       `json:"name,omitempty"`
	Cells  []ReplayCell `json:"cells,omitempty"`
	Line   []int        `json:"line,omitempty"` // an explorer's line (ReqExplore)
}

// ReplayCell is a cell to run again after the engine restarted: its code
// and the answers its prompts (play) were given, in order.
type ReplayCell struct {
	Code    string   `json:"code"`
	Answers []string `json:"answers,omitempty"`
}

// Reply is a message to the page; which fields are set depends on Type.
type Reply struct {
	Type      string     `json:"type"`
	ID        int        `json:"id"`
	Name      string     `json:"name,omitempty"`
	Text      string     `json:"text,omitempty"`
	Data      *Bundle    `json:"data,omitempty"`
	DisplayID string     `json:"displayId,omitempty"`
	Update    bool       `json:"update,omitempty"`
	Wait      bool       `json:"wait,omitempty"`
	Count     int        `json:"count,omitempty"`
	Result    *Bundle    `json:"result,omitempty"`
	Error     *ErrorInfo `json:"error,omitempty"`
	Page      string     `json:"page,omitempty"`
	Matches   []string   `json:"matches,omitempty"`
	Start     int        `json:"start"`
	End       int        `json:"end"`
	Found     bool       `json:"found,omitempty"`
	Cells     []string   `json:"cells,omitempty"`
	// Code is the code a cell ran after its slider moved (ReqExecute with
	// Name): the page puts it in the cell.
	Code string `json:"code,omitempty"`
	// Reads and Writes are the variables the cell reads and writes (a
	// done reply, and RepNames): the page re-runs the cells that read what
	// a cell wrote.
	Reads  []string `json:"reads,omitempty"`
	Writes []string `json:"writes,omitempty"`
	// Cached is how many of the cell's solves came from the session's
	// cache (a done reply).
	Cached int `json:"cached,omitempty"`
}

// Bundle is a displayed value in Jupyter's MIME types: text/plain always,
// image/svg+xml for a picture, text/html for a table; and a slider to
// draw (slider(values)), whose text says its value.
type Bundle struct {
	Text   string         `json:"text"`
	SVG    string         `json:"svg,omitempty"`
	HTML   string         `json:"html,omitempty"`
	Slider *kernel.Slider `json:"slider,omitempty"`
}

func bundle(d kernel.Display) *Bundle {
	return &Bundle{Text: d.Text, SVG: d.SVG, HTML: d.HTML, Slider: d.Slider}
}

// ErrorInfo is a cell's error: Kind is Jupyter's ename, Msg its evalue, and
// Text what the REPL prints ("line:col: msg", the source line, the caret).
type ErrorInfo struct {
	Kind   string `json:"kind"`
	Msg    string `json:"msg"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Text   string `json:"text"`
}

func errorInfo(e *kernel.Error) *ErrorInfo {
	kind := string(e.Kind)
	if kind == "" {
		kind = "Error"
	}
	return &ErrorInfo{Kind: kind, Msg: e.Msg, Line: e.Line, Column: e.Column, Text: e.Error()}
}
