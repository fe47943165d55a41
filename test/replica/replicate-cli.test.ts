import { describe, expect, it } from 'vitest'
import { freePort } from '../../testkit/postgres-cluster.js'
import { runCli } from '../helpers/cli.js'

/** One line on stderr, no stack, and exit 2: what the user's mistakes get. */
function expectUsageError(result: { code: number | null; stderr: string }, message: RegExp) {
  expect(result.code).toBe(2)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  expect(result.stderr).toMatch(message)
  expect(result.stderr).not.toMatch(/\n\s+at /)
}

describe('propdata replicate and serve --db postgres://: bad arguments', () => {
  it('refuses a --to that is no postgres:// URL', async () => {
    expectUsageError(
      await runCli(['replicate', '--to', 'mysql://x/y']),
      /--to: mysql:\/\/x\/y is not a postgres:\/\/ URL/,
    )
  })

  it('refuses replicate without --to, with the usage hint every command gives', async () => {
    const result = await runCli(['replicate'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/required option '--to <url>' not specified\n\(add --help for usage\)/)
  })

  it('says which server it cannot reach, without its password', async () => {
    const port = await freePort()
    const result = await runCli(['replicate', '--to', `postgres://app:secret@127.0.0.1:${port}/propdata`])
    expectUsageError(
      result,
      new RegExp(`cannot connect to PostgreSQL at postgres://app:\\*\\*\\*@127.0.0.1:${port}/propdata`),
    )
    expect(result.stderr).not.toMatch(/secret/)
  })

  it('refuses to serve from a server it cannot reach', async () => {
    const port = await freePort()
    expectUsageError(
      await runCli(['serve', '--port', '0', '--db', `postgres://127.0.0.1:${port}/propdata`]),
      /cannot connect to PostgreSQL/,
    )
  })
})
