/** A registered source that a run over every source did not read, and why. */
export interface LeftOutSource {
  readonly source: string
  /** Why, and how to read it anyway: "its terms forbid automated collection (name it with --sources to crawl it)". */
  readonly reason: string
}

/** How the run's log and report word a source left out: one line, the source first. */
export const leftOutLine = ({ source, reason }: LeftOutSource): string => `${source}: left out: ${reason}`
