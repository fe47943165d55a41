import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where Debian's PostgreSQL 15 keeps its server programs; `PROPDATA_PG_BIN` names another folder. */
export const POSTGRES_BIN = process.env.PROPDATA_PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** Whether the server programs are there. */
export const postgresInstalled = (): boolean => existsSync(join(POSTGRES_BIN, 'pg_ctl'))

/**
 * Why PostgreSQL tests are skipped here, or null when they run. Under CI (`CI` or `PROPDATA_REQUIRE_POSTGRES` set) a
 * missing PostgreSQL is not a reason: the tests run and fail, so CI never passes without them.
 */
export function postgresSkipReason(env: NodeJS.ProcessEnv = process.env): string | null {
  if (postgresInstalled() || env.CI || env.PROPDATA_REQUIRE_POSTGRES) return null
  return `PostgreSQL 15 is not installed (no ${POSTGRES_BIN}/pg_ctl): apt-get install -y postgresql`
}

/** A running throwaway PostgreSQL cluster. */
export interface Cluster {
  /** A connection URL to its `postgres` database over TCP on 127.0.0.1. */
  readonly url: string
  readonly port: number
  readonly dataDir: string
  /** Makes a new empty database and returns its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>
}

/** Runs a server program as `postgres` when this process is root (PostgreSQL refuses to run as root). */
async function asPostgres(program: string, args: readonly string[]): Promise<string> {
  const path = join(POSTGRES_BIN, program)
  const asRoot = process.getuid?.() === 0
  try {
    const { stdout } = await run(
      asRoot ? 'runuser' : path,
      asRoot ? ['-u', 'postgres', '--', path, ...args] : args,
      {
        timeout: 120_000,
      },
    )
    return stdout
  } catch (error) {
    const { stderr } = error as { stderr?: string }
    throw new Error(`${program} failed: ${stderr?.trim() || (error as Error).message}`)
  }
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts a cluster whose data directory is `dataDir` (made by initdb or pg_basebackup) on a free port. */
async function startServer(root: string, dataDir: string): Promise<Cluster> {
  const port = await freePort()
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
  await asPostgres('pg_ctl', ['-D', dataDir, '-l', join(root, `log-${port}`), '-o', options, '-w', 'start'])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    dataDir,
    async createDatabase(name) {
      await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name])
      return url.replace(/\/postgres$/, `/${name}`)
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined)
    },
  }
}

/** A fresh folder `postgres` may write in: the cluster's data, its socket and its logs. */
function clusterFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'propdata-pg-'))
  chmodSync(root, 0o777)
  return root
}

/**
 * Creates and starts a throwaway cluster in a fresh temporary folder: trust authentication on 127.0.0.1, no fsync
 * (its data is thrown away), streaming replication allowed so a replica can be made from it.
 */
export async function startCluster(): Promise<Cluster> {
  const root = clusterFolder()
  const dataDir = join(root, 'primary')
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'])
  const cluster = await startServer(root, dataDir)
  return {
    ...cluster,
    async stop() {
      await cluster.stop()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** Starts a streaming replica of `primary` (pg_basebackup -R), a hot standby on a port of its own. */
export async function startReplica(primary: Cluster): Promise<Cluster> {
  const root = clusterFolder()
  const dataDir = join(root, 'replica')
  await asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    // At once: the default spread checkpoint can keep the copy waiting for minutes.
    '--checkpoint=fast',
  ])
  const replica = await startServer(root, dataDir)
  return {
    ...replica,
    async stop() {
      await replica.stop()
      rmSync(root, { recursive: true, force: true })
    },
  }
}
