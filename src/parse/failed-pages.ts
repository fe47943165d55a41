import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Keeps a page that failed to parse under `<dir>/<source>/`, with a sidecar saying why, so it can become a fixture.
 * Both files are named `run-000042-<time>-<url hash>` after the run that fetched the page (just `<time>-<url hash>`
 * when there is no run), and the sidecar holds `{runId, url, reason, savedAt}`. They stay directly in the source's
 * folder, where retention (`pruneRunFiles`) removes them once they are old.
 */
export function saveFailedPage(
  dir: string,
  sourceId: string,
  page: { url: string; body: string },
  reason: string,
  runId?: number,
): string {
  const folder = join(dir, sourceId)
  mkdirSync(folder, { recursive: true })
  const savedAt = new Date().toISOString()
  const run = runId === undefined ? '' : `run-${String(runId).padStart(6, '0')}-`
  const name = `${run}${savedAt.replace(/[:.]/g, '-')}-${createHash('sha1').update(page.url).digest('hex').slice(0, 10)}`
  const file = join(folder, `${name}.html`)
  writeFileSync(file, page.body)
  writeFileSync(
    join(folder, `${name}.json`),
    `${JSON.stringify({ runId: runId ?? null, url: page.url, reason, savedAt }, null, 2)}\n`,
  )
  return file
}
