import type { Source } from '../src/kit/index.js'
import { createSourcePriority, defaultSourceOrder } from '../src/merge/source-priority.js'
import feed from './feed/adapter.js'
import funda from './funda/adapter.js'
import huurwoningen from './huurwoningen/adapter.js'
import kamernet from './kamernet/adapter.js'
import pararius from './pararius/adapter.js'
import woningnetDak from './woningnet-dak/adapter.js'
import woonnetRijnmond from './woonnet-rijnmond/adapter.js'

/**
 * Every registered source, one explicit line each. The order is the trust order (first wins when sources
 * disagree): Funda prints full addresses; the Treehouse sites leave out house numbers; Kamernet leaves out more.
 */
export const ALL_SOURCES: readonly Source[] = [
  funda,
  pararius,
  huurwoningen,
  feed,
  kamernet,
  woonnetRijnmond,
  woningnetDak,
]

/** A registered source by id, or undefined. */
export const findSource = (id: string): Source | undefined => ALL_SOURCES.find((s) => s.id === id)

/** The default trust order for golden records: registers first, then the listing sources in registry order. */
export const defaultSourcePriority = createSourcePriority(defaultSourceOrder(ALL_SOURCES.map((s) => s.id)))
