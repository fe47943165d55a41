import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Vitest's global setup: every test of a run, and every process it starts (the CLI, Chromium), makes its temporary
 * files in one folder of the run, removed when the run ends. Tests remove what they make themselves (`useTempDir`);
 * this catches what they cannot: a file whose tests were all filtered out runs no hook, and a killed child leaves its
 * files behind.
 */
export default function tempRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'propdata-tests-'))
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
