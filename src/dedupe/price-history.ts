/** Price points kept on an observation's history, and so on its listing's; older ones stay in `price_history`. */
const PRICE_HISTORY_KEPT = 50

/**
 * SQL for a REAL value as JSON written by JavaScript: SQLite's JSON functions write a whole REAL as `1390.0`, where
 * the API, writing the listing's own price from JavaScript, writes `1390`. A whole value is made an integer first, so
 * one price reads the same everywhere the API serves it.
 */
export const jsonNumber = (value: string) =>
  `iif(${value} = cast(${value} as integer), cast(${value} as integer), ${value})`

/** SQL for one point of a history, from SQL expressions for its date and price: one form for both functions below. */
const point = (observedAt: string, price: string) =>
  `json_object('observed_at', ${observedAt}, 'price', ${jsonNumber(price)})`

/**
 * SQL for the JSON price history of the observation whose id is `id` (an SQL expression): its latest points, oldest
 * first.
 */
export function priceHistoryJson(id: string): string {
  return `(select json_group_array(${point('observed_at', 'price')})
             from (select observed_at, price from (select observed_at, price from price_history
                    where observation_id = ${id} order by observed_at desc limit ${PRICE_HISTORY_KEPT}) order by observed_at))`
}

/**
 * SQL for the JSON price history of a listing whose winner is the observation `winner` of `source` (SQL expressions):
 * its latest points with those of the same source's withdrawn observations of the listing, oldest first. A home a site
 * relisted under a new id keeps its earlier prices there; another source's prices never mix in.
 */
export function relistedPriceHistoryJson(listing: string, source: string, winner: string): string {
  return `(select json_group_array(${point('observed_at', 'price')})
             from (select observed_at, price from (select h.observed_at, h.price from price_history h
                    join observations s on s.id = h.observation_id
                    where s.listing_id = ${listing} and s.source_id = ${source} and (s.id = ${winner} or s.status <> 'active')
                    order by h.observed_at desc limit ${PRICE_HISTORY_KEPT}) order by observed_at))`
}

/**
 * SQL for the history of an observation first seen at `now` with `price`: its one point, exactly as
 * {@link priceHistoryJson} would give it, without reading it back (that read was a fifth of the listing rebuild).
 */
export function firstPriceHistoryJson(now: string, price: string): string {
  return `json_array(${point(now, price)})`
}
