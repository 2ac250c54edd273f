-- Broadcasters near a place (GET node/broadcasters/near_location): the contrib extensions cube
-- and earthdistance give a point on the earth's surface for a latitude and longitude, and a GiST
-- index over those points answers "within this many metres" (earth_box) without reading every
-- broadcaster. Broadcasters without coordinates have no point (ll_to_earth is strict) and are
-- never near anything.
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE INDEX broadcaster_earth_idx ON broadcaster USING gist (ll_to_earth(latitude, longitude));
