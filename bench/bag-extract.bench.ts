/**
 * BAG extract read benchmark (standalone, not part of `npm test`):
 *
 *   node --import tsx bench/bag-extract.bench.ts [--vbo 200000] [--saxes] [--keep]
 *
 * Generates a national-style zip of zips to a temp dir, then measures, each in its own process so peak RSS
 * belongs to that phase alone: the baseline (unzip and read the same bytes, no XML parsing), the lean reader,
 * the reader with only NUM+VBO, and with --saxes the conformant reference parser.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { listExtractParts } from '../src/registers/bag/extract-parts.js'
import { readBagExtract } from '../src/registers/bag/extract-reader.js'
import { generateBagExtract } from '../testkit/bag-extract/generate-bag-extract.js'

interface PhaseResult {
  phase: string
  seconds: number
  cpuSeconds: number
  bytes: number
  /** Uncompressed bytes of the NUM and VBO parts (baseline only), for the filtered phase's MB/s. */
  numVboBytes: number
  records: number
  maxRssMB: number
}

const { values } = parseArgs({
  options: {
    vbo: { type: 'string', default: '200000' },
    phase: { type: 'string' },
    path: { type: 'string' },
    saxes: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
})

/** Runs one phase in this process and prints its result as JSON. */
async function runPhase(phase: string, path: string): Promise<void> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  let bytes = 0
  let numVboBytes = 0
  let records = 0
  if (phase === 'baseline') {
    for await (const part of listExtractParts(path)) {
      for await (const chunk of part.read()) {
        bytes += chunk.length
        if (part.typeCode === 'NUM' || part.typeCode === 'VBO') numVboBytes += chunk.length
      }
    }
  } else {
    const parser = phase === 'saxes' ? 'saxes' : 'lean'
    const kinds = phase === 'num+vbo' ? (['nummeraanduiding', 'verblijfsobject'] as const) : undefined
    for await (const _ of readBagExtract(path, { parser, kinds })) records++
  }
  const used = process.cpuUsage(cpu)
  const result: PhaseResult = {
    phase,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    bytes,
    numVboBytes,
    records,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }
  console.log(JSON.stringify(result))
}

function child(phase: string, path: string): PhaseResult {
  const self = fileURLToPath(import.meta.url)
  const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--phase', phase, '--path', path], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  })
  if (run.status !== 0) throw new Error(`phase ${phase} failed:\n${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as PhaseResult
}

async function main(): Promise<void> {
  if (values.phase && values.path) return runPhase(values.phase, values.path)
  const vbo = Number(values.vbo)
  const dir = await mkdtemp(join(tmpdir(), 'bag-bench-'))
  const zip = join(dir, 'lvbag-extract-nl.zip')
  try {
    const started = performance.now()
    const generated = await generateBagExtract({ vbo, out: zip })
    const genSeconds = (performance.now() - started) / 1000
    const zipMB = (await stat(zip)).size / 1e6
    const current = Object.values(generated.current).reduce((a, b) => a + b, 0)
    const voorkomens = Object.values(generated.voorkomens).reduce((a, b) => a + b, 0)
    console.log(
      `generated ${vbo.toLocaleString('en')} VBO in ${genSeconds.toFixed(1)} s: ${zipMB.toFixed(0)} MB zip, ${voorkomens.toLocaleString('en')} voorkomens, ${current.toLocaleString('en')} current objects`,
    )
    console.log(`  ${JSON.stringify(generated.current)}`)

    const phases = ['baseline', 'read', 'num+vbo', ...(values.saxes ? ['saxes'] : [])]
    const results = phases.map((phase) => child(phase, zip))
    const baseline = results[0] as PhaseResult
    const xmlMB = baseline.bytes / 1e6
    console.log(
      `uncompressed XML: ${xmlMB.toFixed(0)} MB (NUM+VBO parts ${(baseline.numVboBytes / 1e6).toFixed(0)} MB)`,
    )
    console.log('phase       wall s   cpu s   XML MB/s   objects/s   peak RSS MB   wall vs baseline')
    for (const r of results) {
      const mb = r.phase === 'num+vbo' ? baseline.numVboBytes / 1e6 : xmlMB
      const objects = r.records === 0 ? '' : Math.round(r.records / r.seconds).toLocaleString('en')
      console.log(
        `${r.phase.padEnd(10)} ${r.seconds.toFixed(1).padStart(7)} ${r.cpuSeconds.toFixed(1).padStart(7)} ${(mb / r.seconds).toFixed(0).padStart(10)} ${objects.padStart(11)} ${r.maxRssMB.toFixed(0).padStart(13)} ${(r.seconds / baseline.seconds).toFixed(1).padStart(10)}x`,
      )
    }
  } finally {
    if (values.keep) console.log(`kept ${zip}`)
    else await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
