import type { ListingSource } from '../src/kit/index.js'
import pararius from './pararius/adapter.js'

/** Every registered listing source, one explicit line each. The order is the default trust order (first wins). */
export const ALL_SOURCES: readonly ListingSource[] = [pararius]

/** A registered source by id, or undefined. */
export const findSource = (id: string): ListingSource | undefined => ALL_SOURCES.find((s) => s.id === id)
