import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaItem } from './media-fixtures';
import { MediaLibrary } from './media-library';
import { fakeFetch, renderWithQueries } from '@/test/fake-api';

afterEach(() => vi.unstubAllGlobals());

const logo = mediaItem({
  id: 4,
  name: 'logo.png',
  altText: 'Meridian',
  usable: true,
  version: 2,
  usedIn: [
    { kind: 'settings', label: 'Site logo' },
    { kind: 'page', label: 'About us', path: '/about-us' },
  ],
});

describe('MediaLibrary', () => {
  it('names where an image is used before deleting it, and deletes it from the version shown', async () => {
    const calls = fakeFetch(({ method }) =>
      method === 'DELETE' ? Response.json({ success: true }) : Response.json({ data: [logo], total: 1, page: 1, pageSize: 24 }),
    );
    renderWithQueries(<MediaLibrary />);
    fireEvent.click(await screen.findByRole('button', { name: /logo\.png/ }));
    const details = screen.getByRole('dialog', { name: 'logo.png' });
    fireEvent.click(within(details).getAllByRole('button', { name: 'Delete' })[0]);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete logo.png?' });
    expect(within(confirm).getByText('Used in 2 places:')).toBeTruthy();
    expect(within(confirm).getByText('Site logo')).toBeTruthy();
    expect(within(confirm).getByRole('link', { name: /About us/ }).getAttribute('href')).toBe('/about-us');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete image' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toBe('/api/admin/media/4');
    expect(del.headers['If-Match']).toBe('"2"');
    expect(screen.queryByRole('dialog', { name: 'logo.png' })).toBeNull();
  });
});
