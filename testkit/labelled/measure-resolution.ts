import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { PROJECT_ROOT } from '../../src/config.js'
import { normalisePostcode, parseHouseNumber, postcodeKey, streetKey } from '../../src/normalise/index.js'
import { importBag } from '../../src/registers/import-bag.js'
import { createBagResolver } from '../../src/resolve/index.js'
import type { Store } from '../../src/store/database.js'

/** The labelled set's files. */
export const LABELLED_DIR = join(PROJECT_ROOT, 'data', 'labelled')

interface LabelledRow {
  dataset: string
  street: string
  house_number: string
  postcode: string
  expected_object_id: string
  bag_huisletter: string
  bag_toevoeging: string
}

/** Precision and recall of the resolver on one slice of the labelled set. */
export interface ResolutionScore {
  readonly n: number
  readonly resolved: number
  readonly correct: number
  readonly wrong: number
  /** correct / resolved: a wrong match is worse than none, so this must be 1. */
  readonly precision: number
  /** correct / n. */
  readonly recall: number
  /** A few wrong matches, to read when precision slips. */
  readonly wrongExamples: readonly string[]
}

/**
 * Imports the labelled BAG extract into `store`, resolves every printed address with the normaliser and the
 * resolver the pipeline uses, and scores the answers per dataset and per kind of house number.
 */
export async function measureResolution(store: Store): Promise<Record<string, ResolutionScore>> {
  await importBag(store, join(LABELLED_DIR, 'labelled-bag.zip'), { priority: () => 0 })
  const rows = parse(readFileSync(join(LABELLED_DIR, 'addresses.csv')), { columns: true }) as LabelledRow[]
  const resolver = createBagResolver(store.sqlite)
  const tallies = new Map<string, { n: number; resolved: number; correct: number; wrongExamples: string[] }>()
  const tally = (key: string) => {
    const t = tallies.get(key) ?? { n: 0, resolved: 0, correct: 0, wrongExamples: [] }
    tallies.set(key, t)
    return t
  }
  for (const row of rows) {
    const postcode = normalisePostcode(row.postcode)
    const result = resolver.resolve({
      postcodeKey: postcode ? postcodeKey(postcode) : null,
      houseNumber: parseHouseNumber(row.house_number),
      streetKey: streetKey(row.street),
      surfaceArea: null,
    })
    const kind =
      row.bag_huisletter && row.bag_toevoeging
        ? 'letter+addition'
        : row.bag_huisletter
          ? 'letter'
          : row.bag_toevoeging
            ? 'addition'
            : 'plain'
    for (const key of ['all', row.dataset, `kind:${kind}`]) {
      const t = tally(key)
      t.n += 1
      if (result.objectId) t.resolved += 1
      if (result.objectId === row.expected_object_id) t.correct += 1
      else if (result.objectId && t.wrongExamples.length < 5)
        t.wrongExamples.push(`${row.street} ${row.house_number} ${row.postcode} → ${result.objectId}`)
    }
  }
  return Object.fromEntries(
    [...tallies].map(([key, t]) => [
      key,
      {
        ...t,
        wrong: t.resolved - t.correct,
        precision: t.resolved === 0 ? 1 : t.correct / t.resolved,
        recall: t.correct / t.n,
      },
    ]),
  )
}
