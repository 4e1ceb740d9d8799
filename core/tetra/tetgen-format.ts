import { TetrahedralizeError } from './errors.ts';
import type { TriangleSoup } from './triangle-bvh.ts';

/**
 * Reading and writing TetGen's text formats (https://wias-berlin.de/software/tetgen/fformats.html):
 * .node (points), .ele (tets) and the OFF surface we hand to it. Pure: the caller does the I/O.
 */

/** OFF text of a triangle surface (17 significant digits: exact doubles). */
export function toOff(soup: TriangleSoup): string {
  const p = soup.positions;
  const ix = soup.indices;
  const lines = ['OFF', `${p.length / 3} ${ix.length / 3} 0`];
  for (let i = 0; i < p.length; i += 3) lines.push(`${p[i]} ${p[i + 1]} ${p[i + 2]}`);
  for (let t = 0; t < ix.length; t += 3) lines.push(`3 ${ix[t]} ${ix[t + 1]} ${ix[t + 2]}`);
  return `${lines.join('\n')}\n`;
}

/** Data lines of a TetGen file: comments (#) and blank lines dropped, split on whitespace. */
function records(text: string, file: string): Rec[] {
  const out: Rec[] = [];
  text.split('\n').forEach((raw, index) => {
    const hash = raw.indexOf('#');
    const body = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (body !== '') out.push({ line: index + 1, fields: body.split(/\s+/) });
  });
  if (out.length === 0) throw new TetrahedralizeError('backend', `${file} is empty.`);
  return out;
}

type Rec = { line: number; fields: string[] };

function fail(file: string, rec: Rec, message: string): never {
  throw new TetrahedralizeError('backend', `${file}:${rec.line}: ${message}`);
}

function numberAt(rec: Rec, k: number, file: string): number {
  const v = Number(rec.fields[k]);
  if (rec.fields[k] === undefined || !Number.isFinite(v))
    fail(file, rec, `expected a number in field ${k + 1}.`);
  return v;
}

/**
 * A count or an index: a whole number from `min` to `max`. Counts size the arrays, so a negative,
 * fractional or absurd one is refused here, by name, before anything is allocated.
 */
function integerAt(rec: Rec, k: number, file: string, what: string, min: number, max = Infinity): number {
  const v = numberAt(rec, k, file);
  if (!Number.isInteger(v) || v < min || v > max) {
    const range = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
    fail(file, rec, `${what} must be a whole number ${range}, got ${clip(rec.fields[k])}.`);
  }
  return v;
}

/**
 * Parses .node and .ele text into positions and 0-based tets. The index base is taken from the
 * first point's index (TetGen writes 1-based unless run with -z). TetGen's vertex order is
 * already positively oriented in our convention (signed volume det[b−a, c−a, d−a] > 0).
 * Every count must be a whole number no larger than the records the file holds.
 */
export function parseTetgenMesh(
  nodeText: string,
  eleText: string,
  names = { node: '.node', ele: '.ele' },
): { positions: Float64Array; tets: Uint32Array } {
  const nodes = records(nodeText, names.node);
  const header = nodes[0];
  const count = integerAt(header, 0, names.node, 'the point count', 0);
  if (numberAt(header, 1, names.node) !== 3) fail(names.node, header, 'expected 3D points.');
  if (nodes.length - 1 < count) {
    fail(names.node, header, `the header promises ${count} points, found ${nodes.length - 1}.`);
  }
  const base = count > 0 ? integerAt(nodes[1], 0, names.node, 'the first point index', 0, 1) : 0;
  const positions = new Float64Array(3 * count);
  const seen = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const rec = nodes[i + 1];
    const id = integerAt(rec, 0, names.node, 'a point index', base, base + count - 1) - base;
    if (seen[id]) fail(names.node, rec, `point ${id + base} is listed twice.`);
    seen[id] = 1;
    for (let k = 0; k < 3; k++) positions[3 * id + k] = numberAt(rec, k + 1, names.node);
  }
  const eles = records(eleText, names.ele);
  const tetCount = integerAt(eles[0], 0, names.ele, 'the tet count', 0);
  const corners = numberAt(eles[0], 1, names.ele);
  if (corners !== 4 && corners !== 10) fail(names.ele, eles[0], `expected 4-node tets, got ${corners}.`);
  if (eles.length - 1 < tetCount) {
    fail(names.ele, eles[0], `the header promises ${tetCount} tets, found ${eles.length - 1}.`);
  }
  const tets = new Uint32Array(4 * tetCount);
  for (let t = 0; t < tetCount; t++) {
    const rec = eles[t + 1];
    for (let k = 0; k < 4; k++) {
      const v = numberAt(rec, k + 1, names.ele) - base;
      if (!Number.isInteger(v) || v < 0 || v >= count) fail(names.ele, rec, 'vertex index out of range.');
      tets[4 * t + k] = v;
    }
  }
  return { positions, tets };
}

/** A field as written, cut for a message (a field may be megabytes of digits). */
function clip(field: string): string {
  return field.length > 40 ? `${field.slice(0, 37)}...` : field;
}
