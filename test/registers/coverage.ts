import { createReadModel } from '../../src/api/read-model.js'
import { sqliteReadStore } from '../../src/api/sqlite-read-store.js'
import type { Store } from '../../src/store/database.js'

/** Every field the coverage rule asks for, per golden record reachable from an active listing. */
export async function coverage(store: Store) {
  const model = createReadModel(sqliteReadStore(store))
  model.sync()
  const ids = store.sqlite
    .prepare<[], { bag_id: string }>(
      "select distinct g.bag_id from golden_records g join listings l on l.bag_id = g.bag_id where l.status = 'active'",
    )
    .all()
    .map((r) => r.bag_id)
  const records = await Promise.all(
    ids.map(async (id) => JSON.parse(String((await model.property(id)).body))),
  )
  const share = (test: (r: (typeof records)[number]) => boolean) =>
    records.filter(test).length / records.length
  return {
    n: records.length,
    records,
    yearBuilt: share((r) => r.building.year_built !== null && r.provenance.year_built !== null),
    energyLabel: share((r) => r.building.energy_label !== null && r.provenance.energy_label !== null),
    woz: share(
      (r) =>
        r.building.woz_value !== null &&
        r.building.woz_reference_date !== null &&
        r.provenance.woz_value !== null,
    ),
    surfaceArea: share((r) => r.building.surface_area !== null && r.provenance.surface_area !== null),
    valuation: share(
      (r) =>
        r.valuation.estimated_price !== null &&
        r.valuation.low !== null &&
        r.valuation.high !== null &&
        r.valuation.low <= r.valuation.estimated_price &&
        r.valuation.estimated_price <= r.valuation.high &&
        r.valuation.as_of !== null,
    ),
  }
}
