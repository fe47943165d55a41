import { execFileSync } from 'node:child_process'

/** Chromium processes this test process started (Playwright launches the browser as our direct child). */
export function chromiumChildren(): number {
  try {
    const out = execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    return out.split('\n').filter((name) => /chrom/i.test(name)).length
  } catch {
    return 0 // ps exits 1 when there are no children
  }
}
