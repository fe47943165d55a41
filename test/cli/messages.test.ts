import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-messages-')
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }

beforeAll(async () => {
  const created = await runCli(['keys', 'create', 'first', '--db', db, '--quiet'], env)
  expect(created.code, created.stderr).toBe(0)
}, 60_000)

describe('what the CLI says when it is used wrong', () => {
  it('a mistyped subcommand of runs or sources is an unknown command with a suggestion, exit 2', async () => {
    for (const [args, word, meant] of [
      [['runs', 'shwo', '3'], 'shwo', 'show'],
      [['sources', 'retier', 'kamernet'], 'retier', 'retire'],
    ] as const) {
      const result = await runCli([...args, '--db', db], env)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toBe(
        `error: unknown command '${word}'\n(Did you mean ${meant}?)\n(add --help for usage)\n`,
      )
    }
    // The default subcommand still takes its own options.
    const listed = await runCli(['runs', '--limit', '1', '--db', db], env)
    expect(listed.code, listed.stderr).toBe(0)
  }, 60_000)

  it('PORT=abc names the variable, what it must be and what it got, in one line, exit 2', async () => {
    const result = await runCli(['serve', '--db', db], { ...env, PORT: 'abc' })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'error: Invalid environment: PORT: must be a whole number from 0 to 65535, got "abc"\n',
    )
  }, 60_000)

  it('backtest --data with a file that is no back-test CSV names the file and why, exit 2', async () => {
    const readme = join(PROJECT_ROOT, 'README.md')
    const notCsv = await runCli(['backtest', '--data', readme])
    expect(notCsv.code).toBe(2)
    expect(notCsv.stderr).toMatch(
      new RegExp(
        `^error: ${readme.replaceAll('.', '\\.')}: not a CSV the back-test can read \\(.+\\); a back-test file is a CSV with a header holding price, surface_area, postcode, one row per home and its price\\n$`,
      ),
    )
    const empty = join(dir, 'empty.csv')
    writeFileSync(empty, '')
    const none = await runCli(['backtest', '--data', empty])
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(new RegExp(`^error: ${empty.replaceAll('.', '\\.')}: no rows; `))
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    const notFile = await runCli(['backtest', '--data', folder])
    expect(notFile.code).toBe(2)
    expect(notFile.stderr).toBe(`error: ${folder}: a folder, not a file\n`)
  }, 60_000)
})

describe('keys create', () => {
  it('prints the key alone on stdout; the note goes to stderr, and --quiet leaves it out', async () => {
    const loud = await runCli(['keys', 'create', 'client-a', '--db', db], env)
    expect(loud.code, loud.stderr).toBe(0)
    expect(loud.stdout).toMatch(/^pd_[\w-]+\n$/)
    expect(loud.stderr).toBe('This is the only time the key is shown. Send it as the X-API-Key header.\n')
    const quiet = await runCli(['keys', 'create', 'client-b', '--db', db, '--quiet'], env)
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(quiet.stdout).toMatch(/^pd_[\w-]+\n$/)
    expect(quiet.stderr).toBe('')
  }, 60_000)
})

describe("a new database's first sample run", () => {
  it('says which runs the imports before it are, so "Run 3" is no riddle', async () => {
    const result = await runCli(
      ['ingest', '--sample', '--sources', 'feed', '--db', join(dir, 'fresh.db')],
      env,
    )
    expect(result.code, result.stderr).toBe(0)
    // Off a terminal the log is JSON lines: their messages, in order.
    const messages = result.stderr
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
    const at = (pattern: RegExp) => messages.findIndex((m) => pattern.test(m))
    const bag = at(/^Run 1 \(import-bag\): no BAG loaded yet, importing the sample's BAG extract /)
    const labels = at(
      /^Run 2 \(import-energy-labels\): no energy labels loaded yet, importing the sample's label file /,
    )
    const ingest = at(/^Run 3 started \(sample\): feed$/)
    expect(
      [bag, labels, ingest].every((i) => i >= 0),
      messages.join('\n'),
    ).toBe(true)
    expect(bag < labels && labels < ingest).toBe(true)
    expect(result.stdout).toMatch(/^Run 3 succeeded in /)
  }, 120_000)

  it('report --html and backtest --plot refuse a file they cannot write, in one line, exit 2', async () => {
    const missing = join(dir, 'no-such-folder', 'status.html')
    const report = await runCli(['report', '--html', missing, '--db', db], env)
    expect(report.code).toBe(2)
    expect(report.stderr).toBe(`error: No such folder: ${join(dir, 'no-such-folder')}\n`)
    const noDb = await runCli(
      ['report', '--html', join(dir, 'status.html'), '--db', join(dir, 'none.db')],
      env,
    )
    expect(noDb.code).toBe(2)
    expect(noDb.stderr.split('\n')).toHaveLength(2)
    const png = await runCli(['backtest', '--plot', join(dir, 'plot.png')])
    expect(png.code).toBe(2)
    expect(png.stderr).toBe(`error: --plot writes SVG: name a .svg file, got ${join(dir, 'plot.png')}\n`)
  }, 60_000)

  it('report --html writes a page even before any run', async () => {
    const file = join(dir, 'empty-status.html')
    const result = await runCli(['report', '--html', file, '--db', db], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(`Wrote ${file}: no run yet\n`)
  }, 60_000)
})
