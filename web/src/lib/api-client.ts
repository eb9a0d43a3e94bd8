// The one client of the site's JSON API, for the admin portal, the in-place
// editor and the lead forms. A failed request throws an ApiError whose parts
// (status, message, field errors and, for a stale write, the conflict) are
// read once from the answer, so no caller parses error text.

/** A write that started from an old version (409): the record now, and who changed it. */
export type Conflict = {
  /** The record as it is now; null when it was deleted. */
  current: unknown;
  changedBy: string;
  /** RFC 3339, or '' when the server did not say. */
  changedAt: string;
};

type ApiErrorParts = {
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  conflict?: Conflict | null;
};

/** A request that failed: status 0 when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message for each field it refused, by field name. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly conflict: Conflict | null;

  constructor({ status, message, fieldErrors = {}, conflict = null }: ApiErrorParts) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.conflict = conflict;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

export const unreachableMessage = 'The server could not be reached. Check the connection and try again.';

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

export function isUnauthorized(err: unknown): boolean {
  return isApiError(err, 401);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The error of a failed answer, from its status and body: the JSON body's
 * message, field errors and conflict when it has them; a short plain-text
 * body as the message; else the status text.
 */
export function parseApiError(status: number, bodyText: string, statusText = ''): ApiError {
  const fallback = statusText || `Request failed (${status})`;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    const text = bodyText.trim();
    return new ApiError({ status, message: text && text.length <= 300 && !text.startsWith('<') ? text : fallback });
  }
  if (!isRecord(body)) return new ApiError({ status, message: fallback });
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body.errors)) {
    for (const [field, msg] of Object.entries(body.errors)) {
      if (typeof msg === 'string') fieldErrors[field] = msg;
    }
  }
  const conflict: Conflict | null =
    status === 409 && 'current' in body
      ? {
          current: isRecord(body.current) ? body.current : null,
          changedBy: typeof body.changedBy === 'string' ? body.changedBy : '',
          changedAt: typeof body.changedAt === 'string' ? body.changedAt : '',
        }
      : null;
  const message = typeof body.message === 'string' && body.message ? body.message : fallback;
  return new ApiError({ status, message, fieldErrors, conflict });
}

export type RequestOptions = {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data, as it is (a file upload). */
  form?: FormData;
  /** Sent as a Bearer token. */
  token?: string | null;
  /** The version the write started from, sent as If-Match. */
  ifMatch?: number;
  /** The write expects no record there yet (If-None-Match: *), so that one made since is a conflict. */
  ifNoneMatch?: boolean;
  /** Asks for the write to go to its pending draft (X-Publish: draft); the server's publishing mode decides. */
  publish?: 'draft';
  signal?: AbortSignal;
};

/** Sends a request; resolves to the answer when it succeeded, throws an ApiError otherwise. */
export async function apiRequest(
  method: string,
  url: string,
  { body, form, token, ifMatch, ifNoneMatch, publish, signal }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  if (ifNoneMatch) headers['If-None-Match'] = '*';
  if (publish) headers['X-Publish'] = publish;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError({ status: 0, message: unreachableMessage });
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw parseApiError(res.status, text, res.statusText);
  }
  return res;
}

/** The `data` of a JSON answer ({"data": ...}). */
export async function apiData<T>(method: string, url: string, options?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, url, options);
  const body = (await res.json()) as { data: T };
  return body.data;
}
