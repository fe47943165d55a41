import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { createReplayTransport } from './replay-transport.js'
import { createWarcRecorder } from './warc-recorder.js'

const dir = useTempDir()
const options = {
  signal: new AbortController().signal,
  userAgent: 'test',
  timeoutMs: 1000,
  maxBodyBytes: 1e6,
}
const response = (url: string, status: number, body: string) => ({
  url,
  status,
  headers: { 'content-type': 'text/html; charset=iso-8859-1', 'content-encoding': 'gzip' },
  body,
  fetchedAt: '2026-11-20T02:00:00.000Z',
  rendered: false,
})

describe('WARC record and replay', () => {
  it('replays what was recorded, in order per request, with POST bodies told apart', async () => {
    const path = join(dir, 'a.warc.gz')
    const recorder = await createWarcRecorder(path, { test: 'yes' })
    await recorder.record({ url: 'https://example.nl/a' }, response('https://example.nl/a', 500, 'oops'))
    await recorder.record({ url: 'https://example.nl/a' }, response('https://example.nl/a', 200, 'café €'))
    await recorder.record(
      { url: 'https://example.nl/api', method: 'POST', body: '{"page":1}' },
      response('https://example.nl/api', 200, 'one'),
    )
    await recorder.record(
      { url: 'https://example.nl/api', method: 'POST', body: '{"page":2}' },
      response('https://example.nl/api', 200, 'two'),
    )
    await recorder.close()

    for (const withIndex of [true, false]) {
      if (!withIndex) rmSync(`${path}.cdxj`)
      const replay = await createReplayTransport([path])
      const first = await replay.fetch({ url: 'https://example.nl/a' }, options)
      const second = await replay.fetch({ url: 'https://example.nl/a' }, options)
      expect([first.status, second.status, second.body]).toEqual([500, 200, 'café €'])
      // The archive stores decoded UTF-8 text, and its headers say so.
      expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(second.headers['content-encoding']).toBeUndefined()
      expect((await replay.fetch({ url: 'https://example.nl/a' }, options)).status).toBe(200)
      expect(
        (await replay.fetch({ url: 'https://example.nl/api', method: 'POST', body: '{"page":2}' }, options))
          .body,
      ).toBe('two')
      expect((await replay.fetch({ url: 'https://example.nl/missing' }, options)).status).toBe(404)
    }
  })

  it('never writes credentials into the archive', async () => {
    const path = join(dir, 'secret.warc.gz')
    const recorder = await createWarcRecorder(path, {})
    const secret = 'ep-online-key-0123456789'
    await recorder.record(
      {
        url: 'https://public.ep-online.nl/api/v5/x',
        headers: { Authorization: secret, cookie: `s=${secret}` },
      },
      response('https://public.ep-online.nl/api/v5/x', 200, '[]'),
    )
    await recorder.close()
    const text = gunzipSync(readFileSync(path)).toString('utf8')
    expect(text).toContain('[redacted]')
    expect(text).not.toContain(secret)
  })
})
