import type { Cheerio, CheerioAPI } from 'cheerio'

/**
 * Reading text on the agents' sites: their markup indents values across lines, so every text is read with its
 * whitespace collapsed, and a search card is compared night to night as its collapsed markup.
 */

/** A parsed node, named through cheerio so adapters need not depend on domhandler. */
export type AnyNode = Parameters<CheerioAPI['contains']>[0]

/** The text of the first matched element, whitespace collapsed; '' when nothing matched. */
export function textOf(el: Cheerio<AnyNode>): string {
  return el.first().text().replace(/\s+/g, ' ').trim()
}

/** The element's own text, without that of its child elements (a label beside its `<small>` notes). */
export function ownTextOf(el: Cheerio<AnyNode>): string {
  return el
    .first()
    .contents()
    .filter((_, node) => node.type === 'text')
    .text()
    .replace(/\s+/g, ' ')
    .trim()
}

/** A search card's markup with whitespace collapsed: what the search shows of a listing, compared night to night. */
export function cardMarkup($: CheerioAPI, card: AnyNode): string {
  return ($.html(card) ?? '').replace(/\s+/g, ' ').trim()
}

/** "3051HN Rotterdam", "3078KL Rotterdam" → postcode and city; null when the text does not start with a postcode. */
export function splitPostcodeCity(text: string): { postcode: string; city: string } | null {
  const match = /^(\d{4}\s?[A-Za-z]{2})\s+(.+)$/.exec(text.trim())
  return match ? { postcode: match[1]!, city: match[2]!.trim() } : null
}
