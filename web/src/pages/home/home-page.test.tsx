import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentMap } from '@/lib/site-data';
import { HomePage } from '@/pages/home/home-page';
import { LeadForm } from '@/pages/home/contact-section';
import { homeContent, testimonialSamples } from '@/content/home';
import type { EditableEntry } from '@/content/registry';
import { escapeHtml, markedContent, marker as markerOf, pageTexts, renderRaw } from '@/test/content-test-utils';

// The contract of the home page's copy (web/src/content/home.ts; the test
// lives with the page, as content imports no UI): every text that
// sectionTexts lists for a section is rendered in that section under that
// key, with that fallback; nothing else of the page's copy is written in the
// components.

const entries: EditableEntry[] = pageTexts(homeContent);

const marker = (e: { section: string; key: string }) => markerOf(e.section, e.key);

const render = (content: ContentMap): string => renderRaw(<HomePage />, content);

// The lead form's code comes apart, as the visitor nears it; the server
// has it before it renders, and so must this test's renderToString.
beforeAll(() => LeadForm.preload());

describe('home page copy', () => {
  it('lists the SPEC sections and keys', () => {
    expect(homeContent.paths).toEqual(['/']);
    expect(Object.keys(homeContent.sections)).toEqual(['hero', 'clients', 'vision', 'solutions', 'benefits', 'testimonials', 'case-studies', 'contact']);
    const keys = new Set(entries.map((e) => `${e.section}/${e.key}`));
    for (const k of [
      'hero/main_title',
      'hero/subtitle',
      'vision/title',
      'vision/description',
      'solutions/main_title',
      'solutions/main_description',
      'solutions/staffing_title',
      'solutions/staffing_description',
      'solutions/ai_capabilities_title',
      'solutions/ai_capabilities_description',
      'benefits/title',
      'benefits/description',
      'testimonials/title',
      'testimonials/description',
      'case-studies/title',
      'case-studies/description',
    ]) {
      expect(keys).toContain(k);
    }
    // The testimonials themselves are records, not copy.
    expect(entries.some((e) => e.fallback === testimonialSamples[0].content)).toBe(false);
  });

  it('shows every built-in text when nothing is stored', () => {
    const html = render({});
    for (const e of entries) expect(html, `${e.section}/${e.key}`).toContain(`>${escapeHtml(e.fallback)}<`);
  });

  it('renders every text of the registry under its key', () => {
    const html = render(markedContent(homeContent).content);
    const missing = entries.filter((e) => !html.includes(escapeHtml(marker(e))));
    expect(missing).toEqual([]);
    // The built-in copy is gone wherever it was shown; the lead form's
    // choices (some are named like the solutions) are its own.
    // The case studies' cards are records, with the labels every study shares.
    const page = html.replace(/<option[^>]*>[^<]*<\/option>/g, '').replace(/<article data-case-study[\s\S]*?<\/article>/g, '');
    const left = entries.filter((e) => page.includes(`>${escapeHtml(e.fallback)}<`));
    expect(left).toEqual([]);
    // The testimonials and the lead form's own labels stay.
    expect(html).toContain(escapeHtml(testimonialSamples[0].name));
    expect(html).toContain('Business Email');
  });

  it("labels the lead form's send button with the shared consultation label", () => {
    expect(render({})).toMatch(/<button [^>]*type="submit"[^>]*>.*?<\/svg><span>Book a free consultation<\/span><\/button>/);
    expect(render({ 'shared.consultation': { label: 'Talk to us' } })).toMatch(/<button [^>]*type="submit"[^>]*>.*?<\/svg><span>Talk to us<\/span><\/button>/);
  });

  it('sets each client as a wordmark of its own, beside a drawn mark; a client added on the page gets the plain mark', () => {
    const wordmarks = (html: string) => {
      const start = html.indexOf('aria-labelledby="clients-title"');
      const band = html.slice(start, html.indexOf('</section>', start));
      const list = band.slice(band.indexOf('<ul'), band.indexOf('</ul>'));
      return [...list.matchAll(/<li[^>]*>(<svg[^>]*aria-hidden="true"[^>]*>.*?<\/svg>)<span class="([^"]*)">([^<]*)<\/span><\/li>/g)].map((m) => ({ mark: m[1], type: m[2], name: m[3] }));
    };
    const builtIn = wordmarks(render({}));
    expect(builtIn.map((w) => w.name)).toEqual(['Kestrel', 'Fieldstone', 'helix', 'Larkmoor', 'Northwind', 'Halden']);
    expect(new Set(builtIn.map((w) => w.mark)).size).toBe(6);
    expect(new Set(builtIn.map((w) => w.type)).size).toBe(6);
    const added = wordmarks(render({ clients: { items: JSON.stringify(['kestrel', 'new-abc123', 'halden']), 'items.new-abc123.name': 'Acme Group' } }));
    expect(added.map((w) => w.name)).toEqual(['Kestrel', 'Acme Group', 'Halden']);
    expect(builtIn.map((w) => w.mark)).not.toContain(added[1].mark);
  });

  it('shows a group in its saved order, without removed items and with added ones', () => {
    const order = JSON.stringify(['client-centric-approach', 'fresh', 'strategic-innovation']);
    const html = render({ vision: { cards: order, 'cards.fresh.title': 'Fresh card', 'cards.fresh.description': 'Its own words.' } });
    const at = (s: string) => html.indexOf(`>${s}<`);
    expect(at('Client-Centric Approach')).toBeGreaterThan(-1);
    expect(at('Client-Centric Approach')).toBeLessThan(at('Fresh card'));
    expect(at('Fresh card')).toBeLessThan(at('Strategic Innovation'));
    expect(at('Future-Proof Solutions')).toBe(-1);
  });

  it('keeps an added item from visitors while one of its texts is still the template\'s', () => {
    const order = JSON.stringify(['fresh', 'strategic-innovation']);
    const html = render({ vision: { cards: order, 'cards.fresh.title': 'Fresh card' } });
    expect(html).not.toContain('Fresh card');
    expect(html).not.toContain('Describe it here.');
    expect(html).toContain('>Strategic Innovation<');
  });
});

describe('home page layout', () => {
  it('sets the vision and the AI solutions as numbered lists, the capabilities on a dark band of their own, and keeps cards to the testimonials and case studies', () => {
    const html = render({});
    // Each band of the page, by the heading that names it.
    const bands = [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => ({ id: m[1], tone: /data-tone="(\w+)"/.exec(m[0])?.[1], body: m[2] }));
    const band = (id: string) => bands.find((b) => b.id === id)!;
    expect(band('vision-title').body).toMatch(/<ol[^>]*>(<li[^>]*>.*?<span aria-hidden="true"[^>]*>0[1-3]<\/span>.*?<\/li>){3}<\/ol>/);
    expect(band('solutions-title').body).toMatch(/<ol[^>]*>(<li[^>]*>.*?<a [^>]*href="\/[a-z-]+".*?<\/li>){4}<\/ol>/);
    expect(band('ai-capabilities-title').tone).toBe('dark');
    // A card is a bordered white box: only the testimonials, the case studies and the lead form's panel are drawn so.
    const carded = bands.filter((b) => /rounded-(2xl|3xl) border border-slate-200 bg-white/.test(b.body)).map((b) => b.id);
    expect(carded).toEqual(['testimonials-title', 'case-studies-title', 'contact-title']);
  });
});
