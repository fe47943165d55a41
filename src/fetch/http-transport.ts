import { Agent, fetch } from 'undici'
import { FetchError } from '../errors.js'
import type { FetchRequest, FetchResponse, Transport, TransportOptions } from './types.js'
import { methodOf } from './types.js'

/** Static pages and JSON over undici: one keep-alive agent for the whole run, timeouts on every request. */
export function createHttpTransport(): Transport {
  const agent = new Agent({ connect: { timeout: 10_000 }, keepAliveTimeout: 10_000, connections: 16 })
  return {
    name: 'http',
    async fetch(request, options) {
      return fetchOverHttp(agent, request, options)
    },
    async close() {
      await agent.close()
    },
  }
}

async function fetchOverHttp(
  agent: Agent,
  request: FetchRequest,
  options: TransportOptions,
): Promise<FetchResponse> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
  const response = await fetch(request.url, {
    method: methodOf(request),
    headers: {
      'user-agent': options.userAgent,
      'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8',
      ...request.headers,
    },
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
    url: response.url || request.url,
    status: response.status,
    headers,
    body: decodeBody(bytes, headers['content-type']),
    fetchedAt: new Date().toISOString(),
    rendered: false,
  }
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

/** Decodes with the charset the server declared, falling back to UTF-8 (replacing invalid bytes, never throwing). */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? 'utf-8'
  try {
    return new TextDecoder(charset).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}
