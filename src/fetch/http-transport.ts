import { Agent, fetch } from 'undici'
import { FetchError } from '../errors.js'
import { decodeBody } from './decode-body.js'
import { linkSignals } from './linked-signal.js'
import { mappedUrl, type OriginMap, siteUrl } from './origin-map.js'
import type { FetchRequest, FetchResponse, Transport, TransportOptions } from './types.js'
import { methodOf } from './types.js'
import { conditionalHeaders } from './validators.js'

/** Options for {@link createHttpTransport}. */
export interface HttpTransportOptions {
  /** Connections per origin. The host queues decide how many requests are in flight. @default 16 */
  readonly connections?: number
  /** Origins fetched from elsewhere (`PROPDATA_ORIGIN_MAP`); the response's URL stays the site's. @default none */
  readonly originMap?: OriginMap
}

/** Static pages and JSON over undici: one keep-alive agent for the whole run, a timeout on every request. */
export function createHttpTransport(options: HttpTransportOptions = {}): Transport {
  const agent = new Agent({
    connect: { timeout: 10_000 },
    keepAliveTimeout: 10_000,
    connections: options.connections ?? 16,
  })
  const originMap: OriginMap = options.originMap ?? new Map()
  return {
    name: 'http',
    fetch: (request, transportOptions) => fetchOverHttp(agent, originMap, request, transportOptions),
    async close() {
      await agent.close()
    },
  }
}

async function fetchOverHttp(
  agent: Agent,
  originMap: OriginMap,
  request: FetchRequest,
  options: TransportOptions,
): Promise<FetchResponse> {
  // One deadline for connect, headers and body together: a server that trickles bytes cannot hold us forever.
  const linked = linkSignals([options.signal], options.timeoutMs)
  try {
    return await exchange(agent, originMap, request, options, linked.signal)
  } finally {
    linked.release()
  }
}

async function exchange(
  agent: Agent,
  originMap: OriginMap,
  request: FetchRequest,
  options: TransportOptions,
  signal: AbortSignal,
): Promise<FetchResponse> {
  const target = mappedUrl(originMap, request.url)
  const response = await fetch(target, {
    method: methodOf(request),
    headers: requestHeaders(request, options.userAgent),
    body: request.body,
    dispatcher: agent,
    redirect: 'follow',
    signal,
  })
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const declared = Number(headers['content-length'])
  if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
    await response.body?.cancel()
    throw new FetchError(`Body of ${declared} bytes exceeds the ${options.maxBodyBytes}-byte limit`, {
      url: request.url,
      status: response.status,
    })
  }
  const bytes = await readLimited(response.body, options.maxBodyBytes, request.url)
  return {
    url: siteUrl(originMap, response.url || target),
    status: response.status,
    headers,
    body: decodeBody(bytes, headers['content-type']),
    fetchedAt: new Date().toISOString(),
    rendered: false,
  }
}

/**
 * Our defaults, then the adapter's headers (names lower-cased, so they replace rather than repeat), then the
 * conditional ones of a page the crawl already has, then our UA.
 */
function requestHeaders(request: FetchRequest, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
    'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8',
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  Object.assign(headers, conditionalHeaders(request))
  // Last, so no adapter can send anything but our honest User-Agent.
  headers['user-agent'] = userAgent
  return headers
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number, url: string) {
  if (!body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of body) {
    total += chunk.byteLength
    if (total > limit) {
      await body.cancel().catch(() => {})
      throw new FetchError(`Body exceeds the ${limit}-byte limit`, { url })
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total)
}
