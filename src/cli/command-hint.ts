/**
 * A command as the CLI's hints print it: the form that works when copied in the project folder of any clone.
 * Nothing puts `propdata` itself on PATH (`npm link` would), so the hints go through the package's `cli` script.
 */
export function cliCommand(args: string): string {
  return `npm run cli -- ${args}`
}
