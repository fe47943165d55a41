import type { Cheerio, CheerioAPI } from 'cheerio'
import { type AnyNode, labelledFacts, textOf } from '../../src/kit/index.js'

/**
 * 123Wonen prints a home's facts as `.pand-specs` lists of `<li><span>label</span><span>value</span></li>`, on
 * search cards and (twice, summary and full) on detail pages. Labels map to values; the first occurrence wins.
 */
export function readSpecs($: CheerioAPI, scope: Cheerio<AnyNode>): ReadonlyMap<string, string> {
  return labelledFacts(scope.find('.pand-specs li'), (li) => {
    const [label, value] = li
      .children('span')
      .toArray()
      .map((span) => textOf($(span)))
    return [label, value]
  })
}
