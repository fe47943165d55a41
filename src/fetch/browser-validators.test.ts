import { describe, expect, it } from 'vitest'
import { OPEN, useHarness } from '../../test/fetch/harness.js'
import type { ArchiveRecorder } from './archive/warc-recorder.js'
import { createHttpTransport, type FetchRequest, type Transport } from './index.js'
import { conditionalHeaders } from './validators.js'

const h = useHarness()
const ETAG = '"listing-v1"'
const validators = { etag: ETAG, lastModified: 'Fri, 27 Nov 2026 01:00:00 GMT' }

/** A site whose page answers 304 to a request that names its ETag. */
const validatingSite = () =>
  h.site({
    '/detail/1': (request) =>
      request.headers['if-none-match'] === ETAG
        ? { status: 304, headers: { etag: ETAG }, body: '' }
        : { headers: { etag: ETAG }, body: '<html>listing</html>' },
  })

/** Every request an archive was asked to record. */
function recordingArchive(): { recorder: ArchiveRecorder; recorded: FetchRequest[] } {
  const recorded: FetchRequest[] = []
  const recorder = {
    path: 'memory',
    record: async (request: FetchRequest) => void recorded.push(request),
    close: async () => {},
  }
  return { recorder, recorded }
}

describe('a browser source’s validators', () => {
  it('ask for its page conditionally when it is fetched over HTTP (PROPDATA_RENDER=http)', async () => {
    const site = await validatingSite()
    const { fetcher } = h.fetcher({ http: createHttpTransport(), renderOverHttp: true, respectRobots: false })
    const response = await fetcher.fetch({ url: site.url('/detail/1'), render: 'browser', validators }, OPEN)
    expect(response.status).toBe(304)
    expect(site.requests[0]!.headers['if-none-match']).toBe(ETAG)
  })

  it('are not given to the browser, nor archived as sent', async () => {
    const site = await validatingSite()
    const given: FetchRequest[] = []
    const browser: Transport = {
      name: 'browser',
      fetch: async (request) => {
        given.push(request)
        return {
          url: request.url,
          status: 200,
          headers: {},
          body: '<html>listing</html>',
          fetchedAt: new Date().toISOString(),
          rendered: true,
        }
      },
      close: async () => {},
    }
    const { recorder, recorded } = recordingArchive()
    const { fetcher } = h.fetcher({ browser: async () => browser, recorder, respectRobots: false })
    const response = await fetcher.fetch({ url: site.url('/detail/1'), render: 'browser', validators }, OPEN)
    expect([response.status, response.rendered]).toEqual([200, true])
    expect(given.map((r) => r.validators)).toEqual([undefined])
    expect(recorded.map(conditionalHeaders)).toEqual([{}])
    expect(site.requests).toEqual([])
  })
})
