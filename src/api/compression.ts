import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type Coding, negotiateCoding } from './content-encoding.js'
import { LruCache } from './lru-cache.js'
import type { Answer } from './read-model.js'
import { addVary } from './vary.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The read model's answer this request is sent, when it is one: its compressed forms are cached. */
    answer: Answer<string> | null
  }
}

/** Bodies smaller than this go as they are: they fit one packet, and compressing them costs more than it saves. */
const MIN_BYTES = 1024
/** Text worth compressing: JSON, problem details, the /metrics text, scripts and pages. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript)|text\/)/
/** Compressed bodies kept per generation, and their bytes: about as many entries as the bytes hold of property answers. */
const CACHE_ENTRIES = 65_536
const CACHE_BYTES = 64 * 1024 * 1024
/** Brotli's quality 5 is as fast as gzip's default and a tenth smaller; 11 takes 30 times as long. */
const BROTLI_QUALITY = 5

/** `body` in `coding`. */
function compress(body: string | Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(body)
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  })
}

/**
 * `bytes` in memory of its own, exactly its size. zlib's one-shot functions return a view of the 16 KiB chunk they
 * wrote into, so a kept view of a 500-byte body would hold on to the whole chunk.
 */
function exactCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(copy)
  return copy
}

/**
 * The compressed forms of the read model's answers for the generation being served, by coding and answer key. An
 * answer's body only changes with the generation, so a form asked for again is kept and not compressed again; one
 * asked for once (a client walking all homes) is sent and dropped, evicting nothing. The cache is emptied when
 * answers of a new generation arrive.
 */
export function createCompressedAnswers() {
  let generation = -1
  const cache = new LruCache<Buffer>(CACHE_ENTRIES, CACHE_BYTES, { admitOnSecondSet: true })
  return {
    get(answer: Answer<string>, coding: Coding): Buffer {
      if (answer.published.generation !== generation) {
        cache.clear()
        generation = answer.published.generation
      }
      const key = `${coding}|${answer.key}`
      const kept = cache.get(key)
      if (kept !== undefined) return kept
      const bytes = compress(answer.body, coding)
      return cache.set(key, () => exactCopy(bytes)) ?? bytes
    },
  }
}

/** True when `payload` is a body worth compressing: text of a compressible type, large enough, not yet encoded. */
function worthCompressing(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false
  if (reply.getHeader('Content-Encoding') !== undefined) return false
  if (!COMPRESSIBLE.test(String(reply.getHeader('Content-Type') ?? ''))) return false
  // A string's UTF-8 form is at least as long as the string: only a short one needs its bytes counted.
  return payload.length >= MIN_BYTES || Buffer.byteLength(payload) >= MIN_BYTES
}

/**
 * Compresses answers for clients that accept gzip or brotli (`Accept-Encoding`), and says on every answer that its
 * coding depends on that header. The read model's answers are compressed once per generation when asked for again
 * (see {@link sendAnswer}); other bodies (the sources, the document, /metrics) as they are sent.
 */
export function registerCompression(app: FastifyInstance): void {
  const answers = createCompressedAnswers()
  app.decorateRequest('answer', null)
  // A callback hook, not an async one: it runs on every response, and a promise per request is measurable.
  app.addHook('onSend', (request, reply, payload, done) => {
    addVary(reply, 'Accept-Encoding')
    const coding = negotiateCoding(request.headers['accept-encoding'])
    if (coding === null || !worthCompressing(reply, payload)) return done(null, payload)
    reply.header('Content-Encoding', coding)
    const answer = request.answer
    done(null, answer && answer.body === payload ? answers.get(answer, coding) : compress(payload, coding))
  })
}

/** Sends an answer of the read model as JSON, marked so that its compressed forms are cached with it. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer<string>,
): FastifyReply {
  request.answer = answer
  return reply.type('application/json; charset=utf-8').send(answer.body)
}
