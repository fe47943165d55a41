import type { FetchRequest, FetchResponse, Validators } from './types.js'
import { methodOf } from './types.js'

/** The answer to a conditional request whose page has not changed: no body, the client's copy stands. */
export const NOT_MODIFIED = 304

/** A page that carries no validators. */
export const NO_VALIDATORS: Validators = { etag: null, lastModified: null }

/**
 * The validators a response came with. A rendered page has none of its own: the DOM the browser built is not the
 * bytes the server's validators name, so a page the browser rendered is never asked for a 304.
 */
export function validatorsOf(response: FetchResponse): Validators {
  if (response.rendered) return NO_VALIDATORS
  return { etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null }
}

export const sameValidators = (a: Validators, b: Validators): boolean =>
  a.etag === b.etag && a.lastModified === b.lastModified

/**
 * The headers that make a request conditional: `If-None-Match` from the ETag, `If-Modified-Since` from
 * Last-Modified (a server that knows ETags decides on the first alone). Only a GET asks: on a POST these headers are
 * a precondition that fails with 412 rather than a 304. Whether a request is rendered does not matter here: the
 * fetcher gives the browser no validators, and a browser source fetched over HTTP (`PROPDATA_RENDER=http`) is asked
 * conditionally like any other page.
 */
export function conditionalHeaders(request: FetchRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  const { validators } = request
  if (!validators || methodOf(request) !== 'GET') return headers
  if (validators.etag !== null) headers['if-none-match'] = validators.etag
  if (validators.lastModified !== null) headers['if-modified-since'] = validators.lastModified
  return headers
}
