/**
 * Reverse geocoding for the map pin (§7: a maps service asked with lat, lon, format jsonv2 and
 * zoom 10, answering a place for a location label). The service's address comes from the
 * server's configuration; its answer is read loosely, since only the names matter.
 */

/** §9: the service's display name is the label when it is 32 characters or fewer. */
export const LOCATION_LABEL_MAX = 32;
const ZOOM = 10;

export type GeocodeAnswer = {
  display_name?: string;
  address?: Partial<Record<'city' | 'town' | 'village' | 'county' | 'state' | 'country' | 'country_code', string>>;
};

/** The reverse-geocoding request for a point, the coordinates rounded to about a metre. */
export function reverseGeocodeURL(base: string, latitude: number, longitude: number): string {
  const url = new URL(base, globalThis.location?.href);
  url.searchParams.set('lat', roundCoordinate(latitude).toString());
  url.searchParams.set('lon', roundCoordinate(longitude).toString());
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('zoom', String(ZOOM));
  return url.toString();
}

/** Five decimals: about a metre, all a church's pin needs. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e5) / 1e5;

/** Longitudes past the antimeridian (a map panned round the world) brought back into ±180. */
export const wrapLongitude = (value: number): number => ((((value + 180) % 360) + 360) % 360) - 180;

export type Place = { label: string; countryISOCode: string | null; country: string | null };

/**
 * What the pin's place fills in: the display name as the label when short enough, else the
 * locality with its state and country.
 */
export function placeOf(answer: GeocodeAnswer): Place | null {
  const address = answer.address ?? {};
  const display = answer.display_name?.trim() ?? '';
  const locality = address.city ?? address.town ?? address.village ?? address.county;
  const parts = [locality, address.state, address.country].filter((p): p is string => Boolean(p));
  const label = display && display.length <= LOCATION_LABEL_MAX ? display : parts.join(', ');
  if (!label) return null;
  return {
    label: label.slice(0, 100),
    countryISOCode: address.country_code ? address.country_code.toUpperCase() : null,
    country: address.country ?? null,
  };
}
