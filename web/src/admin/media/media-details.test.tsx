import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mediaItem } from './media-fixtures';
import { MediaDetailsDialog } from './media-details';

afterEach(() => vi.restoreAllMocks());

function renderDetails(onSubmit: (values: object, options: object) => Promise<unknown>, item = mediaItem({ version: 3 })) {
  const onOpenChange = vi.fn<(open: boolean) => void>();
  const onDelete = vi.fn();
  render(<MediaDetailsDialog open item={item} onOpenChange={onOpenChange} pending={false} onSubmit={onSubmit} onDelete={onDelete} onHistory={vi.fn()} />);
  return { onOpenChange, onDelete, dialog: screen.getByRole('dialog', { name: item.name }) };
}

describe('MediaDetailsDialog', () => {
  it('moves the focal point with the arrow keys and saves it with the text, from the version opened', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { dialog, onOpenChange } = renderDetails(onSubmit);
    expect(within(dialog).getByText(/Not usable yet\./)).toBeTruthy();
    const point = within(dialog).getByRole('slider', { name: 'Focal point' });
    fireEvent.keyDown(point, { key: 'ArrowRight' });
    fireEvent.keyDown(point, { key: 'ArrowUp' });
    fireEvent.keyDown(point, { key: 'ArrowUp' });
    expect(point.getAttribute('aria-valuetext')).toBe('55% from the left, 40% from the top');
    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'Boats at dusk' } });
    expect(within(dialog).queryByText(/Not usable yet\./)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'harbour.jpg', altText: 'Boats at dusk', decorative: false, caption: '', credit: '', focalX: 0.55, focalY: 0.4 },
      { version: 3 },
    );
  });

  it('shows the server’s messages by field and keeps the draft when a save fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 400, message: 'Credit: bad.', fieldErrors: { credit: 'Credit must be one line.' } });
    });
    const { dialog, onOpenChange } = renderDetails(onSubmit);
    fireEvent.change(within(dialog).getByLabelText('Credit'), { target: { value: 'Photo: Ana' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Credit must be one line.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Credit') as HTMLInputElement).value).toBe('Photo: Ana');
    expect(within(dialog).getByLabelText('Credit').getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('asks before a changed form closes, and disables the alt text of a decorative image', () => {
    const { dialog, onOpenChange } = renderDetails(vi.fn());
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Decorative (no alt text needed)' }));
    expect((within(dialog).getByLabelText('Alt text') as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard your changes?' })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('lists where the image is used, with links to its pages', () => {
    const item = mediaItem({ usedIn: [{ kind: 'page', label: 'About us', path: '/about-us' }, { kind: 'settings', label: 'Logo' }] });
    const { dialog, onDelete } = renderDetails(vi.fn(), item);
    expect(within(dialog).getByRole('link', { name: /About us/ }).getAttribute('href')).toBe('/about-us');
    expect(within(dialog).getByText('Logo')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Delete' })[0]);
    expect(onDelete).toHaveBeenCalledWith(item);
  });
});
