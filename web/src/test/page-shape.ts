// The shape of a rendered page, for the tests that keep pages from reading
// alike (docs/DESIGN.md, "The editorial language"): how it opens, the order
// of its bands, their grounds, and which of them hold a grid of cards.

/** A band between the hero and the call to action: the id of its title, its ground, whether it holds cards. */
export type Band = { id: string; tone: string; cards: boolean };

export type PageShape = {
  /** How the page opens: the hero's layout, then the first band and its ground. */
  opening: string;
  bands: Band[];
};

// A grid of cards: the site's Card and the boxes built like it (a single case study's panel, rounded-3xl, is no grid).
const card = /rounded-2xl border border-slate-200|rounded-2xl bg-white\/5 p-6 ring-1/;

/** The shape of a page from its server HTML (a hero of PageHero's, then bands of Section's). */
export function pageShape(html: string): PageShape {
  const hero = html.slice(0, html.indexOf('</section>'));
  // The hero's layout: its grid's columns, and whether the title runs above them.
  const layout = (hero.match(/lg:grid-cols-\[[^\]]+\]/) ?? [''])[0] + (hero.indexOf('<h1') < hero.indexOf('lg:grid') ? ' title above' : '');
  const bands = html
    .split('<section')
    .slice(2)
    .map((s) => {
      const band = s.slice(0, s.indexOf('</section>'));
      return { id: /aria-labelledby="([^"]+)"/.exec(band)?.[1] ?? '', tone: /data-tone="(\w+)"/.exec(band)?.[1] ?? '', cards: card.test(band) };
    })
    .filter((b) => b.id !== 'cta-title');
  return { opening: `${layout} ${bands[0]?.id} ${bands[0]?.tone}`, bands };
}

/** The pairs of bands in a row on the same ground, or both grids of cards: none on a page of the editorial language. */
export function repeatedBands({ bands }: PageShape): string[] {
  return bands.flatMap((b, i) => {
    const prev = bands[i - 1];
    if (!prev) return [];
    return [prev.tone === b.tone && `${prev.id} and ${b.id} on ${b.tone}`, prev.cards && b.cards && `${prev.id} and ${b.id} both cards`].filter((x): x is string => !!x);
  });
}
