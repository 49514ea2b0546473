import type { Readable, Writable } from 'node:stream';

/**
 * One log stream for the supervisor and its children. A child's log records (pino's JSON lines)
 * pass through as they are, gaining `"role"` if they lack it; any other line (a crash's stack
 * trace, console output) is prefixed `[role] ` so that it still says where it came from.
 */
export function childLogLine(line: string, role: string): string {
  const record = parseRecord(line);
  if (!record) return `[${role}] ${line}`;
  if ('role' in record) return line;
  // Spliced in rather than re-serialised: the record keeps its fields, order and numbers.
  const field = `"role":${JSON.stringify(role)}`;
  return Object.keys(record).length === 0 ? `{${field}}` : `{${field},${line.slice(1)}`;
}

function parseRecord(line: string): object | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Cuts a stream's text into lines; `end()` hands over a last line that had no line break. */
export class LineSplitter {
  private rest = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(text: string) {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) this.onLine(line);
  }

  end() {
    if (this.rest) this.onLine(this.rest);
    this.rest = '';
  }
}

/** Copies a child's output stream to ours line by line (see childLogLine); stderr stays stderr. */
export function relayLines(from: Readable, to: Writable, role: string) {
  // Decoded as UTF-8 by the stream, so a character split between two chunks arrives whole.
  from.setEncoding('utf8');
  const lines = new LineSplitter((line) => to.write(`${childLogLine(line, role)}\n`));
  from.on('data', (text: string) => lines.push(text));
  from.on('end', () => lines.end());
}
