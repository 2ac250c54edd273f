/** The JSON API lives under this base; its paths are the spec's §7 paths. */
export const API_BASE = '/api/v2';

/**
 * Whether a request URL is an API address, of this version or another (answered in the API's
 * error shape, never with a page).
 */
export const isApiPath = (url: string): boolean => url.startsWith('/api/');
