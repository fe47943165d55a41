import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OPEN, useHarness } from '../../test/fetch/harness.js'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { createReplayTransport, createWarcRecorder, type FetchRequest } from './index.js'

const h = useHarness()
const dir = useTempDir()

describe('recording: a live fetch recorded to WARC replays identically', () => {
  it('replays bodies, statuses, redirects, retries and throttles in the order they happened, offline', async () => {
    const site = await h.site({
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nDisallow: /private\n',
      },
      '/list': { body: '<a href="/detail">Café € 1.250</a>' },
      '/flaky': (_q, _r, hit) => (hit === 1 ? { status: 500, body: 'oops' } : { body: 'second time lucky' }),
      '/busy': (_q, _r, hit) =>
        hit === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: '' } : { body: 'after the wait' },
      '/moved': (_q, response) => void response.writeHead(302, { location: '/list' }).end(),
      '/api': (request) => ({
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: request.headers['x-page'] }),
      }),
    })
    const requests: FetchRequest[] = [
      { url: site.url('/list') },
      { url: site.url('/flaky') },
      { url: site.url('/busy') },
      { url: site.url('/moved') },
      { url: site.url('/api'), method: 'POST', body: '{"page":1}', headers: { 'x-page': '1' } },
      { url: site.url('/api'), method: 'POST', body: '{"page":2}', headers: { 'x-page': '2' } },
    ]
    const path = join(dir, 'live.warc.gz')
    const recorder = await createWarcRecorder(path, { test: 'record-replay' })
    const live = h.fetcher({ recorder })
    const recorded = []
    for (const request of requests) recorded.push(await live.fetcher.fetch(request, OPEN))
    await live.fetcher.close()
    await recorder.close()
    await site.close()

    const replay = h.fetcher({ http: await createReplayTransport([path]), ignorePoliteness: true })
    const replayed = []
    for (const request of requests) replayed.push(await replay.fetcher.fetch(request, OPEN))

    const essentials = (r: { url: string; status: number; body: string; rendered: boolean }) => ({
      url: r.url,
      status: r.status,
      body: r.body,
      rendered: r.rendered,
    })
    expect(replayed.map(essentials)).toEqual(recorded.map(essentials))
    expect(replayed.map((r) => r.body)).toEqual([
      '<a href="/detail">Café € 1.250</a>',
      'second time lucky',
      'after the wait',
      '<a href="/detail">Café € 1.250</a>',
      '{"page":"1"}',
      '{"page":"2"}',
    ])
    // The replay met the same 500 and 429 on its way, and robots.txt still rules.
    expect(replay.events.filter((e) => e.type !== 'response').map((e) => e.type)).toEqual(
      live.events.filter((e) => e.type !== 'response').map((e) => e.type),
    )
    await expect(replay.fetcher.fetch({ url: site.url('/private') }, OPEN)).rejects.toThrow(/robots.txt/)
    expect(replay.sleeps.filter((ms) => ms >= 1_000)).toEqual([])
  })
})
