import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeld } from './held';

function Field({ name }: { name: string }) {
  const [value, setValue, release] = useHeld(name, '');
  return (
    <>
      <input aria-label="Field" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={release}>Saved</button>
    </>
  );
}

describe('useHeld', () => {
  it('keeps what was typed when the component goes away and comes back, until released', () => {
    const first = render(<Field name="held.test" />);
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'typed' } });
    first.unmount();
    const second = render(<Field name="held.test" />);
    expect((screen.getByLabelText('Field') as HTMLInputElement).value).toBe('typed');
    act(() => screen.getByText('Saved').click());
    expect((screen.getByLabelText('Field') as HTMLInputElement).value).toBe('');
    second.unmount();
    render(<Field name="held.test" />);
    expect((screen.getByLabelText('Field') as HTMLInputElement).value).toBe('');
  });

  it('writes nothing to storage', () => {
    localStorage.clear();
    sessionStorage.clear();
    render(<Field name="held.secret" />);
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'hunter22' } });
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
