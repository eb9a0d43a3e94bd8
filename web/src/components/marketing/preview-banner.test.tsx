import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PagePreview } from '@/lib/site-data';
import { PreviewBanner } from './preview-banner';

const draft: PagePreview = { state: 'draft', shared: false, editUrl: '/admin?tab=pages&edit=12' };

describe('PreviewBanner', () => {
  it('tells staff a draft is theirs only, with the way to its form', () => {
    render(<PreviewBanner preview={draft} />);
    const banner = screen.getByRole('region', { name: 'Preview' });
    expect(banner.textContent).toBe('PreviewDraft — visitors cannot see this page yet.Edit in admin');
    expect(screen.getByRole('link', { name: 'Edit in admin' }).getAttribute('href')).toBe('/admin?tab=pages&edit=12');
  });

  it('says a shared link is one, until when it works, and offers no way into the admin', () => {
    render(<PreviewBanner preview={{ state: 'draft', shared: true, expiresAt: '2026-05-08T09:00:00Z' }} />);
    const banner = screen.getByRole('region', { name: 'Preview' });
    expect(banner.textContent).toMatch(/^Shared previewDraft — visitors cannot see this page yet\. This link expires .*2026\.$/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('tells the time a scheduled page goes live: in UTC on the server, in the reader’s zone in the browser', () => {
    const scheduled: PagePreview = { state: 'scheduled', shared: false, publishAt: '2026-05-01T09:30:00Z' };
    expect(renderToString(<PreviewBanner preview={scheduled} />)).toContain(
      'Scheduled for <time dateTime="2026-05-01T09:30:00Z">May 1, 2026, 09:30 UTC</time>',
    );
    render(<PreviewBanner preview={scheduled} />);
    const local = new Date('2026-05-01T09:30:00Z').toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toContain(`Scheduled for ${local} — visitors cannot see this page yet.`);
  });

  it('says when visitors cannot see an inactive page, and when they see a shared one', () => {
    const { unmount } = render(<PreviewBanner preview={{ state: 'inactive', shared: false }} />);
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toBe('PreviewInactive — visitors cannot see this page.');
    unmount();
    render(<PreviewBanner preview={{ state: 'live', shared: true }} />);
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toBe('Shared previewPublished — visitors see this page too.');
  });
});
