import type { Preset } from '../../src/kit/index.js'
import zig from './zig/index.js'

/** Every platform preset a site file may name in `preset:`, one line each. */
export const ALL_PRESETS: readonly Preset<unknown>[] = [zig]
