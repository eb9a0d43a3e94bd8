import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Success!', description: 'Thank you' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Success!')).toBeTruthy();
    expect(screen.getByText('Thank you')).toBeTruthy();
  });
});

describe('Toaster actions', () => {
  it('shows an action button that runs and closes the toast', () => {
    const onSelect = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Success', description: 'Menu item deleted successfully', action: { label: 'Undo', altText: 'Restore it from Recently deleted', onSelect } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
