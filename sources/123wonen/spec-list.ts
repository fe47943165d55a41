import type { Cheerio, CheerioAPI } from 'cheerio'
import { type AnyNode, textOf } from '../../src/kit/index.js'

/**
 * 123Wonen prints a home's facts as `.pand-specs` lists of `<li><span>label</span><span>value</span></li>`, on
 * search cards and (twice, summary and full) on detail pages. Labels map to values; the first occurrence wins.
 */
export function readSpecs($: CheerioAPI, scope: Cheerio<AnyNode>): ReadonlyMap<string, string> {
  const specs = new Map<string, string>()
  scope.find('.pand-specs li').each((_, li) => {
    const [label, value] = $(li)
      .children('span')
      .toArray()
      .map((span) => textOf($(span)))
    if (label && value !== undefined && !specs.has(label)) specs.set(label, value)
  })
  return specs
}
