import type { Preset } from '../../src/kit/index.js'
import ogonline from './ogonline/index.js'
import realworks from './realworks/index.js'

/** Every platform preset a site file can name in `preset:`, one line each. */
export const ALL_PRESETS: readonly Preset<unknown>[] = [ogonline, realworks]
