/**
 * The error a bad API document fails the build with. It is read by a person in
 * a terminal, so it names the file, the line, the JSON pointer, the rule broken
 * and, where the rule alone does not say it, what to do; it carries no stack
 * trace (the frames would point into this plugin, not at the mistake).
 */

export interface Problem {
  /** JSON pointer of the offending value in its file; "" for the file as a whole. */
  pointer: string;
  message: string;
  /** The file the problem is in, when it is not the document itself but a file it references. */
  file?: string;
  /** 1-based line, when known; otherwise looked up from the pointer in the document. */
  line?: number;
  /** What to do about it, when the message alone does not say. */
  hint?: string;
}

/** One problem in words: where (file, JSON pointer, line), what is wrong and what to do. */
export function describeProblem(
  file: string,
  p: Problem,
  lines: (pointer: string) => number | undefined = () => undefined,
): string {
  const line = p.line ?? (p.file === undefined || p.file === file ? lines(p.pointer) : undefined);
  const where: string[] = [];
  if (p.file !== undefined && p.file !== file) where.push(`in ${p.file}`);
  if (p.pointer !== '')
    where.push(`at JSON pointer "${p.pointer}"${line !== undefined ? ` (line ${line})` : ''}`);
  else if (line !== undefined) where.push(`line ${line}`);
  const head = where.length > 0 ? `${where.join(', ')}: ${p.message}` : p.message;
  return `  - ${head}${p.hint !== undefined ? `\n    What to do: ${p.hint}` : ''}`;
}

/** The error the build fails with: every problem named by file, pointer, line and reason. */
export class SpecError extends Error {
  declare readonly file: string;
  declare readonly problems: Problem[];

  constructor(
    file: string,
    problems: Problem[],
    lines: (pointer: string) => number | undefined = () => undefined,
    summary = `${file} is not a valid API document:`,
  ) {
    super(`${summary}\n${problems.map((p) => describeProblem(file, p, lines)).join('\n')}`);
    // Not enumerable: Node's error printer (Docusaurus shows the error as a `cause`) would list them again.
    Object.defineProperty(this, 'file', {value: file, enumerable: false});
    Object.defineProperty(this, 'problems', {value: problems, enumerable: false});
    this.name = 'SpecError';
    // One message, no stack trace: the frames name this plugin's code, never the document's mistake.
    this.stack = `${this.name}: ${this.message}`;
  }
}
