import { join } from 'node:path'
import {
  type ArchiveRecorder,
  createBrowserTransport,
  createFetcher,
  createHttpTransport,
  createReplayTransport,
  createWarcRecorder,
  type Fetcher,
  findChromium,
  type Transport,
} from '../fetch/index.js'
import type { IngestOptions } from './ingest-options.js'
import { createWireTrouble, type WireTrouble } from './wire-trouble.js'

/** The run's fetcher, what it noticed on the wire, and the archive it records to (a live run only). */
export interface RunFetcher {
  readonly fetcher: Fetcher
  readonly wire: WireTrouble
  readonly recorder: ArchiveRecorder | undefined
  /** Closes the fetcher's transports, then the archive. */
  close(): Promise<void>
}

/**
 * Opens what the run fetches with: a live run asks the sites over HTTP (and Chromium for sources that render) and
 * records every response to a WARC archive; a replay or the sample serves recorded archives, with no politeness to
 * wait for. Opened last before the crawl, so that nothing can fail between opening it and the `finally` that
 * closes it.
 */
export async function openFetcher(options: IngestOptions, runId: number): Promise<RunFetcher> {
  const { config } = options
  let recorder: ArchiveRecorder | undefined
  let http: Transport
  let browser: () => Promise<Transport>
  if (options.mode === 'live') {
    const archive =
      options.recordTo ?? join(config.dataDir, 'archives', `run-${String(runId).padStart(6, '0')}.warc.gz`)
    recorder = await createWarcRecorder(archive, { 'propdata-run': String(runId) })
    http = createHttpTransport({ originMap: config.originMap })
    const chromium = findChromium(config.chromiumPath)
    browser = () => createBrowserTransport({ executablePath: chromium ?? undefined })
  } else {
    const replay = await createReplayTransport(options.archives ?? [])
    http = replay
    browser = async () => replay
  }
  const wire = createWireTrouble()
  const fetcher = createFetcher({
    http,
    browser,
    recorder,
    userAgent: config.userAgent,
    ignorePoliteness: options.mode !== 'live',
    politenessScale: config.politenessScale,
    renderOverHttp: config.renderOverHttp,
    sleep: options.mode === 'live' ? undefined : async () => {},
    signal: options.signal,
    onEvent: (event) => {
      wire.observe(event)
      options.onFetchEvent?.(event)
    },
  })
  return {
    fetcher,
    wire,
    recorder,
    async close() {
      await fetcher.close()
      await recorder?.close()
    },
  }
}
