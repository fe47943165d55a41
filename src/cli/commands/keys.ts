import { createApiKey, listApiKeys, revokeApiKey } from '../../api/api-keys.js'
import { cliCommand } from '../command-hint.js'
import {
  configFrom,
  createCliLogger,
  type GlobalOptions,
  printResult,
  withStore,
  withStoreOrCreate,
} from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/**
 * `propdata keys create NAME`: a new key, printed once; only its hash is stored. The key alone goes to stdout, so
 * `KEY=$(propdata keys create NAME)` holds it; the note that it is shown once goes to stderr, and not with `--quiet`.
 */
export async function createKey(name: string, options: GlobalOptions): Promise<void> {
  if (!/^[\w.@-]{1,64}$/.test(name))
    throw new CliError('NAME must be 1–64 letters, digits, or . _ @ -', EXIT.USAGE)
  await withStoreOrCreate(configFrom(options), async (store) => {
    const exists = await store.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('name', '=', name)
      .executeTakeFirst()
    if (exists)
      throw new CliError(
        `A key named ${name} already exists${exists.revoked_at ? ' (revoked)' : ''}; choose another name`,
      )
    const key = await createApiKey(store, name)
    printResult(options, { name, key }, () => key)
    createCliLogger(options).info('This is the only time the key is shown. Send it as the X-API-Key header.')
  })
}

/** `propdata keys list`: name, prefix, created and revoked of every key. */
export async function listKeys(options: GlobalOptions): Promise<void> {
  await withStore(configFrom(options), async (store) => {
    const rows = await listApiKeys(store)
    printResult(options, rows, () =>
      rows.length === 0
        ? `No keys. Create one with: ${cliCommand('keys create NAME')}`
        : rows
            .map(
              (r) =>
                `${r.name}\t${r.key_prefix}…\tcreated ${r.created_at}${r.revoked_at ? `\trevoked ${r.revoked_at}` : ''}`,
            )
            .join('\n'),
    )
  })
}

/** `propdata keys revoke NAME`. */
export async function revokeKey(name: string, options: GlobalOptions): Promise<void> {
  await withStore(configFrom(options), async (store) => {
    if (!(await revokeApiKey(store, name))) throw new CliError(`No active key named ${name}`)
    printResult(options, { name, revoked: true }, () => `Revoked ${name}`)
  })
}
