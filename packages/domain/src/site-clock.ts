/** The site's clock (spec §9: US Eastern): dates, service times and ad states are read on it. */
export const SITE_TIME_ZONE = 'America/New_York';
