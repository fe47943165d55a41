import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Market, type MarketOptions, marketFromBag } from '../../scripts/market/market-state.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { importBag } from '../../src/registers/import-bag.js'
import { openStore } from '../../src/store/database.js'

/** The bundled sample's BAG extract: a few thousand homes in six cities, imported in about a second. */
export const SAMPLE_BAG = join(PROJECT_ROOT, 'data', 'sample', 'bag', 'lvbag-extract-sample.zip')

/** A market of `homes` homes from the sample's BAG, imported into `dir/bag.db` unless it is there. */
export async function sampleMarket(
  dir: string,
  homes: number,
  options: Omit<MarketOptions, 'homes' | 'cities'> = {},
): Promise<Market> {
  const path = join(dir, 'bag.db')
  const imported = existsSync(path)
  const store = await openStore(path)
  try {
    if (!imported) await importBag(store, SAMPLE_BAG, { priority: () => 0 })
    return marketFromBag(store.sqlite, homes, options)
  } finally {
    await store.close()
  }
}
