import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the site received. */
export interface SeenRequest {
  readonly method: string
  /** Path and query, as sent. */
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A canned answer. */
export interface StaticAnswer {
  /** @default 200 */
  readonly status?: number
  /** @default text/html; charset=utf-8 */
  readonly headers?: Readonly<Record<string, string>>
  readonly body: string | Uint8Array
}

/** Answers a request; `hit` counts this path's requests, from 1, so "500 then 200" is one line. */
export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  hit: number,
) => StaticAnswer | undefined | Promise<StaticAnswer | undefined>

/** A route: a fixed answer, or a handler that returns one (or writes `response` itself and returns nothing). */
export type Route = StaticAnswer | Handler

/** A website on 127.0.0.1 for tests and benches, so the real fetch path runs without touching the internet. */
export interface LocalSite {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  readonly requests: SeenRequest[]
  url(path: string): string
  /** How many requests `path` (path and query, or the path alone) received. */
  hits(path: string): number
  /** Sets or replaces the route for `path` (path and query first, then the path alone). */
  route(path: string, route: Route): void
  /** Stops listening and cuts every open connection, so a hanging handler cannot keep the test alive. */
  close(): Promise<void>
}

/** Starts a {@link LocalSite} on a free port; unknown paths answer 404. */
export async function startLocalSite(routes: Readonly<Record<string, Route>> = {}): Promise<LocalSite> {
  const table = new Map<string, Route>(Object.entries(routes))
  const requests: SeenRequest[] = []
  const counts = new Map<string, number>()

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const path = request.url ?? '/'
    const bare = path.split('?')[0] ?? path
    requests.push({
      method: request.method ?? 'GET',
      path,
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    })
    const key = table.has(path) ? path : bare
    const hit = (counts.get(key) ?? 0) + 1
    counts.set(key, hit)
    const route = table.get(key)
    const answer = typeof route === 'function' ? await route(request, response, hit) : route
    if (response.headersSent || response.writableEnded) return
    if (!answer) {
      if (route) return // the handler keeps the request open on purpose (a server that hangs)
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response.writeHead(answer.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      ...answer.headers,
    })
    response.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const hits = (path: string) =>
    requests.filter((r) => r.path === path || r.path.split('?')[0] === path).length

  return {
    origin,
    requests,
    url: (path) => `${origin}${path}`,
    hits,
    route: (path, route) => {
      table.set(path, route)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
