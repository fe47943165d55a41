import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'

/**
 * Notes that a register fact of these objects changed (a new WOZ value, a label from the API), so the next publish
 * rewrites their golden records even when no listing of theirs changed. Kept in the database, so a run that
 * publishes nothing leaves them for the next one.
 */
export function markRegisterChanges(store: Store, objectIds: Iterable<string>, now: string): number {
  const mark = prepareQuery<{ object_id: string; changed_at: string }>(
    store.sqlite,
    store.db
      .insertInto('register_changes')
      .values({ object_id: param('object_id'), changed_at: param('changed_at') })
      .onConflict((oc) => oc.column('object_id').doUpdateSet({ changed_at: param('changed_at') })),
  )
  let n = 0
  store.sqlite.transaction(() => {
    for (const object_id of objectIds) n += mark.run({ object_id, changed_at: now }).changes
  })()
  return n
}

/** Takes every pending change: the ids are returned and forgotten. Call inside the transaction that rewrites them. */
export function takeRegisterChanges(store: Store): string[] {
  const ids = store.sqlite
    .prepare<[], { object_id: string }>('select object_id from register_changes order by object_id')
    .all()
    .map((r) => r.object_id)
  store.sqlite.prepare('delete from register_changes').run()
  return ids
}
