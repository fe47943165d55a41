import type { Store } from '../store/database.js'
import { recordRun } from '../store/runs.repository.js'
import type { RunTable } from '../store/schema.js'

/** The registers loaded from a file, and the run kind their imports are recorded as. */
export const IMPORT_KINDS = {
  bag: 'import-bag',
  'ep-online': 'import-energy-labels',
} as const satisfies Readonly<Record<string, RunTable['kind']>>

/** A register loaded from a file. */
export type ImportedRegister = keyof typeof IMPORT_KINDS

/**
 * Runs an import as a run of its register, whoever asks for it: `import bag`, `import energy-labels`, or the sample
 * run that loads the sample's files (mode `sample`). `runs`, `sources` and `/v1/sources` then know when the data in
 * use was loaded, and a later failed import is a failed run of a register whose previous data stays. The caller holds
 * the run lock. `run` gets the import's run id, so what it says can name the run `runs` lists. Rethrows the
 * import's error after recording it.
 */
export async function recordImport<R>(
  store: Store,
  register: ImportedRegister,
  mode: 'file' | 'sample',
  run: (runId: number) => Promise<R>,
): Promise<R> {
  return recordRun(store, { kind: IMPORT_KINDS[register], mode, sources: register }, async (runId) => {
    const report = await run(runId)
    return { result: report, report }
  })
}
