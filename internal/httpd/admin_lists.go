package httpd

import (
	"encoding/json"
)

// readOnly names the fields a client may send back unchanged from an
// object it read (the admin dialogs do); the server sets them itself.
type readOnly struct {
	ID        json.RawMessage `json:"id,omitempty"`
	CreatedAt json.RawMessage `json:"createdAt,omitempty"`
	UpdatedAt json.RawMessage `json:"updatedAt,omitempty"`
}

// orTrue returns *b, or true when the client left it out.
func orTrue(b *bool) bool { return b == nil || *b }
