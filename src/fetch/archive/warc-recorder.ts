import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import { basename, dirname } from 'node:path'
import { gzipSync } from 'node:zlib'
import { WARCRecord, WARCSerializer } from 'warcio'
import type { FetchRequest, FetchResponse } from '../types.js'
import { methodOf } from '../types.js'
import { conditionalHeaders } from '../validators.js'
import { exchangeKey } from './exchange-key.js'

/** Appends every exchange to a gzipped WARC 1.1 file and its CDXJ-style index, so a run can be replayed offline. */
export interface ArchiveRecorder {
  readonly path: string
  record(request: FetchRequest, response: FetchResponse): Promise<void>
  close(): Promise<void>
}

/** One line of the sidecar index (`<archive>.cdxj`): where an exchange's response record starts and ends. */
export interface ArchiveIndexEntry {
  readonly key: string
  readonly url: string
  readonly status: number
  readonly offset: number
  readonly length: number
  readonly rendered: boolean
}

const encoder = new TextEncoder()

/** Opens `path` for writing (truncating it) and writes the warcinfo record. */
export async function createWarcRecorder(
  path: string,
  info: Record<string, string>,
): Promise<ArchiveRecorder> {
  mkdirSync(dirname(path), { recursive: true })
  const warc = createWriteStream(path)
  const index = createWriteStream(`${path}.cdxj`)
  let offset = 0
  let chain: Promise<void> = Promise.resolve()

  const append = async (bytes: Uint8Array) => {
    await write(warc, bytes)
    offset += bytes.byteLength
  }
  const warcinfo = WARCRecord.createWARCInfo(
    { filename: basename(path), warcVersion: 'WARC/1.1' },
    { software: 'propdata', format: 'WARC File Format 1.1', ...info },
  )
  await append(await serialize(warcinfo))

  return {
    path,
    record(request, response) {
      chain = chain.then(async () => {
        const { requestRecord, responseRecord } = toRecords(request, response)
        await append(await serialize(requestRecord))
        const start = offset
        await append(await serialize(responseRecord))
        const entry: ArchiveIndexEntry = {
          key: exchangeKey(request),
          url: request.url,
          status: response.status,
          offset: start,
          length: offset - start,
          rendered: response.rendered,
        }
        await write(index, encoder.encode(`${cdxjLine(entry, response.fetchedAt)}\n`))
      })
      return chain
    },
    async close() {
      await chain
      await Promise.all([end(warc), end(index)])
    },
  }
}

/**
 * One record as its own gzip member (the usual .warc.gz layout, so each can be read alone at its offset).
 * zlib compresses here rather than warcio: its web-stream gzip costs about twice the CPU per record.
 */
async function serialize(record: WARCRecord): Promise<Uint8Array> {
  return gzipSync(await WARCSerializer.serialize(record, { gzip: false }))
}

function toRecords(request: FetchRequest, response: FetchResponse) {
  const method = methodOf(request)
  const target = new URL(request.url)
  const requestRecord = WARCRecord.create(
    {
      url: request.url,
      date: response.fetchedAt,
      type: 'request',
      warcVersion: 'WARC/1.1',
      statusline: `${method} ${target.pathname}${target.search} HTTP/1.1`,
      // The conditional headers the transport sent too, so that a 304 in the archive says what it answered.
      httpHeaders: { host: target.host, ...withoutSecrets(request.headers), ...conditionalHeaders(request) },
    },
    request.body ? [encoder.encode(request.body)] : [],
  )
  const body = encoder.encode(response.body)
  const warcHeaders: Record<string, string> = {
    'WARC-Concurrent-To': requestRecord.warcHeader('WARC-Record-ID') ?? '',
  }
  if (response.rendered) warcHeaders['WARC-Propdata-Rendered'] = 'true'
  if (response.url !== request.url) warcHeaders['WARC-Propdata-Final-URI'] = response.url
  const responseRecord = WARCRecord.create(
    {
      url: request.url,
      date: response.fetchedAt,
      type: 'response',
      warcVersion: 'WARC/1.1',
      statusline: `HTTP/1.1 ${response.status} ${statusText(response.status)}`,
      httpHeaders: recordedHeaders(response.headers, body.byteLength),
      warcHeaders,
    },
    [body],
  )
  return { requestRecord, responseRecord }
}

/**
 * The archive stores the decoded text as UTF-8, so the headers must describe those bytes: no content or transfer
 * encoding, the real length, and a UTF-8 charset.
 */
function recordedHeaders(headers: Readonly<Record<string, string>>, length: number): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-encoding' || name === 'transfer-encoding' || name === 'content-length') continue
    out[name] = name === 'content-type' ? value.replace(/;\s*charset=[^;]*/i, '') + '; charset=utf-8' : value
  }
  out['content-length'] = String(length)
  return out
}

function cdxjLine(entry: ArchiveIndexEntry, fetchedAt: string): string {
  const timestamp = fetchedAt.replace(/\D/g, '').slice(0, 14)
  return `${entry.url} ${timestamp} ${JSON.stringify(entry)}`
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    200: 'OK',
    301: 'Moved Permanently',
    302: 'Found',
    304: 'Not Modified',
  }
  return texts[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'OK')
}

function write(stream: WriteStream, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => stream.write(bytes, (error) => (error ? reject(error) : resolve())))
}

function end(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject)
    stream.end(() => resolve())
  })
}

/** Headers that carry credentials (an EP-Online key, cookies) never go into an archive that outlives the run. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key)$/i

function withoutSecrets(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {}))
    out[name] = SECRET_HEADERS.test(name) ? '[redacted]' : value
  return out
}
