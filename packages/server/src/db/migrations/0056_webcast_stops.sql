-- Webcasts stopped by the server (spec §8: webcasting disabled, or killed after an unattended
-- or overlong webcast; webcasts/webcast-stops.ts).
-- When someone last watched it (a viewer's or a manager's player fetching its HLS files) or a
-- manager had its live panel open; NULL: never since it went live.
ALTER TABLE webcast ADD COLUMN last_attended_at timestamptz;
-- Why the server ended it; NULL when it ended as usual (its publisher stopped).
ALTER TABLE webcast ADD COLUMN stop_reason text CHECK (stop_reason IN ('unattended', 'overlong', 'disabled'));
