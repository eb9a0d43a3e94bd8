package site

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// A page's body is a structured document in the JSON shape of ProseMirror
// (the admin's editor is Tiptap): a tree of nodes with types, attributes,
// marks and text. It is never HTML: the server checks every node against
// the few the site renders (ValidateDoc), and React renders them one by
// one. Keep the node and mark names in step with web/src/lib/rich-text.ts.

// Node types of a document.
const (
	NodeDoc         = "doc"
	NodeParagraph   = "paragraph"
	NodeHeading     = "heading"
	NodeText        = "text"
	NodeHardBreak   = "hardBreak"
	NodeBulletList  = "bulletList"
	NodeOrderedList = "orderedList"
	NodeListItem    = "listItem"
	NodeBlockquote  = "blockquote"
	NodeImage       = "image"
)

// Marks of a document's text.
const (
	MarkBold   = "bold"
	MarkItalic = "italic"
	MarkLink   = "link"
)

// Limits of a document.
const (
	// MaxDocNodes is how many nodes a document may have, text nodes
	// included.
	MaxDocNodes = 10000
	// MaxDocDepth is how deep nodes may nest, the document being 1: a
	// paragraph in a list in a list in a quote is 7.
	MaxDocDepth = 10
	// MaxDocText is how many characters of text a document may hold, as
	// a page's plain text may.
	MaxDocText = MaxPageText
	// MaxHref is the length of a link's address.
	MaxHref = 2000
	// MaxListStart is the highest number an ordered list may start at.
	MaxListStart = 100000
)

// Node is one node of a document: a block (paragraph, heading, list,
// quote, image), a list item, or inline text and line breaks.
type Node struct {
	Type    string     `json:"type"`
	Attrs   *NodeAttrs `json:"attrs,omitempty"`
	Content []*Node    `json:"content,omitempty"`
	Marks   []*Mark    `json:"marks,omitempty"`
	Text    string     `json:"text,omitempty"`
}

// NodeAttrs are the attributes a node may have: a heading's level (2 or
// 3), an ordered list's first number, an image's media item and alt text.
type NodeAttrs struct {
	Level   int    `json:"level,omitempty"`
	Start   int    `json:"start,omitempty"`
	MediaID int64  `json:"mediaId,omitempty"`
	Alt     string `json:"alt,omitempty"`
}

// Mark is a mark of a text node: bold, italic, or a link with its address.
type Mark struct {
	Type  string     `json:"type"`
	Attrs *MarkAttrs `json:"attrs,omitempty"`
}

// MarkAttrs are a link's attributes: its address.
type MarkAttrs struct {
	Href string `json:"href"`
}

// Doc is a page's body: a node of type "doc". It is decoded strictly (an
// unknown field or a value of the wrong kind anywhere in it is kept as the
// document's problem, for Validate to report under the field "body").
type Doc struct {
	Node
	problem string
}

// UnmarshalJSON decodes a document, keeping what is wrong with its JSON for
// ValidateDoc instead of failing the whole request's decode.
func (d *Doc) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var n Node
	if err := dec.Decode(&n); err != nil {
		*d = Doc{problem: docDecodeProblem(err)}
		return nil
	}
	*d = Doc{Node: n}
	return nil
}

// MarshalJSON writes the document's node.
func (d Doc) MarshalJSON() ([]byte, error) { return json.Marshal(d.Node) }

func docDecodeProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "json: unknown field "):
		return "has an unknown field " + strings.TrimPrefix(msg, "json: unknown field ") + "."
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return "has a field " + typeErr.Field + " that must be " + typeErr.Type.Kind().String() + "."
	}
	return "must be a document object ({\"type\": \"doc\", \"content\": [...]})."
}

// Value is the JSON of the document, for its column.
func (d Doc) Value() (driver.Value, error) {
	b, err := json.Marshal(d.Node)
	return string(b), err
}

// Scan reads the JSON of a document from its column.
func (d *Doc) Scan(src any) error {
	var b []byte
	switch x := src.(type) {
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		return fmt.Errorf("site: cannot scan %T into a page body", src)
	}
	var n Node
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("site: page body: %w", err)
	}
	*d = Doc{Node: n}
	return nil
}

// blockTypes are the nodes a document, a quote and a list item hold
// (a list item's first is a paragraph).
var blockTypes = map[string]bool{NodeParagraph: true, NodeHeading: true, NodeBulletList: true,
	NodeOrderedList: true, NodeBlockquote: true, NodeImage: true}

// hrefSitePath is a path of this site: one slash, then no slash or
// backslash right after it.
var hrefSitePath = regexp.MustCompile(`^/([^/\\]|$)`)

// CheckHref says what is wrong with a link's address, or "": a link goes
// to http, https or mailto addresses, or to a path of this site (/blog).
func CheckHref(href string) string {
	switch {
	case href == "":
		return "A link needs an address."
	case len(href) > MaxHref:
		return "A link's address must be at most " + itoa(MaxHref) + " characters."
	case strings.ContainsAny(href, "\\ \t\r\n") || textProblem(href, false) != "":
		return "A link's address may not hold spaces, backslashes or control characters: " + quoteShort(href) + "."
	case hrefSitePath.MatchString(href):
		return ""
	}
	scheme, rest, ok := strings.Cut(href, ":")
	switch strings.ToLower(scheme) {
	case "http", "https":
		if ok && strings.HasPrefix(rest, "//") && len(rest) > 2 && !strings.HasPrefix(rest, "///") {
			return ""
		}
	case "mailto":
		if ok && rest != "" {
			return ""
		}
	}
	return "A link must go to an http, https or mailto address, or to a path of this site such as /blog: " + quoteShort(href) + " does not."
}

func quoteShort(s string) string {
	if r := []rune(s); len(r) > 60 {
		s = string(r[:60]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// docCheck walks a document, counting what the limits count and stopping
// at its first problem.
type docCheck struct {
	nodes, text int
	problem     string
}

// ValidateDoc says what is wrong with d, or "" when it is a document the
// site renders: only the nodes and marks above, in their places, with
// their attributes, within the limits.
func ValidateDoc(d *Doc) string {
	if d.problem != "" {
		return "The body " + d.problem
	}
	if d.Type != NodeDoc {
		return `The body must be a document: its type must be "doc".`
	}
	if d.Attrs != nil || len(d.Marks) > 0 || d.Text != "" {
		return "The document itself has no attributes, marks or text."
	}
	var c docCheck
	c.blocks(d.Content, "document", 1)
	if c.problem != "" {
		return c.problem
	}
	return ""
}

func (c *docCheck) fail(msg string) {
	if c.problem == "" {
		c.problem = msg
	}
}

// blocks checks the children of a document, quote or list item.
func (c *docCheck) blocks(nodes []*Node, in string, depth int) {
	if len(nodes) == 0 {
		c.fail("A " + in + " must hold at least one paragraph.")
	}
	for _, n := range nodes {
		if c.problem != "" {
			return
		}
		if n == nil || !blockTypes[n.Type] {
			c.fail("A " + in + " may not hold " + nodeName(n) + ".")
			return
		}
		c.node(n, depth+1)
	}
}

func nodeName(n *Node) string {
	if n == nil {
		return "an empty node"
	}
	if n.Type == "" {
		return "a node without a type"
	}
	return "a node of type " + quoteShort(n.Type)
}

// node checks n, which its parent may hold, at depth.
func (c *docCheck) node(n *Node, depth int) {
	c.nodes++
	switch {
	case c.nodes > MaxDocNodes:
		c.fail("The body has more than " + itoa(MaxDocNodes) + " parts (paragraphs, list items, words in other styles): split it.")
		return
	case depth > MaxDocDepth:
		c.fail("The body nests lists and quotes more than " + itoa(MaxDocDepth) + " levels deep.")
		return
	}
	if n.Type != NodeText && (len(n.Marks) > 0 || n.Text != "") {
		c.fail("Only text has marks and characters; a " + n.Type + " has neither.")
		return
	}
	attrs := NodeAttrs{}
	if n.Attrs != nil {
		attrs = *n.Attrs
	}
	switch n.Type {
	case NodeParagraph:
		c.noAttrs(n)
		c.inline(n.Content, depth)
	case NodeHeading:
		if attrs.Level != 2 && attrs.Level != 3 {
			c.fail("A heading's level must be 2 or 3 (the page's title is its level 1).")
		} else if attrs != (NodeAttrs{Level: attrs.Level}) {
			c.fail("A heading has only a level.")
		}
		c.inline(n.Content, depth)
	case NodeBulletList, NodeOrderedList:
		if n.Type == NodeBulletList {
			c.noAttrs(n)
		} else if attrs != (NodeAttrs{Start: attrs.Start}) || attrs.Start < 0 || attrs.Start > MaxListStart {
			c.fail("A numbered list has only its first number, from 1 to " + itoa(MaxListStart) + ".")
		}
		if len(n.Content) == 0 {
			c.fail("A list must hold at least one item.")
		}
		for _, it := range n.Content {
			if it == nil || it.Type != NodeListItem {
				c.fail("A list may hold only list items, not " + nodeName(it) + ".")
				return
			}
			c.node(it, depth+1)
		}
	case NodeListItem:
		c.noAttrs(n)
		if len(n.Content) == 0 || n.Content[0] == nil || n.Content[0].Type != NodeParagraph {
			c.fail("A list item must start with a paragraph.")
			return
		}
		c.blocks(n.Content, "list item", depth)
	case NodeBlockquote:
		c.noAttrs(n)
		c.blocks(n.Content, "quote", depth)
	case NodeImage:
		switch {
		case attrs.MediaID < 1:
			c.fail("An image must name an item of the media library (mediaId).")
		case attrs.Level != 0 || attrs.Start != 0:
			c.fail("An image has only a media item and alt text.")
		case len([]rune(attrs.Alt)) > 1000:
			c.fail("An image's alt text must be at most 1000 characters.")
		case textProblem(attrs.Alt, false) != "":
			c.fail("An image's alt text" + textProblem(attrs.Alt, false))
		case len(n.Content) > 0:
			c.fail("An image holds no other nodes.")
		}
	default:
		c.fail("The body may not hold " + nodeName(n) + ".")
	}
}

func (c *docCheck) noAttrs(n *Node) {
	if n.Attrs != nil && *n.Attrs != (NodeAttrs{}) {
		c.fail("A " + n.Type + " has no attributes.")
	}
}

// inline checks the text of a paragraph or heading.
func (c *docCheck) inline(nodes []*Node, depth int) {
	for _, n := range nodes {
		if c.problem != "" {
			return
		}
		c.nodes++
		switch {
		case c.nodes > MaxDocNodes:
			c.fail("The body has more than " + itoa(MaxDocNodes) + " parts (paragraphs, list items, words in other styles): split it.")
		case depth+1 > MaxDocDepth:
			c.fail("The body nests lists and quotes more than " + itoa(MaxDocDepth) + " levels deep.")
		case n == nil || (n.Type != NodeText && n.Type != NodeHardBreak):
			c.fail("A paragraph or heading may hold only text and line breaks, not " + nodeName(n) + ".")
		case n.Attrs != nil || len(n.Content) > 0:
			c.fail("Text and line breaks have no attributes and hold no nodes.")
		case n.Type == NodeHardBreak && (n.Text != "" || len(n.Marks) > 0):
			c.fail("A line break has no text and no marks.")
		case n.Type == NodeText:
			c.textNode(n)
		}
	}
}

func (c *docCheck) textNode(n *Node) {
	if n.Text == "" {
		c.fail("A text node must hold text.")
		return
	}
	if p := textProblem(n.Text, false); p != "" {
		c.fail("The body's text" + p)
		return
	}
	c.text += len([]rune(n.Text))
	if c.text > MaxDocText {
		c.fail("The body must be at most " + itoa(MaxDocText) + " characters of text.")
		return
	}
	seen := map[string]bool{}
	for _, m := range n.Marks {
		if m == nil {
			c.fail("A mark must have a type.")
			return
		}
		if seen[m.Type] {
			c.fail("Text has each mark at most once; " + quoteShort(m.Type) + " is there twice.")
			return
		}
		seen[m.Type] = true
		switch m.Type {
		case MarkBold, MarkItalic:
			if m.Attrs != nil {
				c.fail("Bold and italic have no attributes.")
			}
		case MarkLink:
			if m.Attrs == nil {
				c.fail("A link needs an address.")
			} else if p := CheckHref(m.Attrs.Href); p != "" {
				c.fail(p)
			}
		default:
			c.fail("Text may be bold, italic or a link, not " + quoteShort(m.Type) + ".")
		}
	}
}
