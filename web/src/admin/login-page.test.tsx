import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApp } from './admin-app';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );
}

/** Opens the login page and signs in as admin with the password. */
function signInWith(password: string) {
  renderAt('/admin/login');
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin login', () => {
  it('names both required fields and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Login Failed with the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Invalid username or password."}', { status: 401 })));
    signInWith('wrong');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password.')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('stores the session and opens the dashboard on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/login'
          ? Response.json({ success: true, sessionToken: 'tok', user: { id: 1, username: 'admin', isAdmin: true } })
          : url === '/api/admin/me'
            ? Response.json({ data: { id: 1, username: 'admin', role: 'admin', isAdmin: true } })
            : Response.json({ data: [] }),
      ),
    );
    signInWith('right');
    expect(await screen.findByText('Welcome, admin')).toBeTruthy();
    expect(screen.getByText('Logged in successfully')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('adminUser')!)).toEqual({ id: 1, username: 'admin', isAdmin: true });
    // Every section of an administrator: the nine tabs of SPEC section 2, Company facts, Analytics, Meetings, Publish, Redirects, Subscribers, Careers, Applications, Users, Audit log, Privacy and Account.
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getAllByRole('link')).toHaveLength(22);
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin?tab=audit');
  });

  it('asks for the code of two-factor sign-in after the password, or a recovery code', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/login') return Response.json({ success: false, twoFactorRequired: true, challenge: 'ch1' });
        if (url === '/api/admin/login/2fa') {
          sent.push(JSON.parse(String(init?.body)));
          return sent.length === 1
            ? Response.json({ message: 'The code is not right.', errors: { code: 'The code is not right.' } }, { status: 401 })
            : Response.json({ success: true, sessionToken: 'tok', user: { id: 1, username: 'admin', isAdmin: true } });
        }
        if (url === '/api/admin/me') return Response.json({ data: { id: 1, username: 'admin', role: 'admin', isAdmin: true } });
        return Response.json({ data: [] });
      }),
    );
    signInWith('right');
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(localStorage.getItem('adminToken')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not right.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome, admin')).toBeTruthy();
    expect(sent).toEqual([
      { challenge: 'ch1', code: '123456' },
      { challenge: 'ch1', code: 'abcd-efgh-ijkl-mnop' },
    ]);
    expect(localStorage.getItem('adminToken')).toBe('tok');
  });

  it('shows an editor no Contacts or Users section, and says so at their address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/me' ? Response.json({ data: { id: 2, username: 'ed', role: 'editor', isAdmin: true } }) : Response.json({ data: [] }),
      ),
    );
    localStorage.setItem('adminToken', 'tok');
    localStorage.setItem('adminUser', JSON.stringify({ id: 2, username: 'ed', isAdmin: true }));
    renderAt('/admin?tab=contacts');
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const names = within(nav).getAllByRole('link').map((t) => t.textContent);
    expect(names).toEqual(['Dashboard', 'Pages', 'Content', 'Company facts', 'Publish', 'Images', 'Menu', 'Footer', 'Testimonials', 'Case studies', 'Redirects', 'Subscribers', 'Settings', 'Account']);
    expect(within(nav).queryByRole('list', { name: 'Leads' })).toBeNull();
    // A section the role may not use, named in the address, says so; no link is marked as open.
    expect(screen.getByRole('heading', { name: 'You do not have access to Leads' })).toBeTruthy();
    expect(nav.querySelector('[aria-current="page"]')).toBeNull();
  });
});

describe('admin dashboard access', () => {
  it('goes to the login page when no token is stored', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('clears an unparsable user with the token', async () => {
    localStorage.setItem('adminToken', 'tok');
    localStorage.setItem('adminUser', '{oops');
    renderAt('/admin');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminUser')).toBeNull();
  });

  it('ends the session when the server answers 401', async () => {
    localStorage.setItem('adminToken', 'revoked');
    localStorage.setItem('adminUser', JSON.stringify({ username: 'admin', isAdmin: true }));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Session expired."}', { status: 401 })));
    renderAt('/admin');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
