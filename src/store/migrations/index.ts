import type { Migration } from 'kysely'
import * as initial from './001-initial.js'

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-initial': initial,
}
