import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '@/lib/site-data-context';
import { Toaster } from '@/features/toast/toaster';
import { emptySiteData } from '@/lib/site-data';
import { EditableText } from './editable-text';

// Saved texts outlive a render (they last the page visit), so each test
// edits a section of its own.
function renderTitle(section: string, multiline = false) {
  const key = multiline ? 'subtitle' : 'main_title';
  return render(
    <SiteDataProvider value={{ ...emptySiteData, content: { [section]: { [key]: 'Stored title' } } }}>
      <EditableText as="h1" section={section} contentKey={key} fallback="Built-in" multiline={multiline} />
      <Toaster />
    </SiteDataProvider>,
  );
}

function signInAsAdmin(isAdmin = true) {
  localStorage.setItem('adminToken', 'tok');
  localStorage.setItem('adminUser', JSON.stringify({ id: 1, username: 'admin', isAdmin }));
  localStorage.setItem('editMode', 'true');
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('EditableText', () => {
  it('is a plain element for a visitor, even in edit mode', () => {
    localStorage.setItem('editMode', 'true');
    renderTitle('s1');
    const h1 = screen.getByRole('heading', { name: 'Stored title' });
    fireEvent.click(h1);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(h1.getAttribute('data-editable')).toBeNull();
  });

  it('is a plain element for a stored user who is not an admin', () => {
    signInAsAdmin(false);
    renderTitle('s2');
    fireEvent.click(screen.getByRole('heading', { name: 'Stored title' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves a changed single line on Enter and shows it at once', async () => {
    signInAsAdmin();
    const fetchMock = vi.fn(async () => Response.json({ data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderTitle('s3');
    const h1 = await screen.findByTitle('Click to edit');
    fireEvent.click(h1);
    const input = screen.getByRole('textbox', { name: 'Edit s3 main_title' });
    expect((input as HTMLInputElement).value).toBe('Stored title');
    fireEvent.change(input, { target: { value: 'New title' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New title' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/content');
    expect(JSON.parse(String(init.body))).toEqual({ section: 's3', key: 'main_title', value: 'New title' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends nothing on Escape or when the value did not change', async () => {
    signInAsAdmin();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderTitle('s4');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Dropped' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Stored title' })).toBeTruthy();
    fireEvent.click(screen.getByTitle('Click to edit'));
    fireEvent.blur(screen.getByRole('textbox'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses a textarea for multi-line texts, saving on Ctrl+Enter only', async () => {
    signInAsAdmin();
    const fetchMock = vi.fn(async () => Response.json({ data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderTitle('s5', true);
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const area = screen.getByRole('textbox', { name: 'Edit s5 subtitle' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.className).toContain('min-h-[100px]');
    fireEvent.change(area, { target: { value: 'Line one\nLine two' } });
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.keyDown(area, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows Update Failed and keeps the old text when the save fails', async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    renderTitle('s6');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Will fail' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update content')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stored title' })).toBeTruthy();
  });

  it('follows edit mode switched on in another tab', async () => {
    localStorage.setItem('adminUser', JSON.stringify({ username: 'admin', isAdmin: true }));
    renderTitle('s7');
    expect(screen.queryByTitle('Click to edit')).toBeNull();
    act(() => {
      localStorage.setItem('editMode', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'editMode', newValue: 'true' }));
    });
    expect(await screen.findByTitle('Click to edit')).toBeTruthy();
  });
});
