/**
 * Serves a simulated {@link Market} over HTTP on 127.0.0.1, one server per site on an ephemeral port: list pages
 * (paged as the site pages them), detail pages, robots.txt and Kamernet's JSON search, all in the sites' real
 * formats, with ETag and Last-Modified on every page. Point the real fetch path at it with `PROPDATA_ORIGIN_MAP`
 * ({@link MarketServer.originMap}); every request is counted by host, kind and answer.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SamplePage } from '../sample/sample-home.js'
import { changedLayout, detailPage, listPages, pageKey, robotsPage } from './market-pages.js'
import { MARKET_SITE_SPECS, type MarketSiteSpec } from './market-sites.js'
import { MARKET_SITES, type Market, type MarketSite } from './market-state.js'
import { countRequest, type RequestCounts, type RequestKind } from './request-counts.js'

/** Switches for fault tests; change them while the server runs. */
export interface MarketFaults {
  /** Sites whose detail pages keep their first ETag and Last-Modified: a changed page answers 304. */
  readonly staleEtags: Set<MarketSite>
  /** Sites whose list pages come in a changed layout, from the moment a site is added (mid-night too). */
  readonly changedLayouts: Set<MarketSite>
  /** Sites some of whose list pages come in a changed layout: those whose {@link pageKey} the test picks. */
  readonly changedListPages: Map<MarketSite, (key: string) => boolean>
  /**
   * 429s each site still sends, each with its Retry-After in seconds: to whatever is asked next, or once `after`
   * more requests were answered as usual (a storm that starts mid-night).
   */
  readonly storms: Map<MarketSite, { remaining: number; retryAfterSeconds: number; after?: number }>
}

/** One request the market answered, as {@link startMarketServer}'s `onRequest` hears of it. */
export interface MarketRequest {
  readonly site: MarketSite
  readonly kind: RequestKind
  /** The path and query; a POST search is told apart by `body`. */
  readonly path: string
  readonly body: string
  readonly status: number
}

/** The running market. */
export interface MarketServer {
  /** Where each site is served: `http://127.0.0.1:<port>`. */
  readonly origins: Readonly<Record<MarketSite, string>>
  /** The value of `PROPDATA_ORIGIN_MAP` that sends each site's requests here. */
  readonly originMap: string
  readonly faults: MarketFaults
  /** A copy of the requests counted so far. */
  counts(): RequestCounts
  /**
   * The {@link pageKey}s of the site's list pages answered (200 or 304) since counting began: the part of its scope
   * a night walked.
   */
  listPagesServed(site: MarketSite): ReadonlySet<string>
  /** Starts counting anew (a new night). */
  resetCounts(): void
  /** Stops listening and cuts open connections. */
  close(): Promise<void>
}

/** A page ready to serve, with its validators. */
interface Served {
  readonly page: SamplePage
  readonly etag: string
  /** ISO timestamp. */
  readonly modifiedAt: string
}

/**
 * A GET the validators answer with 304 (RFC 9110 §13): If-None-Match when sent (a weak or strong match, or `*`),
 * else If-Modified-Since at or after the last change.
 */
function notModified(headers: IncomingHttpHeaders, etag: string, modifiedAt: string): boolean {
  const tags = headers['if-none-match']
  if (tags !== undefined)
    return tags.split(',').some((t) => ['*', etag].includes(t.trim().replace(/^W\//, '')))
  const since = Date.parse(headers['if-modified-since'] ?? '')
  // HTTP dates carry whole seconds: compare at that precision.
  return Number.isFinite(since) && Math.floor(Date.parse(modifiedAt) / 1000) * 1000 <= since
}

const hashTag = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`

/** Starts one server per site of the market (all four unless `sites` says which). */
export async function startMarketServer(
  market: Market,
  options: {
    readonly sites?: readonly MarketSite[]
    readonly faults?: Partial<MarketFaults>
    /** Hears of every request as it is answered, in order (tests that need the order, or to act mid-crawl). */
    readonly onRequest?: (request: MarketRequest) => void
  } = {},
): Promise<MarketServer> {
  const faults: MarketFaults = {
    staleEtags: options.faults?.staleEtags ?? new Set(),
    changedLayouts: options.faults?.changedLayouts ?? new Set(),
    changedListPages: options.faults?.changedListPages ?? new Map(),
    storms: options.faults?.storms ?? new Map(),
  }
  let counts: RequestCounts = {}
  let listServed = new Map<MarketSite, Set<string>>()
  /** Each site's list pages, rendered once per state of the market. */
  const rendered = new Map<MarketSite, { revision: number; pages: Map<string, SamplePage> }>()
  /** A list page's or robots.txt's ETag and when it last changed, by site and page: they follow its content. */
  const seen = new Map<string, { etag: string; modifiedAt: string }>()

  const byContent = (key: string, page: SamplePage): Served => {
    const etag = hashTag(page.body)
    let validators = seen.get(key)
    if (validators?.etag !== etag) {
      validators = { etag, modifiedAt: market.now }
      seen.set(key, validators)
    }
    return { page, ...validators }
  }

  const listPage = (spec: MarketSiteSpec, url: URL, body: string): Served | null => {
    let site = rendered.get(spec.id)
    if (site?.revision !== market.revision) {
      site = { revision: market.revision, pages: listPages(market, spec.id) }
      rendered.set(spec.id, site)
    }
    const key = pageKey(url.href, spec.id === 'kamernet' ? body : undefined)
    const page = site.pages.get(key)
    if (!page) return null
    listServed.set(spec.id, (listServed.get(spec.id) ?? new Set()).add(key))
    const shown =
      faults.changedLayouts.has(spec.id) || faults.changedListPages.get(spec.id)?.(key)
        ? { ...page, body: changedLayout(spec.id, page.body) }
        : page
    return byContent(`${spec.id} ${key}`, shown)
  }

  const detail = (spec: MarketSiteSpec, url: URL): Served | null => {
    const o = market.byDetailUrl(`${spec.origin}${url.pathname}`)
    const page = o?.state === 'listed' && o.site === spec.id ? detailPage(market, o) : null
    if (!o || !page) return null
    const stale = faults.staleEtags.has(spec.id)
    return {
      page,
      etag: `"${o.siteId}-${stale ? 1 : o.detail.version}"`,
      modifiedAt: stale ? o.firstModifiedAt : o.detail.modifiedAt,
    }
  }

  const serve = (spec: MarketSiteSpec, kind: RequestKind, url: URL, body: string): Served | null => {
    if (kind === 'list') return listPage(spec, url, body)
    if (kind === 'detail') return detail(spec, url)
    const robots = robotsPage(spec.origin)
    return robots ? byContent(`${spec.id} robots`, robots) : null
  }

  const handle = async (spec: MarketSiteSpec, request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const url = new URL(request.url ?? '/', spec.origin)
    const kind: RequestKind =
      url.pathname === '/robots.txt' ? 'robots' : spec.listPath.test(url.pathname) ? 'list' : 'detail'
    const requestBody = Buffer.concat(chunks).toString()
    const answer = (status: number, headers: Record<string, string>, body?: string) => {
      countRequest(counts, spec.host, kind, status)
      const path = url.pathname + url.search
      options.onRequest?.({ site: spec.id, kind, path, body: requestBody, status })
      response.writeHead(status, headers).end(body)
    }
    const storm = faults.storms.get(spec.id)
    if (storm?.after) storm.after -= 1
    else if (storm && storm.remaining > 0) {
      storm.remaining -= 1
      const headers = { 'retry-after': String(storm.retryAfterSeconds), 'content-type': 'text/plain' }
      return answer(429, headers, 'Too Many Requests')
    }
    const served = serve(spec, kind, url, requestBody)
    if (!served) return answer(404, { 'content-type': 'text/plain' }, 'Not Found')
    const validators = { etag: served.etag, 'last-modified': new Date(served.modifiedAt).toUTCString() }
    if (
      spec.honoursConditionals &&
      request.method === 'GET' &&
      notModified(request.headers, served.etag, served.modifiedAt)
    )
      return answer(304, validators)
    answer(200, { 'content-type': served.page.contentType, ...validators }, served.page.body)
  }

  const sites = options.sites ?? MARKET_SITES
  const servers = await Promise.all(
    sites.map(async (id) => {
      const spec = MARKET_SITE_SPECS[id]
      const server = createServer((request, response) => {
        handle(spec, request, response).catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
          response.end(String(error))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return { spec, server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
    }),
  )
  return {
    origins: Object.fromEntries(servers.map((s) => [s.spec.id, s.origin])) as Record<MarketSite, string>,
    originMap: servers.map((s) => `${s.spec.origin}=${s.origin}`).join(','),
    faults,
    counts: () => structuredClone(counts),
    listPagesServed: (site) => new Set(listServed.get(site)),
    resetCounts: () => {
      counts = {}
      listServed = new Map()
    },
    close: () =>
      Promise.all(
        servers.map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      ).then(() => undefined),
  }
}
