import { describe, expect, it } from 'vitest'
import { BagExtractError } from './bag-extract-error.js'
import { SaxesScanner } from './saxes-scanner.js'
import { type XmlContentHandler, XmlScanner } from './xml-scanner.js'

/** Records events as text; captures the text of elements whose local name is in `capture`. */
function recorder(capture: string[]) {
  const events: string[] = []
  const names: string[] = []
  const stack: string[] = []
  const handler: XmlContentHandler = {
    declare: (id, name) => {
      names[id] = name
    },
    open: (id) => {
      const name = names[id] as string
      stack.push(name)
      events.push(`<${name}>`)
      return capture.includes(name.split(':').pop() as string)
    },
    close: (text) => {
      events.push(`</${stack.pop()}>${text === '' ? '' : `=${JSON.stringify(text)}`}`)
    },
  }
  return { events, handler }
}

function scan(xml: string, capture: string[] = [], pieces = 1): string[] {
  const { events, handler } = recorder(capture)
  const scanner = new XmlScanner(handler, 'test.xml')
  const size = Math.ceil(xml.length / pieces)
  for (let at = 0; at < xml.length; at += size) scanner.write(xml.slice(at, at + size))
  scanner.end()
  return events
}

function scanWithSaxes(xml: string, capture: string[] = []): string[] {
  const { events, handler } = recorder(capture)
  const scanner = new SaxesScanner(handler, 'test.xml')
  scanner.write(xml)
  scanner.end()
  return events
}

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <tags> inside -->
<a:root xmlns:a="www.example/a" note='single "quoted"'>
  <a:item id="1" label="x > y">Tom &amp; Jerry &lt;3 &#65;&#x42;</a:item>
  <a:empty/>
  <a:empty attr="v" />
  <b:data><![CDATA[raw <b>text</b> & more]]></b:data>
  <a:nested>before<a:inner>inner</a:inner>after</a:nested>
  <a:spaced   >ok</a:spaced  >
</a:root>
`

describe('XmlScanner', () => {
  it('reports elements, captured text, entities, CDATA, and skips comments and attributes', () => {
    const events = scan(SAMPLE, ['item', 'data', 'nested', 'spaced'])
    expect(events).toEqual([
      '<a:root>',
      '<a:item>',
      '</a:item>="Tom & Jerry <3 AB"',
      '<a:empty>',
      '</a:empty>',
      '<a:empty>',
      '</a:empty>',
      '<b:data>',
      '</b:data>="raw <b>text</b> & more"',
      '<a:nested>',
      '<a:inner>',
      '</a:inner>',
      '</a:nested>="beforeinnerafter"',
      '<a:spaced>',
      '</a:spaced>="ok"',
      '</a:root>',
    ])
  })

  it('gives the same events however the input is cut into chunks', () => {
    const whole = scan(SAMPLE, ['item', 'data', 'nested'])
    for (let pieces = 2; pieces <= SAMPLE.length; pieces += 7) {
      expect(scan(SAMPLE, ['item', 'data', 'nested'], pieces)).toEqual(whole)
    }
    expect(scan(SAMPLE, ['item', 'data', 'nested'], SAMPLE.length)).toEqual(whole)
  })

  it('agrees with saxes, the conformant reference parser', () => {
    expect(scan(SAMPLE, ['item', 'data', 'spaced'])).toEqual(
      scanWithSaxes(SAMPLE, ['item', 'data', 'spaced']),
    )
  })

  it.each([
    ['<a><b></a>', /expected <\/b> but found <\/a>/],
    ['<a></a><b></b>', /second root element <b>/],
    ['<a></a>text', /text outside the root element/],
    ['<a><b>', /unexpected end of file: <b> is not closed/],
    ['<a><b', /unexpected end of file inside markup/],
    ['', /no root element/],
    ['<a></b>', /expected <\/a> but found <\/b>/],
    ['<a><1b/></a>', /invalid character after '<'/],
    ['<a x="<">', /'<' inside an attribute value/],
    ['<a>Tom & Jerry</a>', /bare '&'/],
    ['<a>&nbsp;</a>', /unknown entity &nbsp;/],
  ])('rejects %j', (xml, message) => {
    const run = () => {
      const scanner = new XmlScanner(recorder(['a']).handler, 'bad.xml')
      scanner.write(xml)
      scanner.end()
    }
    expect(run).toThrow(BagExtractError)
    expect(run).toThrow(message)
  })

  it('reports the character offset of an error, with the file name', () => {
    const { handler } = recorder([])
    const scanner = new XmlScanner(handler, 'part-000001.xml')
    try {
      scanner.write('<a>\n  <b></c>\n</a>')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(BagExtractError)
      const failure = error as BagExtractError
      expect(failure.file).toBe('part-000001.xml')
      expect(failure.offset).toBe(9)
      expect(failure.message).toBe('part-000001.xml (character 9): expected </b> but found </c>')
    }
  })
})
