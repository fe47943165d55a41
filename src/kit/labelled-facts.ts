import type { Cheerio } from 'cheerio'
import type { AnyNode } from './node-text.js'

/** What a page prints in one row of facts: its label and its value, either missing when the row has none. */
export type FactRow = readonly [label: string | undefined, value: string | undefined]

/**
 * A page's facts printed as "label → value" rows (a `dt` and its `dd`, a table row, a list item): for each element of
 * `rows`, the label and value `read` finds in it, by label. The first row of a label wins, because pages repeat a
 * fact (a summary above the full list) and the first is the one a visitor reads; a row without a label or a value
 * is no fact.
 */
export function labelledFacts(
  rows: Cheerio<AnyNode>,
  read: (row: Cheerio<AnyNode>) => FactRow,
): Map<string, string> {
  const facts = new Map<string, string>()
  rows.each((index) => {
    const [label, value] = read(rows.eq(index))
    if (label && value !== undefined && !facts.has(label)) facts.set(label, value)
  })
  return facts
}
