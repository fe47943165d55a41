import type { FastifyReply, FastifyRequest } from 'fastify'

/** Bumped when the response shapes change, so a deploy invalidates clients' copies even within one generation. */
export const REPRESENTATION_VERSION = 'v1'

let lastDate = { iso: '', http: '' }

/** The HTTP date of an ISO timestamp; the last one is kept, as every response of a generation asks for the same. */
function httpDate(iso: string): string {
  if (lastDate.iso !== iso) lastDate = { iso, http: new Date(iso).toUTCString() }
  return lastDate.http
}

/**
 * Sets the validators for data of `generation` and answers 304 when the client already has it. Responses only
 * change when a new generation is published (once a night), so the generation is the ETag of every resource.
 */
export function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  published: { generation: number; publishedAt: string },
  /** For a resource that also changes between generations (`/v1/sources`): a weak ETag with this suffix. */
  variant?: string,
): boolean {
  const tag = `"${REPRESENTATION_VERSION}-g${published.generation}${variant ? `-${variant}` : ''}"`
  const etag = variant ? `W/${tag}` : tag
  reply.header('ETag', etag)
  reply.header('Last-Modified', httpDate(published.publishedAt))
  reply.header('Cache-Control', 'private, max-age=300, must-revalidate')
  const ifNoneMatch = request.headers['if-none-match']
  if (typeof ifNoneMatch !== 'string') return false
  const matches = ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === tag || t === '*')
  if (matches) reply.code(304).send()
  return matches
}
