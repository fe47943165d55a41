import { join } from 'node:path'
import { PROJECT_ROOT } from '../src/config.js'
import { loadSiteFiles } from '../src/declarative/index.js'
import type { FileSource, Source } from '../src/kit/index.js'
import { createSourcePriority, defaultSourceOrder } from '../src/merge/source-priority.js'
import { ALL_PRESETS } from './_presets/index.js'
import wonen123 from './123wonen/adapter.js'
import directwonen from './directwonen/adapter.js'
import feed from './feed/adapter.js'
import funda from './funda/adapter.js'
import housinganywhere from './housinganywhere/adapter.js'
import huurstunt from './huurstunt/adapter.js'
import huurwoningen from './huurwoningen/adapter.js'
import huurzone from './huurzone/adapter.js'
import interhouse from './interhouse/adapter.js'
import kamernet from './kamernet/adapter.js'
import kamernl from './kamernl/adapter.js'
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

/** The declarative sources (`<id>/source.yml` on a preset), sorted by id; a broken site file fails the import. */
const SITE_FILES = loadSiteFiles(join(PROJECT_ROOT, 'sources'), ALL_PRESETS)

import woonnetRijnmond from './woonnet-rijnmond/adapter.js'

/**
 * Every registered source: the code adapters, one explicit line each, then the site files. The order is the trust
 * order (first wins when sources disagree): Funda prints full addresses; the Treehouse sites leave out house numbers;
 * Kamernet leaves out more. Site files come after every code adapter, sorted by id.
 */
export const ALL_SOURCES: readonly Source[] = [
  funda,
  pararius,
  huurwoningen,
  feed,
  kamernet,
  kamernl,
  housinganywhere,
  stadswonen,
  ssh,
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
  woonnetRijnmond,
  ...SITE_FILES,
]

/** A registered source by id, or undefined. */
export const findSource = (id: string): Source | undefined => ALL_SOURCES.find((s) => s.id === id)

/**
 * A partner feed under a name of its own (`--feed NAME=PATH`): the `feed` adapter as the source NAME, so that its
 * listings, runs, health and withdrawals are its own and another partner's file never withdraws them. NAME `feed`
 * is the feed adapter itself, the source of a bare `--feed PATH`.
 */
export const namedFeed = (name: string): FileSource =>
  name === feed.id ? feed : { ...feed, id: name, name: `Partner feed ${name}`, adapter: feed.id }

/** The default trust order for golden records: registers first, then the listing sources in registry order. */
export const defaultSourcePriority = createSourcePriority(defaultSourceOrder(ALL_SOURCES.map((s) => s.id)))
