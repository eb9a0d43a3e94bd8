import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RichDoc } from '@/lib/rich-text';
import type { SiteMedia } from '@/lib/site-data';
import { RichText } from './rich-text';

const chart: SiteMedia = {
  id: 4,
  alt: 'Library alt',
  caption: 'Downtime fell by a third.',
  width: 1600,
  height: 900,
  focalX: 0.5,
  focalY: 0.5,
  variants: [
    { width: 640, height: 360, format: 'webp', url: '/media/a.webp' },
    { width: 640, height: 360, format: 'jpeg', url: '/media/a.jpg' },
  ],
};

const text = (t: string, marks?: RichDoc['marks']) => ({ type: 'text', text: t, marks });
const link = (href: string) => [{ type: 'link', attrs: { href } }];

const doc: RichDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Why pilots stall')] },
    { type: 'paragraph', content: [text('Read '), text('our guide', link('/blog/guide')), text(', '), text('the paper', link('https://example.com/p')), { type: 'hardBreak' }, text('bold', [{ type: 'bold' }, { type: 'italic' }])] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Steps')] },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Own it')] }] }] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Data')] }, { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('Pipelines')] }] }] }] }] },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [text('Trust is earned.')] }] },
    { type: 'image', attrs: { mediaId: 4, alt: 'A chart of downtime' } },
    { type: 'image', attrs: { mediaId: 99, alt: 'Gone' } },
    { type: 'paragraph', content: [text('<script>alert(1)</script>'), text('bad', link('javascript:alert(1)'))] },
    { type: 'codeBlock', content: [text('unknown')] },
  ],
};

describe('RichText', () => {
  it('renders each node as its element', () => {
    render(<RichText doc={doc} images={{ '4': chart }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Why pilots stall' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Steps' })).toBeTruthy();
    const lists = screen.getAllByRole('list');
    expect(lists[0].tagName).toBe('OL');
    expect(lists[0].getAttribute('start')).toBe('3');
    expect(within(lists[1]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['DataPipelines', 'Pipelines']);
    expect(screen.getByText('Trust is earned.').closest('blockquote')).toBeTruthy();
    const bold = screen.getByText('bold');
    expect(bold.tagName).toBe('EM');
    expect(bold.parentElement?.tagName).toBe('STRONG');
  });

  it('links inside the site without rel, outside with noopener, and never to scripts', () => {
    render(<RichText doc={doc} images={{}} />);
    const inside = screen.getByRole('link', { name: 'our guide' });
    expect(inside.getAttribute('href')).toBe('/blog/guide');
    expect(inside.getAttribute('rel')).toBeNull();
    expect(screen.getByRole('link', { name: 'the paper' }).getAttribute('rel')).toBe('noopener');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText(/alert\(1\)<\/script>bad$/).tagName).toBe('P');
  });

  it('shows images through the responsive image with the node alt text, and leaves out missing ones', () => {
    const { container } = render(<RichText doc={doc} images={{ '4': chart }} />);
    const imgs = container.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0].getAttribute('alt')).toBe('A chart of downtime');
    expect(imgs[0].getAttribute('width')).toBe('1600');
    expect(imgs[0].getAttribute('sizes')).toContain('720px');
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe('/media/a.webp 640w');
    expect(container.querySelector('figcaption')?.textContent).toBe('Downtime fell by a third.');
  });

  it('renders text as text on the server: no HTML from the document', () => {
    const html = renderToString(<RichText doc={doc} images={{}} />);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('unknown');
  });
});
