/** The JSON API lives under this base; its paths are the spec's §7 paths. */
export const API_BASE = '/api/v2';
