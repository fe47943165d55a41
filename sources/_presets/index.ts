import type { Preset } from '../../src/kit/index.js'
import htmlCards from './html-cards/index.js'
import jsonCards from './json-cards/index.js'
import ogonline from './ogonline/index.js'
import realworks from './realworks/index.js'
import woningnetDak from './woningnet-dak/index.js'
import zig from './zig/index.js'

/** Every preset a site file can name in `preset:`, one line each: the platforms, then the generic cards. */
export const ALL_PRESETS: readonly Preset<unknown>[] = [
  ogonline,
  realworks,
  zig,
  woningnetDak,
  htmlCards,
  jsonCards,
]
