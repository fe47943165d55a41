import type { ArchiveRecorder } from '../../src/fetch/index.js'
import type { SamplePage } from './sample-home.js'

/** The moment the sample's and the national dataset's pages say they were fetched. */
export const RECORDED_AT = '2026-11-20T02:00:00.000Z'

/** The day of {@link RECORDED_AT}: what the recorded pages' ages and badges are counted from. */
export const RECORDED_DAY = RECORDED_AT.slice(0, 10)

/**
 * Records pages as WARC request/response pairs fetched at {@link RECORDED_AT}; Funda's pages (not its robots.txt)
 * as browser-rendered, as a live crawl fetches them.
 */
export async function recordPages(recorder: ArchiveRecorder, pages: readonly SamplePage[]): Promise<void> {
  for (const page of pages) {
    await recorder.record(
      { url: page.url, method: page.method, body: page.requestBody },
      {
        url: page.url,
        status: 200,
        headers: { 'content-type': page.contentType },
        body: page.body,
        fetchedAt: RECORDED_AT,
        rendered: page.url.startsWith('https://www.funda.nl/') && !page.url.endsWith('/robots.txt'),
      },
    )
  }
}
