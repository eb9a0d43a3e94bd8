import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveConflictDialog } from './conflict-dialog';
import type { FieldSpec } from './lib/fields';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'url', label: 'URL', kind: 'url' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
];

function renderConflict(current: object | null) {
  const props = {
    onKeepTheirs: vi.fn<() => void>(),
    onOverwrite: vi.fn<(version: number) => void>(),
    onReload: vi.fn<(current: object) => void>(),
    onRecreate: vi.fn<() => void>(),
  };
  render(
    <SaveConflictDialog
      conflict={{ current, changedBy: 'maria', changedAt: '2026-03-03T14:05:00Z' }}
      onDismiss={vi.fn()}
      noun="Menu item"
      fields={fields}
      mine={{ title: 'Mine', url: '/blog', isActive: true }}
      base={{ title: 'Blog', url: '/blog', isActive: true }}
      busy={false}
      {...props}
    />,
  );
  return props;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SaveConflictDialog', () => {
  it('shows their version beside mine, the differing fields marked, and who changed it', () => {
    renderConflict({ id: 3, title: 'Theirs', url: '/blog', isActive: false, version: 5 });
    const dialog = screen.getByRole('dialog', { name: 'Menu item changed by maria' });
    expect(within(dialog).getByText(/maria saved a newer version on/)).toBeTruthy();
    const title = within(dialog).getByRole('row', { name: /^Title/ });
    expect(title.getAttribute('data-differs')).toBe('true');
    expect(within(title).getByText('Theirs')).toBeTruthy();
    expect(within(title).getByText('Mine')).toBeTruthy();
    expect(within(title).getByText('Changed by them')).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: /^URL/ }).getAttribute('data-differs')).toBeNull();
    expect(within(dialog).getByText('2 fields differ, highlighted below.')).toBeTruthy();
  });

  it('overwrites with their version, or keeps theirs', () => {
    const props = renderConflict({ id: 3, title: 'Theirs', url: '/blog', isActive: true, version: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite' }));
    expect(props.onOverwrite).toHaveBeenCalledWith(5);
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(props.onKeepTheirs).toHaveBeenCalled();
  });

  it('copies mine as text before it reloads theirs', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const current = { id: 3, title: 'Theirs', url: '/blog', isActive: true, version: 5 };
    const props = renderConflict(current);
    fireEvent.click(screen.getByRole('button', { name: 'Copy mine and reload' }));
    await vi.waitFor(() => expect(props.onReload).toHaveBeenCalledWith(current));
    expect(writeText).toHaveBeenCalledWith('Title: Mine\nURL: /blog\nActive: Yes');
  });

  it('says when the record was deleted, and offers to re-create it from mine or discard', () => {
    const props = renderConflict(null);
    expect(screen.getByRole('dialog', { name: 'Menu item deleted by maria' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Overwrite' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Re-create from mine' }));
    expect(props.onRecreate).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard mine' }));
    expect(props.onKeepTheirs).toHaveBeenCalled();
  });
});
