/**
 * The viewport's colour modes for simulated bodies: 'material' (each body its own colour),
 * 'group' (material groups of the scene), 'strain' (a heat map of per-vertex strain, live),
 * 'force' (a heat map of the largest constraint force at each vertex, live, from the worker: N for
 * ropes and edge springs, Pa for membranes and tets, one scale per unit) and 'quality' (tet
 * quality, solids only). It computes vertex colours, hands them to BodyMeshes and
 * describes the legend; the DOM legend is a view (views/colour-legend.ts).
 */

import type { BodyLayout, ParticleForces } from '../sim/protocol.ts';
import { qualityColour, qualityCss, RAMP_GOOD_DEG } from '../tetra/quality-ramp.ts';
import type { BodyMeshes } from './body-meshes.ts';
import { colourByGroup, type GroupVertices, UNGROUPED_COLOUR } from './group-colours.ts';
import {
  formatStrainPercent,
  heatGradientCss,
  heatLinear,
  nextStrainScale,
  niceCeiling,
} from './heat-ramp.ts';
import { vertexMinDihedralDeg } from './vertex-quality.ts';
import { VertexStrain } from './vertex-strain.ts';

export type ColourMode = 'material' | 'group' | 'strain' | 'force' | 'quality';

export const COLOUR_MODES: readonly { mode: ColourMode; label: string }[] = [
  { mode: 'material', label: 'Material' },
  { mode: 'group', label: 'Group' },
  { mode: 'strain', label: 'Strain' },
  { mode: 'force', label: 'Constraint force' },
  { mode: 'quality', label: 'Tet quality' },
];

/** A body the mode leaves in its own colour, and why. */
export interface Uncoloured {
  body: string;
  reason: string;
}

export type Legend =
  | { kind: 'none' }
  | {
      kind: 'ramp';
      title: string;
      /** Labels at the low and high ends. */
      low: string;
      high: string;
      gradientCss: string;
      uncoloured: Uncoloured[];
    }
  | {
      kind: 'swatches';
      title: string;
      swatches: { name: string; css: string }[];
      uncoloured: Uncoloured[];
    };

interface BodyData {
  layout: BodyLayout;
  strain: VertexStrain | null;
  /** Worst dihedral angle at each vertex, degrees; null without tets. */
  qualityDeg: Float32Array | null;
  /** Scratch: per-vertex scalar and colours. */
  values: Float32Array;
  colours: Float32Array;
}

export class BodyColouring {
  private mode: ColourMode = 'material';
  private bodies: BodyData[] = [];
  private groups: readonly (readonly GroupVertices[] | undefined)[] = [];
  /** Full scale of the strain heat map, dimensionless; null until measured. */
  private strainScale: number | null = null;
  private latest: Float32Array | null = null;
  private forces: ParticleForces | null = null;
  /** Full scale of the force heat map per unit (N, Pa); null until measured. */
  private forceScale: Record<'N' | 'Pa', number | null> = { N: null, Pa: null };

  /** @param onLegend called with the legend whenever it changes */
  constructor(
    private readonly meshes: BodyMeshes,
    private readonly onLegend: (legend: Legend) => void,
  ) {}

  get current(): ColourMode {
    return this.mode;
  }

  /** New bodies at rest (`restPositions`, m, whole world): precomputes what each mode needs. */
  setBodies(layouts: readonly BodyLayout[], restPositions: Float32Array): void {
    this.bodies = layouts.map((layout) => {
      const start = 3 * layout.particleOffset;
      const rest = restPositions.subarray(start, start + 3 * layout.particleCount);
      const tets = layout.tets;
      return {
        layout,
        strain: layout.edges.length > 0 ? new VertexStrain(layout.edges, rest, layout.particleCount) : null,
        qualityDeg: tets && tets.length >= 4 ? vertexMinDihedralDeg(rest, tets, layout.particleCount) : null,
        values: new Float32Array(layout.particleCount),
        colours: new Float32Array(3 * layout.particleCount),
      };
    });
    this.latest = restPositions;
    this.forces = null;
    this.strainScale = null;
    this.forceScale = { N: null, Pa: null };
    this.apply();
  }

  /** Each body's groups (scene order, body-local vertices); undefined for a body without. */
  setGroups(groups: readonly (readonly GroupVertices[] | undefined)[]): void {
    this.groups = groups;
    if (this.mode === 'group') this.apply();
  }

  setMode(mode: ColourMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.strainScale = null;
    this.forceScale = { N: null, Pa: null };
    this.apply();
  }

  /** Why `mode` leaves some bodies uncoloured (empty when it colours them all). */
  uncoloured(mode: ColourMode): Uncoloured[] {
    const out: Uncoloured[] = [];
    this.bodies.forEach((body, i) => {
      const reason =
        mode === 'force' && this.forces !== null && !this.forces.units[i]
          ? 'it has no links, springs, membranes or tets to measure'
          : reasonUncoloured(mode, body);
      if (reason) out.push({ body: body.layout.name, reason });
    });
    return out;
  }

  /** New positions (m, whole world): recolours the bodies when the mode follows the motion. */
  update(positions: Float32Array): void {
    this.latest = positions;
    if (this.mode === 'strain') this.colourStrain(positions, false);
    if (this.mode === 'force') this.colourForces(false);
  }

  /** The latest per-particle constraint forces from the worker (coloured on the next update). */
  setForces(forces: ParticleForces): void {
    this.forces = forces;
  }

  private apply(): void {
    switch (this.mode) {
      case 'material':
        for (let i = 0; i < this.bodies.length; i++) this.meshes.setVertexColours(i, null);
        this.onLegend({ kind: 'none' });
        return;
      case 'group':
        this.colourGroups();
        return;
      case 'strain':
        if (this.latest) this.colourStrain(this.latest, true);
        return;
      case 'force':
        this.colourForces(true);
        return;
      case 'quality':
        this.colourQuality();
        return;
    }
  }

  private colourForces(legendAlways: boolean): void {
    const forces = this.forces;
    const max = { N: 0, Pa: 0 };
    const unitOf = (i: number) => forces?.units[i] ?? null;
    this.bodies.forEach((body, i) => {
      const unit = unitOf(i);
      if (!forces || !unit) return;
      const from = body.layout.particleOffset;
      for (let v = 0; v < body.layout.particleCount; v++)
        max[unit] = Math.max(max[unit], forces.values[from + v]);
    });
    const previous = { ...this.forceScale };
    for (const unit of ['N', 'Pa'] as const) {
      const wanted = max[unit] > 0 ? niceCeiling(max[unit]) : null;
      const scale = this.forceScale[unit];
      if (wanted !== null && (scale === null || wanted > scale || wanted * 4 <= scale))
        this.forceScale[unit] = wanted;
    }
    this.bodies.forEach((body, i) => {
      const unit = unitOf(i);
      const scale = unit ? this.forceScale[unit] : null;
      if (!forces || !unit || scale === null) {
        this.meshes.setVertexColours(i, null);
        return;
      }
      const from = body.layout.particleOffset;
      for (let v = 0; v < body.layout.particleCount; v++)
        heatLinear(forces.values[from + v] / scale, body.colours, 3 * v);
      this.meshes.setVertexColours(i, body.colours);
    });
    if (legendAlways || previous.N !== this.forceScale.N || previous.Pa !== this.forceScale.Pa) {
      this.onLegend({
        kind: 'ramp',
        title: 'Largest constraint force at a vertex',
        low: '0',
        high: forceScaleText(this.forceScale),
        gradientCss: heatGradientCss(),
        uncoloured: this.uncoloured('force'),
      });
    }
  }

  private colourGroups(): void {
    const swatches: { name: string; css: string }[] = [];
    let paletteStart = 0;
    let anyUngrouped = false;
    const named = this.bodies.filter((_, i) => (this.groups[i]?.length ?? 0) > 0).length > 1;
    this.bodies.forEach((body, i) => {
      const groups = this.groups[i] ?? [];
      const coloured = colourByGroup(groups, body.layout.particleCount, body.colours, paletteStart);
      paletteStart += groups.length;
      if (coloured.anyUngrouped) anyUngrouped = true;
      for (const swatch of coloured.swatches) {
        swatches.push({
          name: named ? `${body.layout.name}: ${swatch.name}` : swatch.name,
          css: hexCss(swatch.colour),
        });
      }
      this.meshes.setVertexColours(i, body.colours);
    });
    if (anyUngrouped) swatches.push({ name: 'ungrouped', css: hexCss(UNGROUPED_COLOUR) });
    this.onLegend({ kind: 'swatches', title: 'Groups', swatches, uncoloured: [] });
  }

  private colourStrain(positions: Float32Array, legendAlways: boolean): void {
    let max = 0;
    for (const body of this.bodies) {
      if (!body.strain) continue;
      if (3 * (body.layout.particleOffset + body.layout.particleCount) > positions.length) continue;
      max = Math.max(max, body.strain.measure(positions, body.layout.particleOffset, body.values));
    }
    const previous = this.strainScale;
    const scale = nextStrainScale(previous, max);
    this.strainScale = scale;
    this.bodies.forEach((body, i) => {
      if (!body.strain) {
        this.meshes.setVertexColours(i, null);
        return;
      }
      for (let v = 0; v < body.layout.particleCount; v++)
        heatLinear(body.values[v] / scale, body.colours, 3 * v);
      this.meshes.setVertexColours(i, body.colours);
    });
    if (legendAlways || scale !== previous) {
      this.onLegend({
        kind: 'ramp',
        title: 'Strain |l/l₀ − 1|',
        low: '0%',
        high: formatStrainPercent(scale),
        gradientCss: heatGradientCss(),
        uncoloured: this.uncoloured('strain'),
      });
    }
  }

  private colourQuality(): void {
    this.bodies.forEach((body, i) => {
      const quality = body.qualityDeg;
      if (!quality) {
        this.meshes.setVertexColours(i, null);
        return;
      }
      for (let v = 0; v < quality.length; v++) {
        // A vertex no tet uses has no quality: grey.
        if (Number.isNaN(quality[v])) body.colours.fill(0.3, 3 * v, 3 * v + 3);
        else qualityColour(quality[v], body.colours, 3 * v);
      }
      this.meshes.setVertexColours(i, body.colours);
    });
    const stops = [0, 0.25, 0.5, 0.75, 1].map((s) => qualityCss(s * RAMP_GOOD_DEG));
    this.onLegend({
      kind: 'ramp',
      title: 'Smallest dihedral angle of the tets at a vertex',
      low: '0°',
      high: `≥ ${RAMP_GOOD_DEG}°`,
      gradientCss: `linear-gradient(to right, ${stops.join(', ')})`,
      uncoloured: this.uncoloured('quality'),
    });
  }
}

function reasonUncoloured(mode: ColourMode, body: BodyData): string | null {
  if (mode === 'strain' && !body.strain) return 'it has no edges to measure strain along';
  if (mode === 'quality' && !body.qualityDeg) {
    return body.layout.kind === 'solid'
      ? 'the simulation did not report its tets'
      : `a ${body.layout.kind} has no tets to measure`;
  }
  return null;
}

/** The force heat map's full scale as the legend writes it: "12 N", "50 kPa", "2 N · 5 MPa", or "—". */
export function forceScaleText(scale: Record<'N' | 'Pa', number | null>): string {
  const parts: string[] = [];
  if (scale.N !== null) parts.push(`${Number.parseFloat(scale.N.toPrecision(3))} N`);
  if (scale.Pa !== null) {
    const pa = scale.Pa;
    const [size, unit] = pa >= 1e6 ? [1e6, 'MPa'] : pa >= 1e3 ? [1e3, 'kPa'] : [1, 'Pa'];
    parts.push(`${Number.parseFloat((pa / size).toPrecision(3))} ${unit}`);
  }
  return parts.length > 0 ? parts.join(' · ') : '—';
}

function hexCss(hex: number): string {
  return `#${hex.toString(16).padStart(6, '0')}`;
}
