import { describe, expect, it } from 'vitest'
import { startWorker } from './start-worker.js'

describe('startWorker', () => {
  it('raises the signal when the module cannot load, so a parent blocked on it wakes', async () => {
    const signal = new Int32Array(new SharedArrayBuffer(4))
    const worker = startWorker(new URL('./no-such-module.ts', import.meta.url), {}, { signal })
    const failed = new Promise<Error>((resolve) => worker.once('error', resolve))
    expect(Atomics.wait(signal, 0, 0, 20_000)).not.toBe('timed-out')
    expect(Atomics.load(signal, 0)).toBe(-1)
    expect((await failed).message).toMatch(/no-such-module/)
  })
})
