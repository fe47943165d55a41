import { createServer } from 'node:net'
import { CliError, EXIT } from './exit-codes.js'

/** `--port`: a whole number 0–65535 (0 lets the system choose), else the settings' port. */
export function portFrom(flag: string | undefined, fallback: number): number {
  if (flag === undefined) return fallback
  if (!/^\d+$/.test(flag) || Number(flag) > 65_535)
    throw new CliError(`--port must be 0–65535, got ${flag}`, EXIT.USAGE)
  return Number(flag)
}

/** Says in one line why the server could not listen at host:port; any other error is passed on unchanged. */
export function listenFailure(error: unknown, port: number, host: string): unknown {
  const code = (error as { code?: unknown } | null)?.code
  const where = `${host}:${port}`
  if (code === 'EADDRINUSE')
    return new CliError(
      `Port ${port} is in use on ${host}: stop what listens there, or choose another port with --port or PORT`,
    )
  if (code === 'EACCES') return new CliError(`No permission to listen on ${where}: choose a port above 1023`)
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new CliError(
      `Cannot listen on ${where}: no such address on this machine (--host or PROPDATA_HOST)`,
    )
  return error
}

/**
 * Fails at once when host:port cannot be listened on, by listening there for a moment: `start` checks before it
 * ingests, so a busy port is the first thing it says, not the last.
 */
export async function assertCanListen(port: number, host: string): Promise<void> {
  if (port === 0) return
  const probe = createServer()
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject)
      probe.listen({ port, host, exclusive: true }, resolve)
    })
  } catch (error) {
    throw listenFailure(error, port, host)
  } finally {
    await new Promise<void>((resolve) => probe.close(() => resolve()))
  }
}
