import { readAdminToken } from '@/features/editable-text/edit-mode';

/** A non-success HTTP response (SPEC section 8). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * Calls the API with the stored Bearer token. A JSON body goes only with a
 * payload. A non-success response raises an ApiError whose message is the
 * status, a colon and a space, then the body text (or the status text).
 */
export async function apiRequest(method: string, url: string, payload?: unknown): Promise<Response> {
  const token = readAdminToken();
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, `${res.status}: ${text}`);
  }
  return res;
}

/** The server's own message from an ApiError ("400: {"message":...}"), if any. */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const body = err.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // a plain-text body
  }
  return body || undefined;
}

/** Field errors of a 4xx response ({message, errors: {field: text}}). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof Error)) return {};
  try {
    const parsed = JSON.parse(err.message.replace(/^\d{3}: /, '')) as { errors?: unknown };
    if (parsed.errors && typeof parsed.errors === 'object') return parsed.errors as Record<string, string>;
  } catch {
    // no field errors
  }
  return {};
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}
