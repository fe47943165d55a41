import type { Config } from '../config.js'
import type { Fetcher } from '../fetch/index.js'
import type { Store } from '../store/database.js'
import { lookUpEnergyLabels } from './look-up-energy-labels.js'
import { lookUpWozValues } from './look-up-woz.js'
import type { RegisterLookupReport } from './run-lookups.js'

/** What a run's register look-ups did; null for a register that was not asked (off, no key, no budget). */
export interface EnrichmentReport {
  readonly woz: RegisterLookupReport | null
  readonly energyLabels: RegisterLookupReport | null
}

/** Options for {@link enrichHomes}. */
export interface EnrichmentOptions {
  readonly fetcher: Fetcher
  readonly config: Config
  /** Sample runs always look up WOZ values (the sample's archive holds them); live and replay runs when configured. */
  readonly mode: 'live' | 'replay' | 'sample'
  readonly now: string
  readonly signal?: AbortSignal
}

/**
 * The run's register look-ups, after the crawl and before publish: WOZ values (when switched on) and, with a key,
 * EP-Online labels the bulk file lacks, for homes reachable from listings, each within its budget and the run's
 * deadline, through the run's fetcher (so they are recorded and replay offline). The two hosts are asked side by
 * side. Changed homes are rewritten by the publish that follows.
 */
export async function enrichHomes(
  store: Store,
  runId: number,
  options: EnrichmentOptions,
): Promise<EnrichmentReport> {
  const { config, fetcher, now, signal } = options
  const wozOn = (options.mode === 'sample' || config.wozLookups) && config.wozBudget > 0
  // The sample carries labels as a bulk file; its archive has no API answers, so a key must not send it asking.
  const labelsOn = config.epOnlineKey !== undefined && options.mode !== 'sample' && config.epOnlineBudget > 0
  const [woz, energyLabels] = await Promise.all([
    wozOn
      ? lookUpWozValues(store, runId, {
          fetcher,
          baseUrl: config.wozUrl,
          budget: config.wozBudget,
          now,
          signal,
        })
      : null,
    labelsOn
      ? lookUpEnergyLabels(store, runId, {
          fetcher,
          key: config.epOnlineKey!,
          baseUrl: config.epOnlineUrl,
          budget: config.epOnlineBudget,
          now,
          signal,
        })
      : null,
  ])
  return { woz, energyLabels }
}
