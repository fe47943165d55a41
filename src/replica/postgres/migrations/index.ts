import type { Migration } from 'kysely'
import * as readModel from './001-read-model.js'

/** The PostgreSQL read model's migrations, applied in name order by kysely's migrator. */
export const POSTGRES_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-read-model': readModel,
}
