// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/client/api/api-error';
import { http, request, urlWithParams, writeAccessToken } from '@/client/api/http';
import { postJson } from '@/client/api/post-json';

/*
 * The back office's HTTP client on fetch (it replaced axios): what it sends — the query, the
 * token, JSON or a file as it is — and what it makes of each answer, refusals and silence included.
 */

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();

function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers });
}

function sent(call = 0): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  assign.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, pathname: '/mes-commandes', search: '?shopId=s1', assign });
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('urlWithParams', () => {
  it('puts every value in the query, leaving out undefined and null', () => {
    expect(
      urlWithParams('/api/order/list', {
        shopId: 's1',
        status: 'new,paid',
        limit: 50,
        after: undefined,
        x: null,
      }),
    ).toBe('/api/order/list?shopId=s1&status=new%2Cpaid&limit=50');
    expect(urlWithParams('/api/x?a=1', { b: 'é' })).toBe('/api/x?a=1&b=%C3%A9');
    expect(urlWithParams('/api/x', {})).toBe('/api/x');
  });
});

describe('request', () => {
  it('sends the token, the query and a JSON body, and gives back the parsed answer', async () => {
    writeAccessToken('tok-1');
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    const response = await request<{ ok: boolean }>({
      url: '/api/order/create',
      method: 'POST',
      params: { shopId: 's1' },
      data: { lines: [1] },
    });
    expect(response.data).toEqual({ ok: true });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/order/create?shopId=s1');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"lines":[1]}');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends a file as it is, with the type it was given, and no token when there is none', async () => {
    fetchMock.mockResolvedValue(answer(200, { columns: [] }));
    const file = new Blob(['nom;prix\n'], { type: 'text/csv' });
    await http.post('/api/product/inspectCsv', file, {
      params: { shopId: 's1' },
      headers: { 'Content-Type': 'text/csv' },
    });
    const { init, headers } = sent();
    expect(init.body).toBe(file);
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('reads an empty answer as null and a download as a blob with its headers', async () => {
    fetchMock.mockResolvedValueOnce(answer(204));
    expect((await http.post('/api/shop/setFcmId', { fmcId: 'x' })).data).toBeNull();
    fetchMock.mockResolvedValueOnce(
      answer(200, 'a;b\n', { 'Content-Disposition': 'attachment; filename="commandes.csv"' }),
    );
    const download = await http.get<Blob>('/api/order/export', { responseType: 'blob' });
    expect(await download.data.text()).toBe('a;b\n');
    expect(download.headers.get('content-disposition')).toContain('commandes.csv');
  });

  it('turns a refusal into an ApiError with the server’s code, words and fields', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        error: { code: 'VALIDATION', message: 'Données invalides', details: { name: 'Indiquez un nom.' } },
      }),
    );
    const error = await request({ url: '/api/product/create', method: 'POST', data: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION',
      message: 'Données invalides',
      details: { name: 'Indiquez un nom.' },
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the network failed, in French, when no answer comes', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request({ url: '/api/shop/getShop' })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: NETWORK_ERROR_MESSAGE,
    });
    // A time limit is set on every request.
    expect(sent().init.signal).toBeInstanceOf(AbortSignal);
  });

  it('on a 401, forgets the token and goes to /login keeping the query', async () => {
    writeAccessToken('expired');
    fetchMock.mockResolvedValue(
      answer(401, { error: { code: 'UNAUTHENTICATED', message: 'Connectez-vous.' } }),
    );
    await expect(request({ url: '/api/order/list' })).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login?shopId=s1');
  });
});

describe('postJson (the sign-in pages)', () => {
  it('posts JSON without a token and never leaves the page on a 401', async () => {
    writeAccessToken('tok-1');
    vi.stubGlobal('location', { ...window.location, pathname: '/otp', search: '', assign });
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'BAD_CODE', message: 'Code incorrect.' } }));
    await expect(postJson('/api/otp/verify', { code: '1' })).rejects.toMatchObject({
      status: 401,
      message: 'Code incorrect.',
    });
    expect(sent().headers.has('Authorization')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
