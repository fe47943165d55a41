import { readdirSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Options for {@link pruneRunFiles}. */
export interface PruneOptions {
  /** The data folder holding `archives/` and `failed/<source>/`. */
  readonly dataDir: string
  /** Files older than this many days go; 0 keeps everything. */
  readonly retentionDays: number
  /** Never removed, with their `.cdxj` index: the current run's archive and any archive it replayed. */
  readonly keep?: readonly (string | null | undefined)[]
  /** @default new Date() */
  readonly now?: Date
}

/** What a prune removed, and what it could not. */
export interface PruneReport {
  readonly removed: readonly string[]
  readonly bytes: number
  readonly errors: readonly string[]
}

/**
 * Removes archives (`archives/`) and failed pages (`failed/<source>/`) whose modification time is older than the
 * retention. Runs at the end of every ingest; a file it cannot remove is reported, never fatal.
 */
export function pruneRunFiles(options: PruneOptions): PruneReport {
  const removed: string[] = []
  const errors: string[] = []
  let bytes = 0
  if (options.retentionDays <= 0) return { removed, bytes, errors }
  const cutoff = (options.now ?? new Date()).getTime() - options.retentionDays * 86_400_000
  const kept = new Set(
    options.keep?.filter((p): p is string => Boolean(p)).flatMap((p) => [resolve(p), `${resolve(p)}.cdxj`]) ??
      [],
  )
  const failedRoot = join(options.dataDir, 'failed')
  const folders = [join(options.dataDir, 'archives'), ...subfolders(failedRoot)]
  for (const folder of folders) {
    for (const entry of safeReaddir(folder)) {
      if (!entry.isFile()) continue
      const file = resolve(folder, entry.name)
      if (kept.has(file)) continue
      try {
        const stat = statSync(file)
        if (stat.mtimeMs >= cutoff) continue
        rmSync(file)
        removed.push(file)
        bytes += stat.size
      } catch (error) {
        errors.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  return { removed, bytes, errors }
}

function safeReaddir(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true })
  } catch {
    return [] // a folder that does not exist yet has nothing to prune
  }
}

function subfolders(folder: string): string[] {
  return safeReaddir(folder)
    .filter((e) => e.isDirectory())
    .map((e) => join(folder, e.name))
}
