import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runProcess } from '../helpers/cli.js'

describe('npm run build', () => {
  it('deletes what a removed source compiled to, so no test or run can load it', async () => {
    const orphan = join(PROJECT_ROOT, 'dist', 'src', 'removed-since.js')
    writeFileSync(orphan, 'export {}\n')
    const built = await runProcess(process.execPath, [join(PROJECT_ROOT, 'scripts', 'build.mjs')])
    expect(built.code, built.stderr + built.stdout).toBe(0)
    expect(existsSync(orphan)).toBe(false)
    expect(existsSync(join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js'))).toBe(true)
  }, 120_000)
})
