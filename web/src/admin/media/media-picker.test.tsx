import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@/lib/api-types';
import { mediaItem } from './media-fixtures';
import { MediaPickerDialog } from './media-picker';
import { fakeFetch, renderWithQueries } from '@/test/fake-api';

const sea = mediaItem({ id: 2, name: 'sea.jpg', altText: 'Waves on a pebble beach', usable: true, version: 3 });
const harbour = mediaItem({ id: 1, name: 'harbour.jpg', version: 4 });

/** The API as the picker meets it: the list, and PUT answered by put. */
function fakeAPI(put: (body: Record<string, unknown>) => Response) {
  return fakeFetch(({ method, body }) => {
    if (method === 'GET') return Response.json({ data: [harbour, sea], total: 2, page: 1, pageSize: 24 });
    return put(body ?? {});
  });
}

/** The picker on its own, under a plain query client, as the public site would mount it. */
function renderPicker(current?: number) {
  const onChoose = vi.fn<(item: MediaItem) => void>();
  const onOpenChange = vi.fn<(open: boolean) => void>();
  renderWithQueries(<MediaPickerDialog open onOpenChange={onOpenChange} onChoose={onChoose} current={current} title="Choose the hero image" />);
  return { onChoose, onOpenChange, dialog: screen.getByRole('dialog', { name: 'Choose the hero image' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('MediaPickerDialog', () => {
  it('chooses an image with alt text at once, and marks the one in use', async () => {
    const calls = fakeAPI(() => new Response(null, { status: 500 }));
    const { onChoose, onOpenChange, dialog } = renderPicker(2);
    const card = await within(dialog).findByRole('button', { name: /sea\.jpg/ });
    expect(within(card).getByText('Current')).toBeTruthy();
    expect(within(within(dialog).getByRole('button', { name: /harbour\.jpg/ })).getByText('Needs alt text')).toBeTruthy();
    const choose = within(dialog).getByRole('button', { name: 'Choose image' });
    expect((choose as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(choose);
    expect(onChoose).toHaveBeenCalledWith(sea);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks for alt text before choosing an image without it, saves it from its version, then chooses', async () => {
    const calls = fakeAPI((body) => Response.json({ data: { ...harbour, ...body, usable: true, version: 5 } }));
    const { onChoose, dialog } = renderPicker();
    fireEvent.click(await within(dialog).findByRole('button', { name: /harbour\.jpg/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose image' }));
    expect(within(dialog).getByText(/has no alt text yet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and choose' }));
    expect(within(dialog).getByText('Describe the image, or mark it decorative.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'Boats moored in the\nharbour at dusk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and choose' }));
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/media/1');
    expect(put.body).toEqual({ name: 'harbour.jpg', altText: 'Boats moored in the harbour at dusk', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5, version: 4 });
    expect(onChoose.mock.calls[0][0]).toMatchObject({ id: 1, usable: true, version: 5, altText: 'Boats moored in the harbour at dusk' });
  });

  it('takes a decorative image without alt text', async () => {
    const calls = fakeAPI((body) => Response.json({ data: { ...harbour, ...body, usable: true, version: 5 } }));
    const { onChoose, dialog } = renderPicker();
    fireEvent.click(await within(dialog).findByRole('button', { name: /harbour\.jpg/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose image' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Decorative (no alt text needed)' }));
    expect((within(dialog).getByLabelText('Alt text') as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and choose' }));
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ decorative: true, altText: '' });
  });

  it('says when someone changed the image meanwhile, and keeps the choice open', async () => {
    const theirs = { ...harbour, altText: 'Their words', usable: true, version: 6 };
    fakeAPI(() => Response.json({ message: 'Image changed by maria.', current: theirs, changedBy: 'maria', changedAt: '2026-11-23T10:00:00Z' }, { status: 409 }));
    const { onChoose, dialog } = renderPicker();
    fireEvent.click(await within(dialog).findByRole('button', { name: /harbour\.jpg/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose image' }));
    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and choose' }));
    expect(await within(dialog).findByText('maria changed this image meanwhile. Check it, then choose it again.')).toBeTruthy();
    expect(onChoose).not.toHaveBeenCalled();
    // Theirs has alt text now: it is chosen as it is.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose image' }));
    expect(onChoose).toHaveBeenCalledWith(theirs);
  });
});
