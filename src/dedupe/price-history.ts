/** Price points kept on an observation's history, and so on its listing's; older ones stay in `price_history`. */
export const PRICE_HISTORY_KEPT = 50

/** SQL for one point of a history, from SQL expressions for its date and price: one form for both functions below. */
const point = (observedAt: string, price: string) =>
  `json_object('observed_at', ${observedAt}, 'price', ${price})`

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
 * SQL for the history of an observation first seen at `now` with `price`: its one point, exactly as
 * {@link priceHistoryJson} would give it, without reading it back (that read was a fifth of the listing rebuild).
 */
export function firstPriceHistoryJson(now: string, price: string): string {
  return `json_array(${point(now, price)})`
}
