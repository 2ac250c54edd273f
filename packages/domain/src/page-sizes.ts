/** Default page sizes (spec §9); without zod, for the browser's lists. */
export const PAGE_SIZES = { sermons: 25, series: 20, home: 5, notices: 10, comments: 10 } as const;
