import type { Source } from '../src/kit/index.js'
import { createSourcePriority, defaultSourceOrder } from '../src/merge/source-priority.js'
import wonen123 from './123wonen/adapter.js'
import directwonen from './directwonen/adapter.js'
import feed from './feed/adapter.js'
import funda from './funda/adapter.js'
import holland2stay from './holland2stay/adapter.js'
import huurstunt from './huurstunt/adapter.js'
import huurwoningen from './huurwoningen/adapter.js'
import huurzone from './huurzone/adapter.js'
import interhouse from './interhouse/adapter.js'
import kamernet from './kamernet/adapter.js'
import marktplaats from './marktplaats/adapter.js'
import mvgm from './mvgm/adapter.js'
import nederwoon from './nederwoon/adapter.js'
import pararius from './pararius/adapter.js'
import rentola from './rentola/adapter.js'
import rotsvast from './rotsvast/adapter.js'
import ssh from './ssh/adapter.js'
import stadswonen from './stadswonen/adapter.js'
import vanDerLinden from './van-der-linden/adapter.js'
import vesteda from './vesteda/adapter.js'
import xior from './xior/adapter.js'

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
  stadswonen,
  ssh,
  holland2stay,
  vesteda,
  marktplaats,
  xior,
  directwonen,
  huurzone,
  interhouse,
  mvgm,
  huurstunt,
  nederwoon,
  wonen123,
  rotsvast,
  vanDerLinden,
  rentola,
]

/** A registered source by id, or undefined. */
export const findSource = (id: string): Source | undefined => ALL_SOURCES.find((s) => s.id === id)

/** The default trust order for golden records: registers first, then the listing sources in registry order. */
export const defaultSourcePriority = createSourcePriority(defaultSourceOrder(ALL_SOURCES.map((s) => s.id)))
