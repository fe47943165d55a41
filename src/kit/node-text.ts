import type { Cheerio, CheerioAPI } from 'cheerio'

/** A parsed node, named through cheerio so sources need not depend on domhandler. */
export type AnyNode = Parameters<CheerioAPI['contains']>[0]

/**
 * The text of the first matched element with runs of whitespace collapsed to one space, '' when nothing matched.
 * Sites indent their markup freely, so text is compared and parsed only in this form.
 */
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
