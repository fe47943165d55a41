import type { Config } from '../config.js'
import type { FetchEvent } from '../fetch/index.js'
import type { CrawlScope, Source } from '../kit/adapter.js'
import type { Store } from '../store/database.js'
import type { LeftOutSource } from './left-out.js'
import type { Logger } from './logger.js'
import type { RunEvent } from './run-events.js'

/** Options for one pipeline run. */
export interface IngestOptions {
  readonly store: Store
  readonly config: Config
  readonly sources: readonly Source[]
  /**
   * Every source the code registers, in trust order, written to the database's catalogue with what the code says of
   * each: the API lists sources from there, and the publish ranks them by it. `sources` it lacks (named partner
   * feeds) are written too, unranked. @default `sources`
   */
  readonly registry?: readonly Source[]
  /** The file each file source reads this run (`--feed FILE`), by source id. */
  readonly files?: Readonly<Record<string, string>>
  readonly scope: CrawlScope
  /**
   * True when `scope` is part of what the crawl sources cover (the user picked cities or types): such a run
   * withdraws only listings of those cities and types. @default false
   */
  readonly partialScope?: boolean
  /** `live` fetches from the sites; `replay` and `sample` serve recorded archives offline. */
  readonly mode: 'live' | 'replay' | 'sample'
  /** The archives to replay (replay and sample modes). */
  readonly archives?: readonly string[]
  /** Record live responses here. @default data/archives/run-<id>.warc.gz */
  readonly recordTo?: string
  readonly maxListPages?: number
  readonly maxListings?: number
  readonly signal?: AbortSignal
  readonly logger: Logger
  /** Lower is more trusted; defaults to the catalogue's trust order (`registry`'s order), registers first. */
  readonly priority?: (sourceId: string) => number
  readonly onFetchEvent?: (event: FetchEvent) => void
  /** Parse every page, even those whose content is unchanged since they were last parsed. @default false */
  readonly reparse?: boolean
  /** Progress as it happens: per source, per page, per listing, per stage. */
  readonly onEvent?: (event: RunEvent) => void
  /** Registered sources the caller left out of this run, and why: logged and reported with the run. @default [] */
  readonly leftOut?: readonly LeftOutSource[]
}
