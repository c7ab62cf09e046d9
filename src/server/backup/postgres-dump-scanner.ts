/** A statement line longer than this is no line pg_restore writes for the site's data section. */
const MAX_LINE = 64 * 1024;
const MAX_CAPTURE = 1024 * 1024;
const NEWLINE = 0x0a;

export class DumpRefused extends Error {}

/**
 * A statement of a data section with what varies between genuine dumps blanked: a sequence's
 * position, and the random key of pg_restore's `\restrict` lines.
 */
export function normalizeStatement(line: string): string {
  return line
    .replace(/^(SELECT pg_catalog\.setval\('[A-Za-z0-9_."]+', )\d{1,19}, (true|false)(\);)$/, '$1N, B$3')
    .replace(/^\\(un)?restrict \S+$/, '\\$1restrict');
}

/**
 * Reads the data section of a dump as pg_restore writes it as a script, line by line, without
 * keeping the rows: outside the rows of a COPY, every line must be a comment or one of the
 * `statements` a dump of the site's own migrations holds (null: collect them instead, for the
 * reference). The rows themselves only go to the server as COPY data, never as SQL, so they are
 * passed over; a row that looks like the end of the data (`\.`) ends it here as it would in psql,
 * and whatever follows must again be a statement of the site's. The rows of one table
 * (`capture`, the migrator's journal) are kept, to be compared whole.
 */
export class DumpScanner {
  readonly statements: Set<string>;
  captured = '';
  private readonly allowed: Set<string> | null;
  private readonly capture: string;
  private inData = false;
  private capturing = false;
  private parts: Buffer[] = [];
  private length = 0;
  private readonly copied = new Set<string>();

  constructor(options: { statements: Set<string> | null; capture: string }) {
    this.allowed = options.statements;
    this.statements = options.statements ?? new Set();
    this.capture = options.capture;
  }

  write(chunk: Buffer): void {
    for (let start = 0; start < chunk.length;) {
      const end = chunk.indexOf(NEWLINE, start);
      this.take(chunk.subarray(start, end === -1 ? chunk.length : end));
      if (end === -1) return;
      this.endLine();
      start = end + 1;
    }
  }

  end(): void {
    if (this.length > 0) this.endLine();
    if (this.inData) throw new DumpRefused('ends inside the rows of a table.');
  }

  private take(bytes: Buffer): void {
    // A row needs only its first two bytes looked at (is it `\.`?), unless it is a captured one.
    const keep = !this.inData || this.capturing ? MAX_LINE : 2;
    if (this.length < keep) this.parts.push(bytes.subarray(0, keep - this.length));
    this.length += bytes.length;
    if (this.length > MAX_LINE && (!this.inData || this.capturing)) throw new DumpRefused('holds a line longer than the site ever writes there.');
  }

  private endLine(): void {
    const text = Buffer.concat(this.parts).toString('utf8');
    const length = this.length;
    this.parts = [];
    this.length = 0;
    if (this.inData) {
      if (!text.startsWith('\\.')) {
        if (this.capturing && (this.captured += `${text}\n`).length > MAX_CAPTURE) throw new DumpRefused('holds more migrations than the site has.');
        return;
      }
      if (length !== 2) throw new DumpRefused("holds a damaged end of a table's rows.");
      this.inData = this.capturing = false;
      return;
    }
    // A carriage return ends an SQL comment: a "comment" could hide a statement after it.
    if (text.includes('\r')) throw new DumpRefused('holds a carriage return outside its rows.');
    if (text === '' || text.startsWith('--')) return;
    const statement = normalizeStatement(text);
    if (this.allowed === null) this.statements.add(statement);
    else if (!this.allowed.has(statement)) throw new DumpRefused(`holds a statement a dump of this site never holds: ${text.slice(0, 160)}`);
    const copy = /^COPY (\S+) \(.*\) FROM stdin;$/.exec(text);
    if (copy) {
      if (this.copied.has(copy[1]!)) throw new DumpRefused(`holds the rows of ${copy[1]} twice.`);
      this.copied.add(copy[1]!);
      this.inData = true;
      this.capturing = copy[1] === this.capture;
    }
  }
}
