// What arrives by paste from Word and Google Docs, made plain before the
// editor's schema reads it: the schema keeps only its own nodes and marks
// (headings 2 and 3, paragraphs, lists, quotes, bold, italic and links), so
// this only turns what those programs write for them into the HTML the
// schema knows, and drops what would otherwise leak in as text.

/** Word's list paragraphs: class MsoListParagraph... or a style with mso-list. */
const wordListStyle = /mso-list:\s*l(\d+)\s+level(\d+)/i;

/** A bullet or number as Word writes it before a list item's text. */
const orderedMarker = /^\s*(?:\d+|[a-z]|[ivxlcdm]+)[.)]\s*$/i;

function listInfo(p: Element): { list: string; level: number; ordered: boolean } | null {
  const style = p.getAttribute('style') ?? '';
  const m = wordListStyle.exec(style);
  if (!m && !/^MsoListParagraph/i.test(p.getAttribute('class') ?? '')) return null;
  // The marker is in a span Word asks others to ignore (mso-list:Ignore).
  const marker = p.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]');
  const ordered = marker ? orderedMarker.test((marker.textContent ?? '').replace(/\u00a0/g, ' ')) : false;
  return { list: m?.[1] ?? '0', level: m ? Number(m[2]) : 1, ordered };
}

/** Word's lists are paragraphs with a marker; made real lists, nested by their level. */
function wordLists(doc: Document) {
  const paras = Array.from(doc.body.querySelectorAll('p'));
  let stack: { level: number; list: Element }[] = [];
  let last: Element | null = null;
  for (const p of paras) {
    const info = listInfo(p);
    if (!info) {
      stack = [];
      last = null;
      continue;
    }
    p.querySelectorAll('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]').forEach((el) => el.remove());
    // A list goes on only right after its previous item.
    if (last && p.previousElementSibling !== last) stack = [];
    while (stack.length > 0 && stack[stack.length - 1].level > info.level) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || top.level < info.level) {
      const list = doc.createElement(info.ordered ? 'ol' : 'ul');
      if (top) {
        (top.list.lastElementChild ?? top.list).appendChild(list);
      } else {
        p.before(list);
      }
      top = { level: info.level, list };
      stack.push(top);
    }
    const li = doc.createElement('li');
    const para = doc.createElement('p');
    para.append(...Array.from(p.childNodes));
    li.appendChild(para);
    top.list.appendChild(li);
    last = p;
    // p stays in place (empty) until its next sibling has been compared.
    p.replaceChildren();
    p.setAttribute('data-word-list', '');
  }
  doc.body.querySelectorAll('p[data-word-list]').forEach((p) => p.remove());
}

/**
 * Cleans pasted HTML: Word's conditional comments, Office tags (o:p) and
 * list markers go; Word's list paragraphs become lists; headings of other
 * levels become the two the site has (1 to 2, 4 to 6 to 3); Google's
 * redirects become the links' own addresses; images go, but for the
 * library's own (moved within the editor)
 * (an image of a page comes from the media library, not a paste).
 */
export function cleanPastedHTML(html: string): string {
  const stripped = html
    .replace(/<!--\[if [^\]]*\]>[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi, (m) => m.replace(/<!\[(?:if !supportLists|endif)\]>/gi, ''))
    .replace(/<!\[if[^\]]*\]>|<!\[endif\]>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '');
  const doc = new DOMParser().parseFromString(stripped, 'text/html');
  // Images of the library (a cut and paste within the editor) stay; others go.
  doc.querySelectorAll('style, script, meta, link, title, img:not([data-media-id]), picture, svg, video, iframe, object').forEach((el) => el.remove());
  wordLists(doc);
  // Google Docs may send a link through its redirect; the page links to where it goes.
  doc.querySelectorAll('a[href^="https://www.google.com/url?"]').forEach((a) => {
    const target = new URL(a.getAttribute('href') ?? '').searchParams.get('q');
    if (target) a.setAttribute('href', target);
  });
  doc.querySelectorAll('h1').forEach((h) => rename(doc, h, 'h2'));
  doc.querySelectorAll('h4, h5, h6').forEach((h) => rename(doc, h, 'h3'));
  return doc.body.innerHTML;
}

function rename(doc: Document, el: Element, tag: string) {
  const out = doc.createElement(tag);
  out.append(...Array.from(el.childNodes));
  el.replaceWith(out);
}
