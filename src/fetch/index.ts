/** The fetch layer: transports (undici, Chromium, archive replay), politeness, retries, robots, recording. */
export { createReplayTransport } from './archive/replay-transport.js'
export { type ArchiveRecorder, createWarcRecorder } from './archive/warc-recorder.js'
export { detectBlock } from './block-detection.js'
export { CHROMIUM_ARGS, createBrowserTransport, findChromium } from './browser-transport.js'
export { createFetcher, type FetchEvent, type Fetcher, type FetcherOptions } from './fetcher.js'
export { createHttpTransport, decodeBody } from './http-transport.js'
export type { FetchRequest, FetchResponse, Transport } from './types.js'
