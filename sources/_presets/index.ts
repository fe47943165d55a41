import type { Preset } from '../../src/kit/index.js'
import htmlCards from './html-cards/index.js'
import jsonCards from './json-cards/index.js'

/** Every preset a site file can name in `preset:`, one line each. */
export const ALL_PRESETS: readonly Preset<unknown>[] = [htmlCards, jsonCards]
