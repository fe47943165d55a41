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
   * The response's paging headers ({@link PAGING_HEADERS}), by lower-case name; empty for a page read from a
   * fixture. Only these are kept, so that what a parser reads is what the memo remembers a page by (`pageContent`).
   */
  readonly headers: Readonly<Record<string, string>>
  /**
   * The body parsed as HTML (htmlparser2, which parses listing pages faster than parse5); parsed on first use.
   * Throws `ParseError` for a markup bomb (too many tags, too deep, too much outside `<html>`): see markup-limits.ts.
   */
  readonly $: CheerioAPI
  /** The body parsed as JSON; throws a SyntaxError when it is not JSON. */
  json<T = unknown>(): T
}

/**
 * Response headers that are part of a list page's content: WordPress's REST API tells the number of pages and items
 * in them, not in the body.
 */
export const PAGING_HEADERS = ['x-wp-total', 'x-wp-totalpages'] as const

/** The paging headers among `headers` (names in any case), by lower-case name. */
function pagingHeadersOf(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if ((PAGING_HEADERS as readonly string[]).includes(lower)) kept[lower] = value
  }
  return kept
}

/**
 * Builds a {@link Page}; parsing happens lazily and at most once. Of `headers`, the response's, the paging ones are
 * kept.
 */
export function createPage(
  request: SourceRequest,
  url: string,
  status: number,
  body: string,
  headers: Readonly<Record<string, string>> = {},
): Page {
  let dom: CheerioAPI | Error | undefined
  let parsed: { value: unknown } | undefined
  return {
    url,
    status,
    body,
    request,
    headers: pagingHeadersOf(headers),
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

/**
 * What a page is remembered by: its body, and its paging headers when it has any, so that a list page whose items
 * stayed the same while the number of pages changed is read again rather than replayed with a stale next page.
 */
export function pageContent(page: Pick<Page, 'body' | 'headers'>): string {
  const paging = Object.entries(page.headers).sort(([a], [b]) => a.localeCompare(b))
  return paging.length === 0 ? page.body : `${page.body}\n${paging.map(([n, v]) => `${n}: ${v}`).join('\n')}`
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
