import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config.js'
import type { Logger } from '../pipeline/logger.js'
import type { Store } from '../store/database.js'
import { addToRunReport } from '../store/runs.repository.js'
import { EXPORT_TABLES } from './export-tables.js'
import { MANIFEST_FILE, writeExport } from './write-export.js'

/** What the export after a publish did, as the run's report holds it under `export`. */
export type PublishedExport =
  | {
      readonly dir: string
      readonly generation: number
      readonly rows: number
      readonly bytes: number
      readonly ms: number
    }
  | { readonly dir: string; readonly generation: number; readonly error: string }

/** A generation's folder in the export folder: its number, nothing else. */
const GENERATION_FOLDER = /^\d+$/

/**
 * After a run that publishes (an ingest, an import), with `PROPDATA_EXPORT_DIR` set: writes the published generation
 * as Parquet into `DIR/<generation>/` (unless a complete export of it is there already), removes all but the newest
 * `PROPDATA_EXPORT_KEEP` generations, and adds what it did to the run's stored report under `export`. The publish
 * stands whatever happens here: a failed export is logged and reported, never thrown. Without the setting, or for a
 * run that published nothing, it does nothing (and DuckDB is never loaded).
 */
export async function exportPublished<R extends { readonly generation: number | null }>(
  store: Store,
  settings: Pick<Config, 'exportDir' | 'exportKeep'>,
  runId: number,
  report: R,
  logger?: Logger,
): Promise<R & { readonly export?: PublishedExport }> {
  const { exportDir: dir, exportKeep } = settings
  const { generation } = report
  if (dir === undefined || generation === null) return report
  const to = join(dir, String(generation))
  if (existsSync(join(to, MANIFEST_FILE))) return report
  const started = performance.now()
  let outcome: PublishedExport
  try {
    const manifest = await writeExport(store, { to, format: 'parquet', tables: EXPORT_TABLES })
    pruneGenerations(dir, exportKeep)
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
    const bytes = manifest.tables.reduce((n, t) => n + t.bytes, 0)
    outcome = {
      dir: to,
      generation: manifest.generation,
      rows,
      bytes,
      ms: Math.round(performance.now() - started),
    }
    logger?.info(`Exported generation ${manifest.generation} to ${to}`, { runId })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    outcome = { dir: to, generation, error: message }
    logger?.warn(`Export of generation ${generation} to ${to} failed (the publish stands): ${message}`, {
      runId,
    })
  }
  addToRunReport(store, runId, 'export', outcome)
  return { ...report, export: outcome }
}

/** Removes every generation's folder in `dir` but the newest `keep`; other files and folders are left alone. */
function pruneGenerations(dir: string, keep: number): void {
  const generations = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && GENERATION_FOLDER.test(e.name))
    .map((e) => Number(e.name))
    .sort((a, b) => b - a)
  for (const old of generations.slice(keep)) rmSync(join(dir, String(old)), { recursive: true, force: true })
}
