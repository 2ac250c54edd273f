import type { LiteBroadcaster } from '@kerygma/domain/catalogue';
import { countryName } from './places.ts';

/**
 * The broadcaster rules of spec §3 and §9 that the pages show: categories, derived flags and
 * the location label.
 */

/** Broadcaster categories (spec §3: bit flags 1 church, 2 school, 4 seminary, 8 radio). */
export const CATEGORY_BITS = { church: 1, school: 2, seminary: 4, radio: 8 } as const;
export type Category = keyof typeof CATEGORY_BITS;

export function categoriesOf(bits: number): Category[] {
  return (Object.keys(CATEGORY_BITS) as Category[]).filter((c) => (bits & CATEGORY_BITS[c]) !== 0);
}

type Located = Pick<LiteBroadcaster, 'countryISOCode' | 'location'>;

/** Derived flag (spec §3): the broadcaster is in the USA. */
export const isUSA = (b: Located) => b.countryISOCode?.toUpperCase() === 'US';

/** Longest location label shown as it is (spec §9: "used if display name is 32 characters or fewer"). */
export const LOCATION_LABEL_MAX = 32;

/**
 * The location label of a broadcaster: its location when 32 characters or fewer, else the first
 * part of it (the town); outside the USA the country name is added when known.
 */
export function locationLabel(b: Located, lang: string): string {
  const location = b.location.trim();
  const label =
    location.length <= LOCATION_LABEL_MAX ? location : (location.split(',')[0]?.trim() ?? location).slice(0, 32);
  if (isUSA(b) || !b.countryISOCode) return label;
  const country = countryName(b.countryISOCode, lang);
  if (!label) return country;
  return label.toLowerCase().includes(country.toLowerCase()) ? label : `${label}, ${country}`;
}

/** What a broadcaster row shows; a full or lite broadcaster, or a location entry. */
export type BroadcasterRow = Pick<
  LiteBroadcaster,
  'broadcasterID' | 'displayName' | 'location' | 'countryISOCode' | 'categories'
> & {
  imageURL?: string | undefined;
  /** The profile picture's resizable URL (`{size}`), for a srcset. */
  albumArtURL?: string | undefined;
  sermonCount?: number | undefined;
  vacantPulpit?: boolean | undefined;
  denomination?: string | null | undefined;
};
