import type { Config } from '../config.js'
import { exportPublished, type PublishedExport } from '../export/export-after-publish.js'
import type { Logger } from '../pipeline/logger.js'
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
 * import's error after recording it. With `exportTo`, a generation the import published is exported once it is
 * recorded (see {@link exportPublished}).
 */
export async function recordImport<R extends { readonly generation: number | null }>(
  store: Store,
  register: ImportedRegister,
  mode: 'file' | 'sample',
  run: (runId: number) => Promise<R>,
  exportTo?: { readonly settings: Pick<Config, 'exportDir' | 'exportKeep'>; readonly logger: Logger },
): Promise<R & { readonly export?: PublishedExport }> {
  let id = 0
  const report = await recordRun(
    store,
    { kind: IMPORT_KINDS[register], mode, sources: register },
    async (runId) => {
      id = runId
      const report = await run(runId)
      return { result: report, report }
    },
  )
  return exportTo ? exportPublished(store, exportTo.settings, id, report, exportTo.logger) : report
}
