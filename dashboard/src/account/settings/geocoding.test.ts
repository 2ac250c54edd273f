import { describe, expect, it } from 'vitest';
import { placeOf, reverseGeocodeURL, wrapLongitude } from './geocoding.ts';

describe('the map pin’s place', () => {
  it('asks the configured service with lat, lon, jsonv2 and zoom 10 (§7)', () => {
    const url = new URL(reverseGeocodeURL('https://geo.example.org/reverse?key=1', 51.5073509, -0.12775829));
    expect(url.origin + url.pathname).toBe('https://geo.example.org/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: '1',
      lat: '51.50735',
      lon: '-0.12776',
      format: 'jsonv2',
      zoom: '10',
    });
  });

  it('labels with the display name up to 32 characters, else the locality, state and country (§9)', () => {
    expect(placeOf({ display_name: 'Greenville, SC, USA', address: { country_code: 'us' } })).toEqual({
      label: 'Greenville, SC, USA',
      countryISOCode: 'US',
      country: null,
    });
    const long = {
      display_name: 'Greenville, Greenville County, South Carolina, 29601, United States',
      address: { city: 'Greenville', state: 'South Carolina', country: 'United States', country_code: 'us' },
    };
    expect(placeOf(long)?.label).toBe('Greenville, South Carolina, United States');
    expect(placeOf({})).toBeNull();
  });

  it('brings a longitude panned round the world back into ±180', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(12.5)).toBe(12.5);
  });
});
