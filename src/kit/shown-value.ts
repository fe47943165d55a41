import { z } from 'zod'

/** What sites print where they have no value: the field is absent, not malformed. */
const SAYS_NOTHING =
  /^(?:onbekend|unknown|niet (?:beschikbaar|bekend|opgegeven|van toepassing)|not (?:available|known|specified|applicable)|n\.?v\.?t|n\/?a|geen|none|[-–—?]+)\.?$/i

/** Quoted texts in a reason are cut to this: the reason names the value, the reject keeps it whole. */
const MAX_QUOTED = 60

const quote = (text: string) =>
  JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text)

/** True when a text a site shows stands for no value at all: empty, blank, "onbekend", "n.v.t.", "-". */
function saysNothing(text: string): boolean {
  const t = text.trim()
  return t === '' || SAYS_NOTHING.test(t)
}

/**
 * A listing field that has a form (a postcode, an area, a year), given as its value or as the text the site shows.
 * Text is read with `read`: text that says nothing is absent, like null or leaving the field out, and any other text
 * `read` cannot make sense of is an issue that names it. So a value a site does not give is never a reason to reject
 * a listing, and a value it gives that is not what it should be always is, in every source: it is never stored as
 * missing. A value given as such (a JSON number) is checked by `value` alone.
 */
export function shownAs<Input extends z.ZodType<string | number>, Output extends z.ZodType>(
  input: Input,
  value: Output,
  read: (text: string) => z.input<Output> | null,
  what: string,
) {
  return input
    .nullish()
    .transform((given, ctx): unknown => {
      if (typeof given !== 'string') return given ?? null
      if (saysNothing(given)) return null
      const parsed = read(given.trim())
      if (parsed !== null) return parsed
      ctx.addIssue({ code: 'custom', message: `${quote(given.trim())} is not ${what}` })
      return z.NEVER
    })
    .pipe(value.nullable())
}
