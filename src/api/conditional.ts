import type { FastifyReply, FastifyRequest } from 'fastify'
import { formatHttpDate, parseHttpDate } from '../http-date.js'
import { ifNoneMatchMatches } from './entity-tags.js'

/** Bumped when the response shapes change, so a deploy invalidates clients' copies even within one generation. */
export const REPRESENTATION_VERSION = 'v1'

let lastDate = { iso: '', http: '' }

/** The HTTP date of an ISO timestamp; the last one is kept, as every response of a generation asks for the same. */
function httpDate(iso: string): string {
  if (lastDate.iso !== iso) lastDate = { iso, http: formatHttpDate(iso) }
  return lastDate.http
}

/**
 * Sets the validators for data of `generation` and answers 304 when the client already has it. Responses only
 * change when a new generation is published (once a night), so the generation is the ETag of every resource and
 * its publication the modification date.
 */
export function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  published: { generation: number; publishedAt: string },
  /**
   * For a resource that also changes between generations (`/v1/sources`: a run that publishes nothing still changes
   * a status): what else its ETag names, and when it last changed.
   */
  variant?: { readonly tag: string; readonly modifiedAt: string },
): boolean {
  const tag = `"${REPRESENTATION_VERSION}-g${published.generation}${variant ? `-${variant.tag}` : ''}"`
  // Weak: the same data is sent as it is or compressed (gzip, br), and those bytes differ (RFC 9110 §8.8.3).
  reply.header('ETag', `W/${tag}`)
  reply.header('Cache-Control', 'private, max-age=300, must-revalidate')
  const lastModified = variant ? variant.modifiedAt : published.publishedAt
  reply.header('Last-Modified', httpDate(lastModified))
  const unchanged = clientHasIt(request, tag, lastModified)
  if (unchanged) reply.code(304).send()
  return unchanged
}

/**
 * RFC 9110 §13.2.2: If-None-Match decides when it is present (weak comparison, §13.1.2); otherwise
 * If-Modified-Since, for GET and HEAD, when it is one valid HTTP-date not before the modification date.
 */
function clientHasIt(request: FastifyRequest, tag: string, lastModified: string): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined)
    return typeof ifNoneMatch === 'string' && ifNoneMatchMatches(ifNoneMatch, tag)
  const since = request.headers['if-modified-since']
  if (typeof since !== 'string') return false
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const date = parseHttpDate(since)
  // Last-Modified is sent to the second, so it is compared to the second.
  return date !== null && Math.floor(Date.parse(lastModified) / 1000) * 1000 <= date
}
