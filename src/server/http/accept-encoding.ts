/**
 * Content negotiation for Accept-Encoding: br, gzip, deflate and identity on offer, br and gzip
 * preferred on equal quality, choosing exactly as the `negotiator` package (0.6.4) would. The
 * site's compression (./compress.ts), the response cache and the precompressed assets all ask
 * here, so an answer is encoded the same way whichever of them sends it.
 */
type ContentCoding = 'br' | 'gzip' | 'deflate' | 'identity';

const OFFERED: readonly ContentCoding[] = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED: readonly string[] = ['br', 'gzip'];
const SIMPLE = /^\s*([^\s;]+)\s*(?:;(.*))?$/;

interface Accepted {
  encoding: string;
  q: number;
  i: number;
}

interface Priority {
  encoding: string;
  i: number;
  o: number;
  q: number;
  s: number;
}

function parse(header: string): Accepted[] {
  const parts = header.split(',');
  const accepted: Accepted[] = [];
  let hasIdentity = false;
  let minQuality = 1;
  for (let i = 0; i < parts.length; i++) {
    const match = SIMPLE.exec(parts[i]!.trim());
    if (!match) continue;
    let q = 1;
    if (match[2]) {
      for (const param of match[2].split(';')) {
        const [name, value] = param.trim().split('=');
        if (name === 'q') {
          q = parseFloat(value!);
          break;
        }
      }
    }
    const encoding = match[1]!;
    accepted.push({ encoding, q, i });
    hasIdentity ||= encoding === '*' || encoding.toLowerCase() === 'identity';
    minQuality = Math.min(minQuality, q || 1);
  }
  // Identity not named: acceptable at the lowest quality given.
  if (!hasIdentity) accepted.push({ encoding: 'identity', q: minQuality, i: parts.length });
  return accepted;
}

function priorityOf(encoding: string, accepted: Accepted[], index: number): Priority {
  let priority: Priority = { encoding, i: index, o: -1, q: 0, s: 0 };
  for (const spec of accepted) {
    const s = spec.encoding.toLowerCase() === encoding ? 1 : spec.encoding === '*' ? 0 : -1;
    if (s < 0) continue;
    // Same expression as the negotiator, NaN qualities included.
    if ((priority.s - s || priority.q - spec.q || priority.o - spec.i) < 0) priority = { encoding, i: index, o: spec.i, q: spec.q, s };
  }
  return priority;
}

function compare(a: Priority, b: Priority): number {
  if (a.q !== b.q) return b.q - a.q;
  const aPreferred = PREFERRED.indexOf(a.encoding);
  const bPreferred = PREFERRED.indexOf(b.encoding);
  if (aPreferred === -1 && bPreferred === -1) return b.s - a.s || a.o - b.o || a.i - b.i;
  if (aPreferred !== -1 && bPreferred !== -1) return aPreferred - bPreferred;
  return aPreferred === -1 ? 1 : -1;
}

function negotiate(header: string): ContentCoding | undefined {
  const accepted = parse(header);
  const best = OFFERED.map((encoding, index) => priorityOf(encoding, accepted, index))
    .filter((priority) => priority.q > 0)
    .sort(compare)[0];
  return best?.encoding as ContentCoding | undefined;
}

// Browsers send a handful of distinct headers; remembering the answers keeps negotiation off the hot path.
const remembered = new Map<string, ContentCoding | undefined>();

/**
 * The coding to send for this Accept-Encoding header; undefined when none is acceptable (the
 * middleware then sends the body unencoded). No header means identity.
 */
export function negotiateEncoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return 'identity';
  if (remembered.has(header)) return remembered.get(header);
  const coding = negotiate(header);
  if (remembered.size >= 256) remembered.clear();
  remembered.set(header, coding);
  return coding;
}
