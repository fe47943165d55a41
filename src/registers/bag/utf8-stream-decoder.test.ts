import { describe, expect, it } from 'vitest'
import { Utf8StreamDecoder } from './utf8-stream-decoder.js'

describe('Utf8StreamDecoder', () => {
  const text = 'Café Ëlandstraat — ’s-Hertogenbosch 🏠 Zuiderzee'
  const bytes = Buffer.from(`\uFEFF${text}`)

  it('decodes a stream cut at every possible byte', () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      const decoder = new Utf8StreamDecoder()
      const out = decoder.decode(bytes.subarray(0, cut)) + decoder.decode(bytes.subarray(cut)) + decoder.end()
      expect(out).toBe(text)
    }
  })

  it('decodes one byte at a time', () => {
    const decoder = new Utf8StreamDecoder()
    let out = ''
    for (const byte of bytes) out += decoder.decode(Buffer.from([byte]))
    expect(out + decoder.end()).toBe(text)
  })

  it('rejects invalid bytes and input that ends inside a character', () => {
    expect(() => new Utf8StreamDecoder().decode(Buffer.from([0x61, 0xc3, 0x28, 0x62]))).toThrow(TypeError)
    const decoder = new Utf8StreamDecoder()
    expect(decoder.decode(Buffer.from([0x61, 0xe2, 0x82]))).toBe('a')
    expect(() => decoder.end()).toThrow(TypeError)
  })
})
