import { execFileSync, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** One measured load: throughput and tail latency. */
export interface LoadResult {
  readonly tool: 'wrk' | 'autocannon'
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Requests answered in all: where the next run of the same paths goes on from. */
  readonly requests: number
  readonly non2xx: number
  /** Bytes read per response, headers included. */
  readonly bytesPerResponse: number
}

/** Options for one load: the paths are cycled through, every request carries the headers. */
export interface LoadOptions {
  readonly baseUrl: string
  readonly paths: readonly string[]
  /** The index of the first path asked for; the paths are cycled from there. @default 0 */
  readonly startAt?: number
  readonly headers?: Readonly<Record<string, string>>
  readonly connections: number
  readonly durationSeconds: number
  /** A CPU to pin the load tool to, so it does not share the server's core. */
  readonly cpu?: number
  readonly workDir: string
}

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk prints its version and exits 1.
    return (error as { status?: number }).status === 1
  }
})()

/** wrk (Debian's `wrk`) when installed: it needs a fraction of a core; autocannon otherwise. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return hasWrk ? runWrk(options) : runAutocannon(options)
}

/** The options every load of a {@link walkingLoads} shares. */
export type WalkOptions = Omit<LoadOptions, 'paths' | 'startAt' | 'durationSeconds'>

/**
 * Loads that walk their paths: each load of the same list goes on from the path after the last one the previous load
 * of that list asked for, in whatever coding. A list of more paths than one load asks for (200,000 ids) is then walked
 * through instead of its first paths being asked for again, and answered from the cache, in every load.
 */
export function walkingLoads(options: WalkOptions) {
  const next = new Map<readonly string[], number>()
  return async (
    paths: readonly string[],
    durationSeconds: number,
    headers: Readonly<Record<string, string>> = {},
  ): Promise<LoadResult> => {
    const startAt = next.get(paths) ?? 0
    const result = await runLoad({
      ...options,
      paths,
      startAt,
      durationSeconds,
      headers: { ...options.headers, ...headers },
    })
    next.set(paths, (startAt + (Number.isFinite(result.requests) ? result.requests : 0)) % paths.length)
    return result
  }
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const pathsFile = join(options.workDir, `paths-${Date.now()}.txt`)
  writeFileSync(pathsFile, `${options.paths.join('\n')}\n`)
  const script = join(options.workDir, 'rotate.lua')
  const headerLines = Object.entries(options.headers ?? {})
    .map(([k, v]) => `headers["${k}"] = "${v}"`)
    .join('\n')
  writeFileSync(
    script,
    // Every request is formatted once, up front: formatting per request makes garbage, and Lua's collector then
    // stalls wrk for milliseconds at a time, which shows up as server latency.
    `local requests = {}
local i = ${(options.startAt ?? 0) - 1}
headers = {}
${headerLines}
init = function(args)
  for line in io.lines("${pathsFile}") do requests[#requests + 1] = wrk.format("GET", line, headers) end
end
request = function()
  i = i + 1
  return requests[(i % #requests) + 1]
end
`,
  )
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--latency',
    '-s',
    script,
    options.baseUrl,
  ]
  const output = await run(
    options.cpu === undefined ? 'wrk' : 'taskset',
    options.cpu === undefined ? args : ['-c', String(options.cpu), 'wrk', ...args],
  )
  const ms = (label: string) => {
    const match = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(output)
    if (!match) return Number.NaN
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  return {
    tool: 'wrk',
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50Ms: ms('50%'),
    p99Ms: ms('99%'),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    bytesPerResponse: bytesRead(output),
  }
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon')
  let i = options.startAt ?? 0
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { ...options.headers },
    requests: [
      {
        setupRequest: (req: { path: string }) => ({
          ...req,
          path: options.paths[i++ % options.paths.length]!,
        }),
      },
    ],
  })
  return {
    tool: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    bytesPerResponse: result.throughput.total / result.requests.total,
  }
}

/** Bytes per response from wrk's summary line: "123456 requests in 10.00s, 1.23GB read". */
function bytesRead(output: string): number {
  const match = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(output)
  if (!match) return Number.NaN
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[3] as 'B' | 'KB' | 'MB' | 'GB']
  return (Number(match[2]) * unit) / Number(match[1])
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args)
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d
    })
    child.stderr.on('data', (d: Buffer) => {
      out += d
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${out}`)),
    )
  })
}
