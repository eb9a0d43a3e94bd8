import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from './toast-store';
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
