import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { saveFailedPage } from '../parse/failed-pages.js'
import { pruneRunFiles } from './prune-run-files.js'

const dir = useTempDir()
const DAY = 86_400_000
const now = new Date('2025-06-30T00:00:00Z')

const file = (path: string, ageDays: number) => {
  const full = join(dir, path)
  mkdirSync(join(full, '..'), { recursive: true })
  writeFileSync(full, 'x'.repeat(100))
  const t = new Date(now.getTime() - ageDays * DAY)
  utimesSync(full, t, t)
  return full
}

describe('pruneRunFiles', () => {
  it('removes archives and failed pages older than the retention, keeping the current run and young files', () => {
    const oldArchive = file('archives/run-000001.warc.gz', 40)
    const oldIndex = file('archives/run-000001.warc.gz.cdxj', 40)
    const current = file('archives/run-000009.warc.gz', 45) // an old mtime, but it is this run's archive
    const currentIndex = file('archives/run-000009.warc.gz.cdxj', 45)
    const young = file('archives/run-000008.warc.gz', 3)
    const oldFailed = file('failed/pararius/2025-05-01-abc.html', 60)
    const youngFailed = file('failed/pararius/2025-06-29-def.html', 1)
    const sample = file('sample/archive.warc.gz', 400)

    const report = pruneRunFiles({ dataDir: dir, retentionDays: 30, keep: [current, null], now })
    expect([...report.removed].sort()).toEqual([oldArchive, oldIndex, oldFailed].sort())
    expect(report.bytes).toBe(300)
    expect(report.errors).toEqual([])
    for (const kept of [current, currentIndex, young, youngFailed, sample])
      expect(existsSync(kept)).toBe(true)
  })

  it('removes old failed pages as saveFailedPage names them (after their run), page and sidecar', () => {
    const failed = join(dir, 'failed')
    const page = saveFailedPage(
      failed,
      'funda',
      { url: 'https://example.test/a', body: '<p>' },
      'no price',
      7,
    )
    const sidecar = page.replace(/\.html$/, '.json')
    expect(page).toMatch(/[/\\]failed[/\\]funda[/\\]run-000007-[^/\\]+\.html$/)
    const old = new Date(now.getTime() - 60 * DAY)
    for (const f of [page, sidecar]) utimesSync(f, old, old)

    const report = pruneRunFiles({ dataDir: dir, retentionDays: 30, now })
    expect(report.removed).toEqual(expect.arrayContaining([page, sidecar]))
    expect(existsSync(page) || existsSync(sidecar)).toBe(false)
  })

  it('keeps everything with a retention of 0 and copes with missing folders', () => {
    const old = file('archives/run-000002.warc.gz', 400)
    expect(pruneRunFiles({ dataDir: dir, retentionDays: 0, now }).removed).toEqual([])
    expect(existsSync(old)).toBe(true)
    expect(pruneRunFiles({ dataDir: join(dir, 'nowhere'), retentionDays: 30, now }).removed).toEqual([])
  })
})
