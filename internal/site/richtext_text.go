package site

import (
	"regexp"
	"strconv"
	"strings"
)

// paragraphBreak parts a plain text's paragraphs: a blank line (one that
// holds at most spaces and tabs).
var paragraphBreak = regexp.MustCompile(`\n[ \t]*\n`)

// DocFromText makes a document of a plain text, as pages' text was before
// documents: a blank line starts a paragraph, a single line break a new
// line within it; lines are trimmed and empty ones dropped. Everything is
// text, HTML included.
func DocFromText(text string) *Doc {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	d := &Doc{Node: Node{Type: NodeDoc, Content: []*Node{}}}
	for _, para := range paragraphBreak.Split(text, -1) {
		p := &Node{Type: NodeParagraph}
		for _, line := range strings.Split(para, "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			if len(p.Content) > 0 {
				p.Content = append(p.Content, &Node{Type: NodeHardBreak})
			}
			p.Content = append(p.Content, &Node{Type: NodeText, Text: line})
		}
		if len(p.Content) > 0 {
			d.Content = append(d.Content, p)
		}
	}
	return d
}

// PlainText is the document's text for scripts and summaries: its blocks
// parted by blank lines, line breaks as line breaks, list items as lines
// starting "- " or "1. ", and images as nothing.
func (d *Doc) PlainText() string {
	var blocks []string
	var walk func(nodes []*Node, prefix string)
	walk = func(nodes []*Node, prefix string) {
		for _, n := range nodes {
			switch n.Type {
			case NodeParagraph, NodeHeading:
				if t := inlineText(n.Content); t != "" {
					blocks = append(blocks, prefix+t)
				}
				prefix = strings.Repeat(" ", len(prefix))
			case NodeBulletList, NodeOrderedList:
				num := 1
				if n.Attrs != nil && n.Attrs.Start > 0 {
					num = n.Attrs.Start
				}
				for _, it := range n.Content {
					marker := "- "
					if n.Type == NodeOrderedList {
						marker = strconv.Itoa(num) + ". "
						num++
					}
					walk(it.Content, marker)
				}
			case NodeBlockquote:
				walk(n.Content, "")
			}
		}
	}
	walk(d.Content, "")
	return strings.Join(blocks, "\n\n")
}

func inlineText(nodes []*Node) string {
	var b strings.Builder
	for _, n := range nodes {
		switch n.Type {
		case NodeText:
			b.WriteString(n.Text)
		case NodeHardBreak:
			b.WriteString("\n")
		}
	}
	return strings.TrimSpace(b.String())
}

// MediaIDs are the media items the document's images name, in order.
func (d *Doc) MediaIDs() []int64 {
	var ids []int64
	var walk func(nodes []*Node)
	walk = func(nodes []*Node) {
		for _, n := range nodes {
			if n == nil {
				continue
			}
			if n.Type == NodeImage && n.Attrs != nil && n.Attrs.MediaID > 0 {
				ids = append(ids, n.Attrs.MediaID)
			}
			walk(n.Content)
		}
	}
	walk(d.Content)
	return ids
}
