import { createReadStream, existsSync, readFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import { WARCParser } from 'warcio'
import { InvalidInputError } from '../../errors.js'
import type { FetchResponse, Transport } from '../types.js'
import { exchangeKey } from './exchange-key.js'
import type { ArchiveIndexEntry } from './warc-recorder.js'

/**
 * Serves requests from recorded WARC archives instead of the network. A request recorded several times (a 500,
 * then the retry's 200) replays in the same order; past the last recording the last one repeats. A request that
 * was never recorded answers 404, as a missing page would.
 */
export async function createReplayTransport(archivePaths: readonly string[]): Promise<Transport> {
  const entries = new Map<string, { path: string; entry: ArchiveIndexEntry }[]>()
  for (const path of archivePaths) {
    if (!existsSync(path)) throw new InvalidInputError(`Archive not found: ${path}`, { path })
    for (const entry of await loadIndex(path)) {
      const list = entries.get(entry.key) ?? []
      list.push({ path, entry })
      entries.set(entry.key, list)
    }
  }
  const served = new Map<string, number>()
  return {
    name: 'replay',
    async fetch(request) {
      const key = exchangeKey(request)
      const recordings = entries.get(key)
      if (!recordings) return notRecorded(request.url)
      const count = served.get(key) ?? 0
      served.set(key, count + 1)
      const { path, entry } = recordings[Math.min(count, recordings.length - 1)]!
      return readResponse(path, entry)
    },
    async close() {},
  }
}

function notRecorded(url: string): FetchResponse {
  return {
    url,
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-propdata-replay': 'not-recorded' },
    body: 'Not in the archive',
    fetchedAt: new Date().toISOString(),
    rendered: false,
  }
}

async function readResponse(path: string, entry: ArchiveIndexEntry): Promise<FetchResponse> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(entry.length)
    await handle.read(buffer, 0, entry.length, entry.offset)
    const record = await WARCParser.parse([gunzipSync(buffer)])
    if (record?.warcType !== 'response') {
      throw new InvalidInputError(`No response record at offset ${entry.offset} of ${path}`, { path })
    }
    const headers: Record<string, string> = {}
    const info = record.getResponseInfo()
    info?.headers.forEach((value: string, name: string) => {
      headers[name.toLowerCase()] = value
    })
    return {
      url: record.warcHeader('WARC-Propdata-Final-URI') ?? entry.url,
      status: Number(info?.status ?? entry.status),
      headers,
      body: await record.contentText(),
      fetchedAt: record.warcDate ?? new Date().toISOString(),
      rendered: record.warcHeader('WARC-Propdata-Rendered') === 'true',
    }
  } finally {
    await handle.close()
  }
}

/** Reads the sidecar index, or rebuilds it by scanning the archive when the index is missing. */
async function loadIndex(path: string): Promise<ArchiveIndexEntry[]> {
  const sidecar = `${path}.cdxj`
  if (existsSync(sidecar)) {
    return readFileSync(sidecar, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as ArchiveIndexEntry)
  }
  return scanArchive(path)
}

async function scanArchive(path: string): Promise<ArchiveIndexEntry[]> {
  const parser = new WARCParser(createReadStream(path))
  const requests = new Map<string, { method: 'GET' | 'POST'; body: string }>()
  const out: ArchiveIndexEntry[] = []
  for await (const record of parser) {
    const id = record.warcHeader('WARC-Record-ID') ?? ''
    if (record.warcType === 'request') {
      const method = record.httpHeaders?.method === 'POST' ? 'POST' : 'GET'
      requests.set(id, { method, body: method === 'POST' ? await record.contentText() : '' })
    } else if (record.warcType === 'response') {
      const url = record.warcTargetURI ?? ''
      const request = requests.get(record.warcHeader('WARC-Concurrent-To') ?? '') ?? {
        method: 'GET',
        body: '',
      }
      out.push({
        key: exchangeKey({ url, method: request.method, body: request.body }),
        url,
        status: Number(record.httpHeaders?.statusCode ?? 0),
        offset: parser.offset,
        length: parser.recordLength,
        rendered: record.warcHeader('WARC-Propdata-Rendered') === 'true',
      })
    }
  }
  return out
}
