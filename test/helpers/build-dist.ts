import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'

/**
 * Vitest's global setup: compiles the current sources into dist/ before any test runs, so the tests that start
 * `propdata` in a child process run what users run, and never an older build.
 */
export default function buildDist(): void {
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'tools', 'build.mjs')], { stdio: 'inherit' })
}
