import type { RunTable } from '../store/schema.js'

/** The registers loaded from a file, and the run kind their imports are recorded as. */
export const IMPORT_KINDS = {
  bag: 'import-bag',
  'ep-online': 'import-energy-labels',
} as const satisfies Readonly<Record<string, RunTable['kind']>>

/** A register loaded from a file. */
export type ImportedRegister = keyof typeof IMPORT_KINDS
