import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { emptySiteData, type SiteData } from '@/lib/site-data';

function renderAt(path: string, data: SiteData = emptySiteData) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App data={data} />
    </MemoryRouter>,
  );
}

describe('App', () => {
  it('shows the built-in hero title when the database holds none', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Transform Your Business with Enterprise AI' })).toBeTruthy();
  });

  it('shows the hero title an admin saved', () => {
    renderAt('/', { ...emptySiteData, content: { hero: { main_title: 'AI that pays for itself' } } });
    expect(screen.getByRole('heading', { level: 1, name: 'AI that pays for itself' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown path, with the main destinations', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Case studies/ }).getAttribute('href')).toBe('/case-studies');
  });

  const published = {
    title: 'Our Approach',
    slug: 'our-approach',
    content: 'We start small.\nThen we measure.\n\n<b>Plain</b> text, never HTML.',
    // The server's document of that content (site.DocFromText).
    body: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'We start small.' }, { type: 'hardBreak' }, { type: 'text', text: 'Then we measure.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '<b>Plain</b> text, never HTML.' }] },
      ],
    },
    images: {},
    excerpt: 'How we work with you.',
    metaTitle: '',
    metaDescription: '',
  };

  it('shows a published page at its slug, the paragraphs and lines of its document, and the call to action', async () => {
    const { container } = renderAt('/our-approach', { ...emptySiteData, page: published });
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Approach' })).toBeTruthy();
    expect(screen.getByText('How we work with you.')).toBeTruthy();
    const first = screen.getByText(/We start small\./);
    expect(first.tagName).toBe('P');
    expect(first.innerHTML).toBe('We start small.<br>Then we measure.');
    expect(screen.getByText('<b>Plain</b> text, never HTML.')).toBeTruthy();
    expect(container.querySelector('main b')).toBeNull();
    expect(screen.getByRole('link', { name: /Start Your AI Journey/ }).getAttribute('href')).toBe('/ai-journey');
  });

  it('shows the not-found page at any other path, whatever page the data carries', () => {
    renderAt('/another-page', { ...emptySiteData, page: published });
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
  });

  it('uses the logo image when the settings ask for it', () => {
    renderAt('/', {
      ...emptySiteData,
      settings: { ...emptySiteData.settings, useImageLogo: true, logoImageUrl: '/logo.png', logoImageAlt: 'Acme' },
    });
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toBe('/logo.png');
  });
});
