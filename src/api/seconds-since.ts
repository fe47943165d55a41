/** Whole seconds from the ISO time `iso` to `now` (epoch milliseconds), never negative: an age as the API reports it. */
export function secondsSince(iso: string, now: number): number {
  return Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
}
