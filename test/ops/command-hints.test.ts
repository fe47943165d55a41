import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { openStore } from '../../src/store/database.js'
import { type CliResult, cleanEnv, runCli, runProcess } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-hints-')
const env = { PROPDATA_DATA_DIR: dir }

/** Runs a command line as a newcomer pastes it into a shell in the project folder. */
const paste = (commandLine: string): Promise<CliResult> =>
  runProcess('sh', ['-c', commandLine], { cwd: PROJECT_ROOT, env: cleanEnv(env) })

/** The command a hint line prints after `lead`. */
const hintAfter = (lead: string, output: string): string => {
  const line = output.split('\n').find((l) => l.includes(lead))
  expect(line, output).toBeDefined()
  return line!.slice(line!.indexOf(lead) + lead.length).replace(/\)$/, '')
}

describe("the CLI's hints print commands that work as printed, from the project folder", () => {
  it('`keys list` on a database without keys: the printed `keys create` makes one', async () => {
    const db = join(dir, 'keys.db')
    await (await openStore(db)).close()
    const listed = await runCli(['keys', 'list', '--db', db], env)
    expect(listed.code, listed.stderr).toBe(0)
    const hint = hintAfter('Create one with: ', listed.stdout)
    expect(hint).toBe('npm run cli -- keys create NAME')
    const created = await paste(`${hint.replace('NAME', 'from-a-hint')} --db ${db}`)
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toMatch(/^pd_[\w-]{43}$/m)
    expect((await runCli(['keys', 'list', '--db', db], env)).stdout).toMatch(/^from-a-hint\t/)
  }, 60_000)

  it('a missing database: the printed run makes the sample, and the next hint leads to it', async () => {
    const db = join(dir, 'new.db')
    const refused = await runCli(['runs', '--db', db], env)
    expect(refused.code).toBe(2)
    const sample = join(dir, 'sample.db')
    expect(refused.stderr).toContain(`the sample goes into ${sample}: `)
    const hint = hintAfter(`the sample goes into ${sample}: `, refused.stderr)
    expect(hint).toBe('npm run cli -- ingest --sample')
    const run = await paste(hint)
    expect(run.code, run.stderr).toBe(0)
    // The missing database is still missing; the hint now names the sample's, and with it `runs` lists that run.
    const again = await runCli(['runs', '--db', db], env)
    const flag = hintAfter(`the sample is in ${sample}: `, again.stderr)
    expect(flag).toBe(`--db ${sample}`)
    const runs = await paste(`npm run cli -- runs ${flag}`)
    expect(runs.code, runs.stderr).toBe(0)
    expect(runs.stdout).toMatch(/^\s+\d+\s+\S+\s+ingest\s+succeeded/m)
  }, 120_000)
})
