// Package ssr renders the public pages by running the React server bundle in
// a pool of embedded JavaScript engines, and caches the finished pages.
package ssr

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"
)

//go:embed polyfill.js
var polyfillJS string

// RenderTimeout bounds one render, so that a bug in a page cannot hold an
// engine forever.
const RenderTimeout = 30 * time.Second

// Result is one rendered page, before it is put into the HTML shell.
type Result struct {
	HTML        string `json:"html"`
	Status      int    `json:"status"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// StructuredData is the page's JSON-LD graph, null for none.
	StructuredData json.RawMessage `json:"structuredData"`
}

type engine struct {
	vm     *goja.Runtime
	render goja.Callable
}

// Renderer runs render(url, data) of the server bundle on a fixed pool of
// engines. An engine is single-threaded, so each render takes one from the
// pool and gives it back.
type Renderer struct {
	pool  chan *engine
	paths []string
	// renders counts the renders run, for the tests of the caches.
	renders atomic.Int64
}

// NewRenderer compiles the bundle once and starts size engines with it.
func NewRenderer(bundle []byte, size int, logger *slog.Logger) (*Renderer, error) {
	if size < 1 {
		size = 1
	}
	poly, err := goja.Compile("polyfill.js", polyfillJS, true)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile polyfill: %w", err)
	}
	prog, err := compileBundle(bundle)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile server bundle: %w", err)
	}
	r := &Renderer{pool: make(chan *engine, size)}
	for i := 0; i < size; i++ {
		e, paths, err := newEngine(poly, prog, logger)
		if err != nil {
			return nil, err
		}
		r.paths = paths
		r.pool <- e
	}
	return r, nil
}

// programs are the compiled server bundles by their SHA-256: a compile
// takes a second or more of CPU, and a process that starts several
// renderers (the tests start about a hundred) compiles each bundle once.
// A program runs in any number of engines, as one renderer's do.
var programs sync.Map

func compileBundle(bundle []byte) (*goja.Program, error) {
	key := sha256.Sum256(bundle)
	if p, ok := programs.Load(key); ok {
		return p.(*goja.Program), nil
	}
	prog, err := goja.Compile("entry-server.js", string(bundle), false)
	if err != nil {
		return nil, err
	}
	programs.Store(key, prog)
	return prog, nil
}

func newEngine(poly, prog *goja.Program, logger *slog.Logger) (*engine, []string, error) {
	vm := goja.New()
	new(require.Registry).Enable(vm)
	url.Enable(vm)
	console := vm.NewObject()
	logTo := func(level slog.Level) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			parts := make([]string, len(call.Arguments))
			for i, a := range call.Arguments {
				parts[i] = a.String()
			}
			logger.Log(context.Background(), level, "ssr console", "message", strings.Join(parts, " "))
			return goja.Undefined()
		}
	}
	console.Set("log", logTo(slog.LevelInfo))
	console.Set("info", logTo(slog.LevelInfo))
	console.Set("debug", logTo(slog.LevelDebug))
	console.Set("warn", logTo(slog.LevelWarn))
	console.Set("error", logTo(slog.LevelError))
	vm.Set("console", console)
	if _, err := vm.RunProgram(poly); err != nil {
		return nil, nil, fmt.Errorf("ssr: run polyfill: %w", err)
	}
	if _, err := vm.RunProgram(prog); err != nil {
		return nil, nil, fmt.Errorf("ssr: run server bundle: %w", err)
	}
	ssr := vm.Get("SSR")
	if ssr == nil || goja.IsUndefined(ssr) {
		return nil, nil, errors.New("ssr: server bundle defines no SSR global")
	}
	obj := ssr.ToObject(vm)
	render, ok := goja.AssertFunction(obj.Get("render"))
	if !ok {
		return nil, nil, errors.New("ssr: server bundle has no render function")
	}
	pathsFn, ok := goja.AssertFunction(obj.Get("paths"))
	if !ok {
		return nil, nil, errors.New("ssr: server bundle has no paths function")
	}
	v, err := pathsFn(goja.Undefined())
	if err != nil {
		return nil, nil, fmt.Errorf("ssr: paths: %w", err)
	}
	var paths []string
	if err := json.Unmarshal([]byte(v.String()), &paths); err != nil {
		return nil, nil, fmt.Errorf("ssr: paths: %w", err)
	}
	return &engine{vm: vm, render: render}, paths, nil
}

// Engines tells how many engines the pool has, and how many of them
// render now.
func (r *Renderer) Engines() (busy, size int) {
	size = cap(r.pool)
	return size - len(r.pool), size
}

// Paths returns the paths the bundle renders with status 200.
func (r *Renderer) Paths() []string { return r.paths }

// Render renders the page at url from the page data, given as JSON.
func (r *Renderer) Render(url string, data []byte) (*Result, error) {
	r.renders.Add(1)
	e := <-r.pool
	defer func() { r.pool <- e }()
	timer := time.AfterFunc(RenderTimeout, func() { e.vm.Interrupt("render timed out") })
	v, err := e.render(goja.Undefined(), e.vm.ToValue(url), e.vm.ToValue(string(data)))
	timer.Stop()
	e.vm.ClearInterrupt()
	if err != nil {
		return nil, fmt.Errorf("ssr: render %s: %w", url, err)
	}
	var res Result
	if err := json.Unmarshal([]byte(v.String()), &res); err != nil {
		return nil, fmt.Errorf("ssr: render %s: decode result: %w", url, err)
	}
	return &res, nil
}
