import type { Embedding } from './embed.ts';
import { TetrahedralizeError } from './errors.ts';

/** What the writers need: positions (m) and 4 vertex ids per positively oriented tet. */
export interface TetMeshData {
  positions: ArrayLike<number>;
  tets: ArrayLike<number>;
  embedding?: Embedding;
}

/** One file to write: a path and its text. */
export interface OutputFile {
  path: string;
  text: string;
}

/** Output formats by file extension. */
export type TetFileFormat = 'json' | 'tetgen' | 'gmsh';

/**
 * The format a path asks for: .json, .node or .ele (TetGen: both files are written, beside
 * each other), .msh (gmsh 2.2 ASCII). Throws TetrahedralizeError('invalid-option') otherwise.
 */
export function formatForPath(path: string): TetFileFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.node') || lower.endsWith('.ele')) return 'tetgen';
  if (lower.endsWith('.msh')) return 'gmsh';
  throw new TetrahedralizeError(
    'invalid-option',
    `Cannot tell the output format of '${path}': use .json, .node (TetGen .node + .ele) or .msh (gmsh 2.2).`,
  );
}

/** The files that represent `mesh` at `path` (format by extension). */
export function tetMeshFiles(mesh: TetMeshData, path: string): OutputFile[] {
  const format = formatForPath(path);
  if (format === 'json') return [{ path, text: toJson(mesh) }];
  if (format === 'gmsh') return [{ path, text: toGmsh22(mesh) }];
  const base = path.replace(/\.(node|ele)$/i, '');
  return [
    { path: `${base}.node`, text: toTetgenNode(mesh) },
    { path: `${base}.ele`, text: toTetgenEle(mesh) },
  ];
}

/** Shortest decimal text that reads back to the same float32 value (9 significant digits suffice). */
function num(v: number): string {
  return String(Number(Math.fround(v).toPrecision(9)));
}

/**
 * `{ "vertices": [x, y, z, …], "tets": [a, b, c, d, …] }` (metres, 0-based ids), plus
 * `"embedding": { "tets": [...], "weights": [w0, w1, w2, w3, …] }` in embedded mode.
 */
export function toJson(mesh: TetMeshData): string {
  const vertices = Array.from(mesh.positions, num).join(',');
  const tets = Array.from(mesh.tets).join(',');
  let text = `{"vertices":[${vertices}],"tets":[${tets}]`;
  if (mesh.embedding) {
    const e = mesh.embedding;
    text += `,"embedding":{"tets":[${Array.from(e.tet).join(',')}],"weights":[${Array.from(e.weights, num).join(',')}]}`;
  }
  return `${text}}\n`;
}

/** TetGen .node: `count 3 0 0`, then `index x y z` (0-based indices). */
export function toTetgenNode(mesh: TetMeshData): string {
  const n = Math.floor(mesh.positions.length / 3);
  const lines = [`${n} 3 0 0`];
  const p = mesh.positions;
  for (let i = 0; i < n; i++) lines.push(`${i} ${num(p[3 * i])} ${num(p[3 * i + 1])} ${num(p[3 * i + 2])}`);
  return `${lines.join('\n')}\n`;
}

/** TetGen .ele: `count 4 0`, then `index a b c d` (0-based, same orientation as TetGen's). */
export function toTetgenEle(mesh: TetMeshData): string {
  const n = Math.floor(mesh.tets.length / 4);
  const t = mesh.tets;
  const lines = [`${n} 4 0`];
  for (let i = 0; i < n; i++) lines.push(`${i} ${t[4 * i]} ${t[4 * i + 1]} ${t[4 * i + 2]} ${t[4 * i + 3]}`);
  return `${lines.join('\n')}\n`;
}

/** gmsh MSH 2.2 ASCII: nodes, then 4-node tetrahedra (element type 4), 1-based. */
export function toGmsh22(mesh: TetMeshData): string {
  const n = Math.floor(mesh.positions.length / 3);
  const m = Math.floor(mesh.tets.length / 4);
  const p = mesh.positions;
  const t = mesh.tets;
  const lines = ['$MeshFormat', '2.2 0 8', '$EndMeshFormat', '$Nodes', String(n)];
  for (let i = 0; i < n; i++)
    lines.push(`${i + 1} ${num(p[3 * i])} ${num(p[3 * i + 1])} ${num(p[3 * i + 2])}`);
  lines.push('$EndNodes', '$Elements', String(m));
  // Tags: physical group 1, elementary entity 1.
  for (let i = 0; i < m; i++) {
    lines.push(
      `${i + 1} 4 2 1 1 ${t[4 * i] + 1} ${t[4 * i + 1] + 1} ${t[4 * i + 2] + 1} ${t[4 * i + 3] + 1}`,
    );
  }
  lines.push('$EndElements');
  return `${lines.join('\n')}\n`;
}
