import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, onTestFinished, TestRunner } from 'vitest'

/**
 * A fresh temporary folder, removed when what made it ends: the test that called this, or else the test file. A hook
 * registered inside a running test never runs, so a folder made there is removed when that test finishes instead.
 */
export function useTempDir(prefix = 'propdata-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  if (TestRunner.getCurrentTest() === undefined) afterAll(remove)
  else onTestFinished(remove)
  return dir
}
