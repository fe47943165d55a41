import { type CheerioAPI, load } from 'cheerio'
import type { SourceRequest } from './adapter.js'
import { checkMarkupSize, checkTreeShape } from './markup-limits.js'

/** A fetched page as an adapter sees it. Browser pages are rendered to HTML first, so parsers only see text. */
export interface Page {
  /** The URL the content came from (after redirects). */
  readonly url: string
  readonly status: number
  readonly body: string
  /** The request that produced this page, with the `userData` the adapter attached. */
  readonly request: SourceRequest
  /**
   * The body parsed as HTML (htmlparser2, which parses listing pages faster than parse5); parsed on first use.
   * Throws `ParseError` for a markup bomb (too many tags, too deep, too much outside `<html>`): see markup-limits.ts.
   */
  readonly $: CheerioAPI
  /** The body parsed as JSON; throws a SyntaxError when it is not JSON. */
  json<T = unknown>(): T
}

/** Builds a {@link Page}; parsing happens lazily and at most once. */
export function createPage(request: SourceRequest, url: string, status: number, body: string): Page {
  let dom: CheerioAPI | Error | undefined
  let parsed: { value: unknown } | undefined
  return {
    url,
    status,
    body,
    request,
    get $() {
      if (dom === undefined) {
        try {
          checkMarkupSize(body, url)
          const loaded = load(body, { xml: { xmlMode: false, decodeEntities: true } })
          checkTreeShape(loaded, url)
          dom = loaded
        } catch (error) {
          dom = error as Error // a bomb is refused once, not parsed again on every access
        }
      }
      if (dom instanceof Error) throw dom
      return dom
    },
    json<T>() {
      parsed ??= { value: JSON.parse(body) }
      return parsed.value as T
    },
  }
}

/** Every JSON-LD block on a page, parsed; blocks that are not valid JSON are skipped. */
export function readJsonLd($: CheerioAPI): unknown[] {
  const blocks: unknown[] = []
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      const value: unknown = JSON.parse($(el).text())
      if (Array.isArray(value)) blocks.push(...value)
      else blocks.push(value)
    } catch {
      // A broken block is the site's problem; the other fields may still parse.
    }
  })
  return blocks
}
