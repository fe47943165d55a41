import { createHash } from 'node:crypto'
import type { FetchRequest } from '../types.js'
import { methodOf } from '../types.js'

/** Identifies a request in an archive: method, URL without fragment, and a digest of the body for POSTs. */
export function exchangeKey(request: Pick<FetchRequest, 'url' | 'method' | 'body'>): string {
  const url = request.url.split('#')[0] ?? request.url
  const method = methodOf(request)
  if (method === 'GET' || !request.body) return `${method} ${url}`
  return `${method} ${url} ${createHash('sha1').update(request.body).digest('hex')}`
}
