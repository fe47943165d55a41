import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runProcess } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

// A checkout of its own, as a user has one: the walkthroughs add sources to it. The build in dist/ is copied too, so
// the build the contract runs make is incremental; node_modules is linked.
const root = useTempDir('propdata-walkthroughs-')
for (const part of [
  'bin',
  'dist',
  'src',
  'sources',
  'tools',
  'testkit',
  'test',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vitest.config.ts',
])
  cpSync(join(PROJECT_ROOT, part), join(root, part), { recursive: true })
mkdirSync(join(root, 'data'))
cpSync(join(PROJECT_ROOT, 'data', 'sample'), join(root, 'data', 'sample'), { recursive: true })
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'))

/** What a user's shell has: npm next to this node, and nothing of the test's environment. */
const env = (extra: Record<string, string> = {}) => ({
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  HOME: process.env.HOME ?? '',
  // The practice site is ours and local: no need to wait its politeness out.
  PROPDATA_POLITENESS_SCALE: '0',
  ...extra,
})

/** The first sh block after `heading` in docs/adding-a-source.md, one command per line, comments kept. */
function walkthrough(heading: string): string[] {
  const readme = readFileSync(join(PROJECT_ROOT, 'docs', 'adding-a-source.md'), 'utf8')
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1]
  expect(block, heading).toBeDefined()
  return block!
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

/** A shell command without its trailing comment. */
const command = (line: string) => line.replace(/\s+#\s.*$/, '')

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Starts a long-running command in a process group of its own and resolves once `ready` matches its output. */
function startInGroup(line: string, ready: RegExp, extra: Record<string, string>) {
  return new Promise<{ child: ChildProcess; match: RegExpExecArray }>((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd: root, env: env(extra), detached: true })
    let output = ''
    const onData = (d: Buffer) => {
      output += d
      const match = ready.exec(output)
      if (match) resolve({ child, match })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('close', (code) => reject(new Error(`${line} exited with ${code}:\n${output}`)))
  })
}

const groups: ChildProcess[] = []
afterAll(() => {
  for (const child of groups) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
})

let demo = 0
let api = { base: '', key: '' }

beforeAll(async () => {
  demo = await freePort()
  const site = await startInGroup('npm run demo-site', /Demo listing site on/, { PORT: String(demo) })
  groups.push(site.child)
  // "With npm start running in another terminal": the sample in data/sample.db, served.
  const start = await startInGroup(
    'npm start',
    /serving the sample from .+ on (http:\/\/\S+)\n\s+API key for this session: (\S+)/,
    { PORT: '0' },
  )
  groups.push(start.child)
  api = { base: start.match[1]!, key: start.match[2]! }
}, 300_000)

/** Runs the walkthrough's lines in order, as a user would, doing what its comments ask; returns the curl answers. */
async function follow(lines: readonly string[]): Promise<unknown[]> {
  const answers: unknown[] = []
  for (const line of lines.map((l) => l.replaceAll(':8790', `:${demo}`))) {
    const origin = `http://127.0.0.1:${demo}`
    const edit = /^# in (sources\/[\w-]+\/(adapter\.ts|source\.yml)):/.exec(line)
    if (edit) {
      const file = join(root, edit[1]!)
      const text = readFileSync(file, 'utf8')
      writeFileSync(
        file,
        edit[2] === 'adapter.ts'
          ? text.replace(/^const ORIGIN = .*$/m, `const ORIGIN = '${origin}'`)
          : text
              .replace(/^homepage: .*$/m, `homepage: ${origin}/`)
              .replace(/^( {4}rent: ).*$/m, `$1${origin}/huren/{city}`),
      )
      continue
    }
    // The practice site runs already (started once, on a free port); the key is the one npm start printed.
    if (line.startsWith('#') || line.startsWith('KEY=') || command(line) === 'npm run demo-site &') continue
    if (line.startsWith('curl ')) {
      const url = /'(http:\/\/127\.0\.0\.1:8080[^']*)'/
        .exec(line)![1]!
        .replace('http://127.0.0.1:8080', api.base)
      const res = await fetch(url, { headers: { 'X-API-Key': api.key } })
      expect(res.status, line).toBe(200)
      answers.push(await res.json())
      continue
    }
    const result = await runProcess('sh', ['-c', command(line)], { cwd: root, env: env() })
    expect(result.code, `${line}\n${result.stdout}\n${result.stderr}`).toBe(0)
  }
  return answers
}

interface Listings {
  data: { bag_id: string | null; sources: { name: string }[] }[]
}
const listingsOf = (body: Listings, source: string) =>
  body.data.filter((l) => l.sources.some((s) => s.name === source))

describe('the two walkthroughs of docs/adding-a-source.md, one after the other in one checkout', () => {
  it('the adapter walkthrough: its five listings come back from the API with their BAG ids', async () => {
    const [answer] = (await follow(walkthrough('## A source with its own adapter'))) as Listings[]
    const listed = listingsOf(answer!, 'acme-homes')
    expect(listed).toHaveLength(5)
    expect(listed.every((l) => l.bag_id !== null)).toBe(true)
  }, 900_000)

  it('the preset walkthrough after it: its own source, whose five card listings resolve to the same homes', async () => {
    await follow(walkthrough('## A site on a preset'))
    const res = await fetch(`${api.base}/v1/listings?city=Amsterdam&type=rent&page_size=100`, {
      headers: { 'X-API-Key': api.key },
    })
    const listed = listingsOf((await res.json()) as Listings, 'acme-flats')
    expect(listed).toHaveLength(5)
    expect(listed.every((l) => l.bag_id !== null)).toBe(true)
    // The same five homes: each is one listing that both sources have.
    expect(listed.every((l) => l.sources.some((s) => s.name === 'acme-homes'))).toBe(true)
  }, 900_000)
})
