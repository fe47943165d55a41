/** The fetch layer: transports (undici, Chromium, archive replay), politeness, retries, robots, recording. */
export { createReplayTransport } from './archive/replay-transport.js'
export { type ArchiveRecorder, createWarcRecorder } from './archive/warc-recorder.js'
export { detectBlock } from './block-detection.js'
export {
  type BrowserTransportOptions,
  CHROMIUM_ARGS,
  createBrowserTransport,
  findChromium,
} from './browser-transport.js'
export { decodeBody } from './decode-body.js'
export type { FetchEvent } from './fetch-event.js'
export { createFetcher, type FetchCallOptions, type Fetcher, type FetcherOptions } from './fetcher.js'
export { createHttpTransport } from './http-transport.js'
export type { RetryPolicy } from './retry-policy.js'
export type { FetchRequest, FetchResponse, Sleep, Transport } from './types.js'
