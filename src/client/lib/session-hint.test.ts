import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@common/auth';
import { ApiError } from './api';
import { USER_QUERY_KEY, confirmSession, fetchCurrentUser, handleUnauthorized, startSession } from './session';
import { hasSessionHint, isSessionLost, setSessionLost } from './session-hint';

const NEO: PublicUser = { id: 7, username: 'neo', credits: 2500 };
const unauthorized = () =>
  new Response(JSON.stringify({ message: 'Authentication required' }), { status: 401, headers: { 'Content-Type': 'application/json' } });

function signedIn(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(USER_QUERY_KEY, NEO);
  return client;
}

let cookies = '';
beforeEach(() => {
  cookies = 'ga_signed_in=1';
  setSessionLost(false);
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.stubGlobal('window', { location: { protocol: 'http:' } });
  vi.stubGlobal('document', {
    get cookie() {
      return cookies;
    },
    set cookie(line: string) {
      const [pair] = line.split(';');
      const [name] = (pair ?? '').split('=');
      if (/Max-Age=0/.test(line)) cookies = cookies.split('; ').filter((c) => !c.startsWith(`${name}=`)).join('; ');
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the session hint', () => {
  it('reads the hint cookie among others, with or without the __Host- prefix, and nothing else', () => {
    expect(hasSessionHint('theme=dark; ga_signed_in=1; x=2')).toBe(true);
    expect(hasSessionHint('__Host-ga_signed_in=1')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('ga_signed_in=; other=1')).toBe(false);
    expect(hasSessionHint('not_ga_signed_in=1')).toBe(false);
  });

  it('without it nobody is signed in and the server is not asked', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    cookies = 'theme=dark';
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with it the server is asked; its 401 drops the hint so the next page does not ask again', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(unauthorized());
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cookies).toBe('');
  });
});

describe('a signed-in page that loses its session says why on the login screen', () => {
  it('a 401 from any call of a signed-in page', async () => {
    handleUnauthorized(signedIn(), new ApiError(401, '{"message":"Authentication required"}'));
    expect(isSessionLost()).toBe(true);
    startSession(new QueryClient(), NEO);
    expect(isSessionLost()).toBe(false);
  });

  it('a session check that finds it gone, but not when the server ended it on purpose or nobody was signed in', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => unauthorized());
    vi.stubGlobal('fetch', fetchMock);
    await confirmSession(signedIn(), { ended: true });
    expect(isSessionLost()).toBe(false);

    const anonymous = new QueryClient();
    anonymous.setQueryData(USER_QUERY_KEY, null);
    cookies = 'ga_signed_in=1';
    await confirmSession(anonymous);
    expect(isSessionLost()).toBe(false);

    cookies = 'ga_signed_in=1';
    await confirmSession(signedIn());
    expect(isSessionLost()).toBe(true);
  });
});
