import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ingestSample, testConfig } from '../../test/helpers/sample-database.js'

/** The national-scale dataset the pipeline bench generates and the API bench serves. */
export interface NationalScale {
  /** Verblijfsobjecten in the generated BAG extract. */
  readonly vbo: number
  /** Homes offered on the listing sources. */
  readonly listings: number
}

/**
 * About 2.2 % of generated VBOs are withdrawn or never realised, as in the real BAG, and get no golden record: this
 * many VBOs make the 1,000,000 golden records.
 */
export const NATIONAL: NationalScale = { vbo: 1_023_000, listings: 200_000 }
export const NATIONAL_QUICK: NationalScale = { vbo: 50_000, listings: 10_000 }

/** Where the dataset of that scale is kept between runs. */
export const nationalDir = (scale: NationalScale) =>
  join(tmpdir(), `propdata-national-${scale.vbo}-${scale.listings}`)

/** The database a read bench measures, and whether it is the national one. */
export interface BenchDatabase {
  readonly dbPath: string
  readonly national: boolean
}

/**
 * The national database `npm run bench -- pipeline` leaves behind; with `quick`, or when there is none, the sample
 * ingested into a database in `dir`.
 */
export async function nationalOrSample(quick: boolean, dir: string): Promise<BenchDatabase> {
  const national = join(nationalDir(NATIONAL), 'run-bench.db')
  if (!quick && existsSync(national)) return { dbPath: national, national: true }
  const config = testConfig(dir)
  await ingestSample(config)
  return { dbPath: config.dbPath, national: false }
}
