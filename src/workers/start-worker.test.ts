import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { PROJECT_ROOT } from '../config.js'
import { startWorker } from './start-worker.js'

const dir = useTempDir('propdata-worker-')

/** Runs `script` (an ES module) in a plain node, which has no TypeScript loader. */
function runPlainNode(script: string) {
  const file = join(dir, 'parent.mjs')
  writeFileSync(file, script)
  return spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 })
}

describe('startWorker', () => {
  it('raises the signal when the module cannot load, so a parent blocked on it wakes', async () => {
    const signal = new Int32Array(new SharedArrayBuffer(4))
    const worker = startWorker(new URL('./no-such-module.ts', import.meta.url), {}, { signal })
    const failed = new Promise<Error>((resolve) => worker.once('error', resolve))
    expect(Atomics.wait(signal, 0, 0, 20_000)).not.toBe('timed-out')
    expect(Atomics.load(signal, 0)).toBe(-1)
    expect((await failed).message).toMatch(/no-such-module/)
  })

  it('compiled, runs the compiled twin of the module it is given, with no TypeScript loader', () => {
    const compiled = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'workers', 'start-worker.js')).href
    // Only the .js twin exists, as in dist/: the worker answers with the data it was given.
    writeFileSync(
      join(dir, 'echo.js'),
      `import { parentPort } from 'node:worker_threads'\nimport { workerInput } from '${compiled}'\nparentPort.postMessage(workerInput())\n`,
    )
    const parent = runPlainNode(
      `import { startWorker } from '${compiled}'\n` +
        `const worker = startWorker(new URL('${pathToFileURL(join(dir, 'echo.ts')).href}'), 'ping')\n` +
        `worker.once('message', (m) => { console.log(m); worker.terminate() })\n`,
    )
    expect(parent.stderr).toBe('')
    expect(parent.stdout).toBe('ping\n')
  })
})
