import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { cleanEnv, runProcess } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-compiled-')
const ROOT = pathToFileURL(PROJECT_ROOT).href
let runs = 0

/** Runs `propdata ARGS` as users do, and returns what it printed and every module URL it loaded. */
async function runRecorded(args: readonly string[]) {
  const record = join(dir, `loads-${++runs}.txt`)
  const result = await runProcess(
    process.execPath,
    [
      '--import',
      join(PROJECT_ROOT, 'test', 'helpers', 'record-loads.mjs'),
      join(PROJECT_ROOT, 'bin', 'propdata.js'),
      ...args,
    ],
    { env: cleanEnv({ PROPDATA_RECORD_LOADS: record }) },
  )
  return { ...result, loads: readFileSync(record, 'utf8').trim().split('\n') }
}

/** The packages among `urls`, by name. */
const packages = (urls: readonly string[]) =>
  [...new Set(urls.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []))].sort()

describe('propdata runs compiled JavaScript', () => {
  it('`--help` runs the build in dist/ and loads commander alone, none of the commands it lists', async () => {
    const { code, stdout, loads } = await runRecorded(['--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: propdata/)
    const ours = loads.filter((u) => u.startsWith(`${ROOT}/`) && !u.includes('/node_modules/'))
    expect(ours.filter((u) => !u.startsWith(`${ROOT}/dist/`) && u !== `${ROOT}/bin/propdata.js`)).toEqual([])
    expect(ours).toContain(`${ROOT}/dist/src/cli/main.js`)
    expect(ours.filter((u) => u.includes('/cli/commands/'))).toEqual([])
    expect(packages(loads)).toEqual(['commander'])
  })

  it('a command loads its implementation, compiled, when it runs', async () => {
    const { code, loads } = await runRecorded(['runs', '--db', join(dir, 'none.db')])
    expect(code).toBe(2)
    expect(loads).toContain(`${ROOT}/dist/src/cli/commands/runs.js`)
    expect(loads.filter((u) => u.endsWith('.ts'))).toEqual([])
  })
})

describe('npm run build', () => {
  it('deletes what a removed source compiled to, so no test or run can load it', async () => {
    const orphan = join(PROJECT_ROOT, 'dist', 'src', 'removed-since.js')
    writeFileSync(orphan, 'export {}\n')
    const built = await runProcess(process.execPath, [join(PROJECT_ROOT, 'tools', 'build.mjs')])
    expect(built.code, built.stderr + built.stdout).toBe(0)
    expect(existsSync(orphan)).toBe(false)
    expect(existsSync(join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js'))).toBe(true)
  }, 120_000)
})
