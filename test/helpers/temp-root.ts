import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
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
  // Other users may pass through, not list: a PostgreSQL test cluster runs as the postgres user in a folder here.
  chmodSync(root, 0o711)
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
