package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"time"
)

// login signs in as the administrator and returns the session token.
func login(baseURL, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"username": "admin", "password": password})
	res, err := http.Post(baseURL+"/api/admin/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ SessionToken string }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("login: status %d, %v", res.StatusCode, err)
	}
	return out.SessionToken, nil
}

// An editable text and the page that shows it.
type editTarget struct {
	path, section, key string
}

// The texts whose edits are timed: the home page's hero title, and an inner
// page's (the values of /about-us, a text of a repeating group).
var editTargets = []editTarget{
	{"/", "hero", "main_title"},
	{"/about-us", "about.values", "items.excellence.title"},
}

// freshAfterEdit writes the target's text n times and measures, for each,
// the time from sending the write to the first byte of the first answer for
// its page that carries the new text.
func freshAfterEdit(baseURL, token string, t editTarget, n int) (fresh, writes []time.Duration, err error) {
	client := &http.Client{Timeout: 30 * time.Second}
	var out []time.Duration
	for i := range n {
		text := fmt.Sprintf("Enterprise AI that ships, edit %d at %d", i+1, time.Now().UnixNano())
		body, _ := json.Marshal(map[string]string{"section": t.section, "key": t.key, "value": text})
		begin := time.Now()
		req, _ := http.NewRequest(http.MethodPost, baseURL+"/api/admin/content", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := client.Do(req)
		if err != nil {
			return nil, nil, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
			return nil, nil, fmt.Errorf("content write: status %d", res.StatusCode)
		}
		writes = append(writes, time.Since(begin))
		d, err := firstFresh(client, baseURL+t.path, text, begin)
		if err != nil {
			return nil, nil, fmt.Errorf("edit %d: %w", i+1, err)
		}
		out = append(out, d)
	}
	return out, writes, nil
}

// firstFresh asks for url until the answer carries text and returns the
// time from begin to the first byte of that answer.
func firstFresh(client *http.Client, url, text string, begin time.Time) (time.Duration, error) {
	for attempt := 0; ; attempt++ {
		var firstByte time.Time
		trace := &httptrace.ClientTrace{GotFirstResponseByte: func() { firstByte = time.Now() }}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), http.MethodGet, url, nil)
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		page, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return 0, err
		}
		if bytes.Contains(page, []byte(text)) {
			return firstByte.Sub(begin), nil
		}
		if attempt > 1000 {
			return 0, fmt.Errorf("%q never reached %s", text, url)
		}
	}
}
