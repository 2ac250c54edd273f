/** One day of a broadcaster's recent activity. */
export type DayCount = { date: string; plays: number; downloads: number };

const DAY_SECONDS = 86_400;
const toSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * The chart's columns (uPlot's aligned data: times in seconds, then each series) for the `days`
 * days ending on `lastDate`, a day without activity counting as none rather than missing.
 */
export function chartColumns(
  counts: readonly DayCount[],
  lastDate: string,
  days: number,
): [number[], number[], number[]] {
  const byDay = new Map(counts.map((c) => [toSeconds(c.date), c]));
  const end = toSeconds(lastDate);
  const times: number[] = [];
  const plays: number[] = [];
  const downloads: number[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const at = end - i * DAY_SECONDS;
    const day = byDay.get(at);
    times.push(at);
    plays.push(day?.plays ?? 0);
    downloads.push(day?.downloads ?? 0);
  }
  return [times, plays, downloads];
}
