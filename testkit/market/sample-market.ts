import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'
import { importBag } from '../../src/registers/import-bag.js'
import { openStore } from '../../src/store/database.js'
import { type Market, type MarketOptions, marketFromBag } from './market-state.js'

/** The bundled sample's BAG extract: a few thousand homes in six cities, imported in about a second. */
export const SAMPLE_BAG = join(PROJECT_ROOT, 'data', 'sample', 'bag', 'lvbag-extract-sample.zip')

/** Where {@link marketFromBagZip} keeps the BAG it imported into `dir`: a database a run can start from. */
export const marketBagDb = (dir: string) => join(dir, 'bag.db')

/** A database's files: the main file and its write-ahead log beside it. */
export const SQLITE_FILES = ['', '-wal', '-shm'] as const

/**
 * A market of `homes` homes from the BAG extract `zip`, imported into {@link marketBagDb} unless it is there. With
 * the same seed, the same homes and the same nights. The import is made under another name and renamed when done,
 * so an import cut short is never taken for a finished one.
 */
export async function marketFromBagZip(
  dir: string,
  zip: string,
  homes: number,
  options: Omit<MarketOptions, 'homes' | 'cities'> = {},
): Promise<Market> {
  const path = marketBagDb(dir)
  if (!existsSync(path)) {
    const partial = `${path}.importing`
    for (const suffix of SQLITE_FILES) rmSync(partial + suffix, { force: true })
    const importing = await openStore(partial)
    try {
      await importBag(importing, zip, { priority: () => 0 })
    } finally {
      await importing.close()
    }
    for (const suffix of SQLITE_FILES)
      if (existsSync(partial + suffix)) renameSync(partial + suffix, path + suffix)
  }
  const store = await openStore(path)
  try {
    return marketFromBag(store.sqlite, homes, options)
  } finally {
    await store.close()
  }
}

/** A market of `homes` homes from the sample's BAG, imported into `dir/bag.db` unless it is there. */
export const sampleMarket = (
  dir: string,
  homes: number,
  options: Omit<MarketOptions, 'homes' | 'cities'> = {},
) => marketFromBagZip(dir, SAMPLE_BAG, homes, options)
