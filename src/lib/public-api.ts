import { createApiClient, type TokenSource } from './api-client';

/**
 * The API client for calls that need no session (house ads, the site notice, the password-reset
 * mail): it carries none, so a GET's answer is cacheable, and a page script using it does not
 * download the member session code (2.5 KB on every page at load, issue 21).
 */
const NO_SESSION: TokenSource = { getToken: () => null, getRefreshToken: () => null, setTokens: () => undefined, clear: () => undefined };

export const publicApi = createApiClient({ tokens: NO_SESSION, refreshPath: '/auth/refresh' });
