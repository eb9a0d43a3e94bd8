import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { docText, MARKS, NODES, type DocNode, type RichDoc } from '@/lib/rich-text';
import googleDocsHTML from './fixtures/google-docs.html?raw';
import wordHTML from './fixtures/word.html?raw';
import { bodyExtensions, pasteOptions, toStoredDoc } from './schema';

// Clipboard HTML as Word (Windows, Word 365) and Google Docs (Chrome) put it
// on the clipboard: headings, bold and italic text, links (one to a script),
// lists (Word's as marked paragraphs), a quote style, an image, a table,
// underline, colours and highlights.

// jsdom has no ClipboardEvent, which ProseMirror's pasteHTML makes for its handlers.
if (typeof ClipboardEvent === 'undefined') {
  globalThis.ClipboardEvent = class extends Event {
    readonly clipboardData = null;
  } as unknown as typeof ClipboardEvent;
}

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function paste(html: string): RichDoc {
  editor = new Editor({ extensions: bodyExtensions(), editorProps: pasteOptions });
  editor.view.pasteHTML(html);
  return toStoredDoc(editor.getJSON());
}

const allowedNodes = new Set<string>(Object.values(NODES));
const allowedMarks = new Set<string>(Object.values(MARKS));

/** Every node and mark of doc, to check against what the server allows. */
function everything(n: DocNode, out: { nodes: string[]; marks: string[]; attrs: string[] } = { nodes: [], marks: [], attrs: [] }) {
  out.nodes.push(n.type);
  Object.keys(n.attrs ?? {}).forEach((a) => out.attrs.push(`${n.type}.${a}`));
  n.marks?.forEach((m) => {
    out.marks.push(m.type);
    Object.keys(m.attrs ?? {}).forEach((a) => out.attrs.push(`${m.type}.${a}`));
  });
  n.content?.forEach((c) => everything(c, out));
  return out;
}

function only(doc: RichDoc) {
  const all = everything(doc);
  expect(all.nodes.filter((t) => !allowedNodes.has(t))).toEqual([]);
  expect(all.marks.filter((t) => !allowedMarks.has(t))).toEqual([]);
  expect(new Set(all.attrs)).toEqual(new Set(all.attrs.filter((a) => ['heading.level', 'orderedList.start', 'link.href', 'image.mediaId', 'image.alt'].includes(a))));
  expect(all.nodes).not.toContain(NODES.image);
  return all;
}

const texts = (doc: RichDoc, type: string) => (doc.content ?? []).filter((n) => n.type === type).map(docText);

function marksOf(doc: RichDoc, text: string): string[] {
  const found: string[][] = [];
  const walk = (n: DocNode) => {
    if (n.type === NODES.text && n.text === text) found.push((n.marks ?? []).map((m) => (m.type === MARKS.link ? `link:${m.attrs?.href}` : m.type)));
    n.content?.forEach(walk);
  };
  walk(doc);
  expect(found, `text ${JSON.stringify(text)}`).toHaveLength(1);
  return found[0];
}

describe('paste from Word', () => {
  const doc = paste(wordHTML);

  it('keeps only the nodes, marks and attributes the site allows', () => {
    only(doc);
    const json = JSON.stringify(doc);
    for (const junk of ['mso', 'Mso', 'javascript', 'file:', 'StartFragment', 'Calibri', 'color', '·', 'o:p']) expect(json).not.toContain(junk);
  });

  it('keeps headings (Heading 1 as the site\'s first level), bold, italic and links', () => {
    expect(doc.content?.[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'From pilot to production' }] });
    expect(texts(doc, NODES.heading)).toEqual(['From pilot to production', 'Trust']);
    expect(marksOf(doc, 'five')).toEqual(['bold']);
    expect(marksOf(doc, 'all')).toEqual(['italic']);
    expect(marksOf(doc, 'fixed').sort()).toEqual(['bold', 'italic']);
    expect(marksOf(doc, 'full report')).toEqual(['link:https://example.com/report']);
    // The script link is gone; its words stay, as plain text.
    expect(texts(doc, NODES.paragraph).join(' ').replace(/\s+/g, ' ')).toContain('Read the full report or this trap.');
  });

  it("makes Word's list paragraphs real lists, nested by level, bulleted or numbered", () => {
    const lists = (doc.content ?? []).filter((n) => n.type === NODES.bulletList || n.type === NODES.orderedList);
    expect(lists.map((l) => l.type)).toEqual([NODES.bulletList, NODES.orderedList]);
    const [bullets, numbers] = lists;
    expect(bullets.content?.map((li) => docText(li.content![0]))).toEqual(['Ownership in the business', 'Data pipelines']);
    const nested = bullets.content?.[0].content?.[1];
    expect(nested?.type).toBe(NODES.bulletList);
    expect(docText(nested!)).toBe('A named owner');
    expect(numbers.content?.map((li) => docText(li))).toEqual(['Agree the decision', 'Measure it']);
  });

  it('keeps the words of what it drops: underline, highlights, tables', () => {
    const paragraphs = texts(doc, NODES.paragraph).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(paragraphs).toContain('Underlined highlighted text');
    expect(paragraphs).toContain('Cell one');
    expect(paragraphs).toContain('Users ignore what they do not understand.');
  });
});

describe('paste from Google Docs', () => {
  const doc = paste(googleDocsHTML);

  it('keeps only the nodes, marks and attributes the site allows', () => {
    only(doc);
    const json = JSON.stringify(doc);
    for (const junk of ['docs-internal-guid', 'googleusercontent', 'google.com/url', 'Arial', 'line-through', 'Courier']) expect(json).not.toContain(junk);
  });

  it('is not all bold for its wrapping <b style="font-weight:normal">, and keeps bold and italic spans', () => {
    expect(marksOf(doc, 'Start with an ')).toEqual([]);
    expect(marksOf(doc, 'inventory')).toEqual(['bold']);
    expect(marksOf(doc, ', not a policy')).toEqual(['italic']);
    expect(marksOf(doc, 'the guide')).toEqual(['link:https://example.com/guide']);
  });

  it('keeps headings at the two levels the site has, and lists', () => {
    expect(doc.content?.filter((n) => n.type === NODES.heading).map((h) => [h.attrs?.level, docText(h)])).toEqual([
      [2, 'Governance that ships'],
      [2, 'Three steps'],
      [3, 'Small print'],
    ]);
    const ol = doc.content?.find((n) => n.type === NODES.orderedList);
    expect(ol?.content?.map(docText)).toEqual(['List the models', 'Rank them by risk']);
    expect(docText(doc.content!.find((n) => n.type === NODES.bulletList)!)).toBe('Owners');
    expect(texts(doc, NODES.paragraph)).toContain('struck code');
  });
});

describe('paste within the editor', () => {
  it("keeps an image of the library that was cut and pasted, with its alt text", () => {
    const doc = paste('<p>Before</p><img data-media-id="4" alt="A chart"><p>After <img src="https://tracker.example/x.gif"></p>');
    expect(doc.content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Before' }] },
      { type: 'image', attrs: { mediaId: 4, alt: 'A chart' } },
      { type: 'paragraph', content: [{ type: 'text', text: 'After' }] },
    ]);
  });
});

describe('toStoredDoc', () => {
  it("keeps an image's media and alt text, a list's start, and drops what the server refuses", () => {
    const doc = toStoredDoc({
      type: 'doc',
      content: [
        { type: 'image', attrs: { mediaId: 4, alt: 'A chart', title: null } },
        { type: 'orderedList', attrs: { start: 3, type: null }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/blog', target: '_blank', rel: 'noopener', class: null } }] }] }] }] },
        { type: 'paragraph', content: [{ type: 'hardBreak', marks: [{ type: 'bold' }] }, { type: 'text', text: 'y', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }, { type: 'underline' }] }] },
      ],
    });
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'image', attrs: { mediaId: 4, alt: 'A chart' } },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: '/blog' } }], text: 'x' }] }] }] },
        { type: 'paragraph', content: [{ type: 'hardBreak' }, { type: 'text', text: 'y' }] },
      ],
    });
    expect(toStoredDoc({ type: 'doc', content: [] })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
