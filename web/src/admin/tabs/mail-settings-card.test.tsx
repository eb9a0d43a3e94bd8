import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailSettings } from '@/lib/api-types';
import { checkMailSettings, mailValues } from '../lib/mail';
import { MailSettingsCard, usualPort } from './mail-settings-card';
import { type ApiCall, fakeFetch, renderWithQueries } from '@/test/fake-api';

const saved: MailSettings = {
  host: 'smtp.example.com',
  port: 587,
  username: 'alerts',
  passwordSet: true,
  from: 'alerts@example.com',
  tls: 'starttls',
  source: 'saved',
  updatedAt: '2026-11-28T06:00:00Z',
};

/** The API of the card: GET answers settings; PUT and the test answer what answer says. */
function fakeAPI(settings: MailSettings, answer: (call: ApiCall) => Response) {
  const calls = fakeFetch((call) => (call.method === 'GET' ? Response.json({ data: settings }) : answer(call)));
  renderWithQueries(<MailSettingsCard />);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkMailSettings', () => {
  const base = mailValues(saved);

  it('trims the values, and a port left empty is the default', () => {
    const c = checkMailSettings({ ...base, host: ' smtp.example.com ', port: '', from: ' alerts@example.com ' });
    expect(c).toEqual({
      ok: true,
      body: { host: 'smtp.example.com', port: 587, username: 'alerts', password: '', clearPassword: false, from: 'alerts@example.com', tls: 'starttls' },
    });
  });

  it("gives the server's messages", () => {
    const c = checkMailSettings({ ...base, host: 'smtp://x', port: '70000', from: 'Alerts <a@example.com>', username: '', password: 'p' });
    expect(c).toEqual({
      ok: false,
      errors: {
        host: "Enter the mail server's host name or IP address, without a scheme or port (smtp.example.com).",
        port: 'The port must be a whole number from 1 to 65535.',
        password: 'A password needs a username: enter the username too.',
        from: 'The sender must be a plain e-mail address (alerts@example.com).',
      },
    });
    expect(checkMailSettings({ ...base, from: '' })).toEqual({ ok: false, errors: { from: 'Enter the address the e-mails are sent from.' } });
  });

  it('turns e-mail off with an empty host', () => {
    expect(checkMailSettings({ ...base, host: '', from: '' }).ok).toBe(true);
  });
});

describe('usualPort', () => {
  it("follows the encryption while the port is a usual one, and leaves a port of the user's own", () => {
    expect(usualPort('587', 'tls')).toBe('465');
    expect(usualPort('465', 'starttls')).toBe('587');
    expect(usualPort('25', 'none')).toBe('25');
    expect(usualPort('2525', 'tls')).toBe('2525');
  });
});

describe('MailSettingsCard', () => {
  it('keeps a saved password unshown, and clears it only when asked', async () => {
    const calls = fakeAPI(saved, () => Response.json({ data: { ...saved, passwordSet: false } }));
    expect(await screen.findByText('A password is saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('The saved password will be removed when you save.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Mail Server' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ password: '', clearPassword: true, force: false });
  });

  it('asks before saving settings that failed the check, and keeps the edits when the question is closed', async () => {
    const calls = fakeAPI(saved, (call) =>
      call.body?.force
        ? Response.json({ data: { ...saved, host: '127.0.0.1' } })
        : Response.json(
            { message: 'Not saved: the mail server check failed. Connection refused by 127.0.0.1:1.', errors: { server: 'Connection refused by 127.0.0.1:1.' } },
            { status: 502 },
          ),
    );
    const host = await screen.findByLabelText('SMTP host');
    fireEvent.change(host, { target: { value: '127.0.0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Mail Server' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save settings that failed the check?' });
    expect(dialog.textContent).toContain('The mail server check failed: Connection refused by 127.0.0.1:1.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('SMTP host') as HTMLInputElement).value).toBe('127.0.0.1');

    fireEvent.click(screen.getByRole('button', { name: 'Save Mail Server' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body?.force)).toEqual([false, false, true]);
  });

  it("sends a test through the form's settings and shows the server's answer or what went wrong", async () => {
    let fail = false;
    const calls = fakeAPI(saved, () =>
      fail
        ? Response.json({ message: 'The test e-mail was not sent. The mail server refused the username or password: 535 bad' }, { status: 502 })
        : Response.json({ data: { ok: true, message: 'The mail server smtp.example.com:587 accepted the test e-mail for owner@example.com.' } }),
    );
    fireEvent.change(await screen.findByLabelText('Send the test to'), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('The mail server smtp.example.com:587 accepted the test e-mail for owner@example.com.')).toBeTruthy();
    const test = calls.find((c) => c.url.endsWith('/test'));
    expect(test?.body).toMatchObject({ to: 'owner@example.com', settings: { host: 'smtp.example.com', password: '' } });
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText(/The mail server refused the username or password: 535 bad/)).toBeTruthy();
  });

  it("shows the environment's server read only, and says it wins", async () => {
    fakeAPI({ ...saved, source: 'environment', updatedAt: null }, () => Response.json({ data: { ok: true, message: 'ok' } }));
    expect((await screen.findByText(/These settings come from the server's environment/)).textContent).toContain('override what is saved here');
    expect(screen.getByText('smtp.example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Mail Server' })).toBeNull();
    expect(screen.queryByLabelText('SMTP host')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a test e-mail' })).toBeTruthy();
  });
});
