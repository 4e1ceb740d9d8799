/**
 * The properties panel for the selected body: a mesh body's transform (transform-section.ts), material (library picker, E with kPa/MPa, ν, ρ,
 * thickness), damping ratio, constraint model, what the solver gets, and the solver settings.
 * While an imported mesh is shown static it shows that mesh instead (static-mesh-properties.ts).
 * Every change goes through Editor.edit (one undoable step each). Values are SI inside; the
 * panel converts at the edge (kPa/MPa, mm, ms).
 */
import { builtInMaterials } from '../../../core/material/library.ts';
import type { OrthotropicCloth } from '../../../core/material/orthotropic.ts';
import { CONSTRAINT_MODEL_INFO } from '../../../core/scene/models.ts';
import type { BodySpec, ConstraintModel } from '../../../core/scene/scene.ts';
import {
  DEFAULT_AIR_DENSITY_KG_M3,
  DEFAULT_DRAG_COEFFICIENT,
  DEFAULT_LIFT_COEFFICIENT,
} from '../../../core/setup/compile-air.ts';
import { FrameCostClient } from '../budget/frame-cost-client.ts';
import { solverView } from '../editor/compliance-range.ts';
import { contactThicknessM, setContactBetweenBodies, setContactThickness } from '../editor/contact-edits.ts';
import type { Editor } from '../editor/editor.ts';
import {
  applyLibraryMaterial,
  DEFAULT_PLASTICITY,
  modelsForShape,
  setAerodynamics,
  setAirField,
  setCompensation,
  setConstraintModel,
  setDampingRatio,
  setGroupPlasticity,
  setMaterialField,
  setOrthotropicField,
  setShapeMatching,
  setSolverField,
  setWarpDirection,
} from '../editor/scene-edits.ts';
import type { MeshFrameChoice } from '../mesh/import-frame.ts';
import { el } from '../views/dom.ts';
import { pacedWhileAttached } from '../views/readout-pacer.ts';
import { abSection, compareSection } from './ab-section.ts';
import type { ClothChoices } from './cloth-from-mesh-section.ts';
import { clothSections } from './cloth-section.ts';
import { constraintForceText } from './constraint-force-text.ts';
import { keepFocusedField, numberField, row, section, select, selectField } from './fields.ts';
import { budgetFields, frameCostSection } from './frame-cost-section.ts';
import { defaultModulusUnit, MODULUS_UNITS, type ModulusUnit, typedModulusPa } from './modulus-unit.ts';
import { ragdollSection } from './ragdoll-section.ts';
import { type OpenMesh, staticMeshSections } from './static-mesh-properties.ts';
import { transformSection } from './transform-section.ts';
import { watchMany } from './watch-many.ts';

/** The mesh shown static, when there is one, and what turns it into a body. */
export interface StaticMeshSource {
  /** The open mesh, or null while the scene is shown. */
  current(): OpenMesh | null;
  /** Calls `listener` when the open mesh changes (another, or none); returns the unsubscribe. */
  watch(listener: () => void): () => void;
  simulate(): void;
  /** Reads the mesh's file again in other units or with another up axis. */
  reimport(frame: MeshFrameChoice): void;
  /** Adds the open mesh's surface to the scene as cloth, as it is. */
  simulateCloth(choices: ClothChoices): void;
  /** Reads the mesh's file again through core's repairs. */
  repair?(): void;
}

export function mountProperties(
  container: HTMLElement,
  editor: Editor,
  staticMesh?: StaticMeshSource,
): () => void {
  const body = el('div', { className: 'properties-body', testId: 'properties' });
  container.append(el('h2', { className: 'panel-title', text: 'Properties' }), body);
  /** The unit picked per body name; chosen from the magnitude until the user picks one. */
  const modulusUnits = new Map<string, ModulusUnit>();
  const frameCosts = new FrameCostClient(
    undefined,
    undefined,
    undefined,
    () => editor.pendingRefinements?.()?.settled ?? null,
  );

  const render = () => {
    const { scene, selectedBody } = editor.state;
    const restoreFocus = keepFocusedField();
    const spec = selectedBody === null ? undefined : scene.bodies[selectedBody];
    const open = staticMesh?.current() ?? null;
    if (open) {
      frameCosts.release();
      body.replaceChildren(
        ...staticMeshSections(
          open,
          () => staticMesh?.simulate(),
          (frame) => staticMesh?.reimport(frame),
          (choices) => staticMesh?.simulateCloth(choices),
          staticMesh?.repair && (() => staticMesh.repair?.()),
        ),
      );
      return;
    }
    const sections: HTMLElement[] = [];
    if (spec && selectedBody !== null)
      sections.push(
        ...bodySections(editor, selectedBody, spec, modulusUnits, render),
        frameCostSection(editor, spec.name, frameCosts),
      );
    else {
      frameCosts.release();
      sections.push(el('p', { className: 'panel-note', text: 'Select a body in the outliner.' }));
    }
    const ab = abSection(editor);
    if (ab) sections.push(ab);
    sections.push(solverSection(editor));
    body.replaceChildren(...sections);
    // A rebuild keeps the keyboard where it was, and what was being typed there.
    restoreFocus(body);
  };
  const unwatch = [
    watchMany(editor.store, [(s) => s.scene, (s) => s.selectedBody], render),
    staticMesh?.watch(render),
    frameCosts.watch(render),
  ];
  return () => {
    for (const u of unwatch) u?.();
    frameCosts.dispose();
  };
}

function bodySections(
  editor: Editor,
  index: number,
  spec: BodySpec,
  modulusUnits: Map<string, ModulusUnit>,
  rerender: () => void,
): HTMLElement[] {
  const material = spec.material;
  const isCloth = spec.model === 'cloth';
  const unit = modulusUnits.get(spec.name) ?? defaultModulusUnit(material.youngModulusPa);
  /** The modulus field, set once it is built (the picker sits inside its row). */
  let modulusInput: HTMLInputElement | null = null;
  const unitPicker = select<ModulusUnit>({
    testId: 'prop-youngs-unit',
    value: unit,
    title: "Unit of Young's modulus",
    choices: [
      { value: 'kPa', text: 'kPa' },
      { value: 'MPa', text: 'MPa' },
    ],
    onChange: (next) => {
      // A number typed but not yet committed is committed first, in the unit it was typed in;
      // the rebuilt field then shows the same modulus in the new unit.
      const typed = modulusInput && typedModulusPa(modulusInput.value, material.youngModulusPa, unit);
      modulusUnits.set(spec.name, next);
      if (typed !== null && typed !== undefined)
        editor.edit((scene) => setMaterialField(scene, index, 'youngModulusPa', typed));
      rerender();
    },
  });
  const libraryKind = isCloth ? 'cloth' : 'solid';
  const library = builtInMaterials().filter((m) => m.kind === libraryKind);
  const edit = (make: Parameters<Editor['edit']>[0]) => editor.edit(make);

  const modulusRow = numberField({
    label: "Young's modulus",
    testId: 'prop-youngs-modulus',
    value: material.youngModulusPa / MODULUS_UNITS[unit],
    unit: unitPicker,
    title: "Young's modulus E (small-strain stiffness)",
    onCommit: (value) =>
      edit((scene) => setMaterialField(scene, index, 'youngModulusPa', value * MODULUS_UNITS[unit])),
  });
  modulusInput = modulusRow.querySelector('input');

  const materialSection = section(
    'Material',
    selectField({
      label: 'Library',
      testId: 'prop-material',
      // The library material the body's numbers are (its name goes when a number is edited).
      value: library.some((m) => m.name === material.name) ? (material.name ?? '') : '',
      title: 'Take E, ν, ρ, thickness and damping from a built-in material',
      choices: [
        { value: '', text: 'Custom (pick one to apply)' },
        ...library.map((m) => ({ value: m.name, text: m.name })),
      ],
      onChange: (name) => {
        const chosen = library.find((m) => m.name === name);
        if (chosen) edit((scene) => applyLibraryMaterial(scene, index, chosen));
      },
    }),
    modulusRow,
    numberField({
      label: "Poisson's ratio",
      testId: 'prop-poisson',
      value: material.poissonRatio,
      title: "Poisson's ratio ν, 0 ≤ ν < 0.5",
      onCommit: (value) => edit((scene) => setMaterialField(scene, index, 'poissonRatio', value)),
    }),
    numberField({
      label: 'Density',
      testId: 'prop-density',
      value: material.densityKgM3,
      unit: 'kg/m³',
      onCommit: (value) => edit((scene) => setMaterialField(scene, index, 'densityKgM3', value)),
    }),
    ...(isCloth
      ? [
          numberField({
            label: 'Thickness',
            testId: 'prop-thickness',
            value: (material.thicknessM ?? 0) * 1000,
            unit: 'mm',
            onCommit: (value) => edit((scene) => setMaterialField(scene, index, 'thicknessM', value / 1000)),
          }),
          ...warpWeftFields(spec, (field, value) =>
            edit((scene) => setOrthotropicField(scene, index, field, value)),
          ),
          selectField<WarpChoice>({
            label: 'Warp direction',
            testId: 'prop-warp-direction',
            value: warpChoiceOf(spec.warpDirection),
            title:
              'The warp (yarns along the bolt) in the cloth plane: uses the warp/weft constants; isotropic uses E and ν',
            choices: [
              { value: 'isotropic', text: 'None (isotropic)' },
              { value: 'x', text: 'Along x' },
              { value: 'z', text: 'Along z' },
              ...(warpChoiceOf(spec.warpDirection) === 'other'
                ? [{ value: 'other' as const, text: 'Other (scene file)' }]
                : []),
            ],
            onChange: (choice) =>
              edit((scene) =>
                setWarpDirection(
                  scene,
                  index,
                  choice === 'x' ? [1, 0, 0] : choice === 'z' ? [0, 0, 1] : null,
                ),
              ),
          }),
        ]
      : []),
  );

  const behaviour = section(
    'Behaviour',
    numberField({
      label: 'Damping ratio',
      testId: 'prop-damping',
      value: spec.dampingRatio ?? 0,
      title: 'ζ: 0 none, 1 critical (per constraint)',
      onCommit: (value) => edit((scene) => setDampingRatio(scene, index, value)),
    }),
    selectField<ConstraintModel>({
      label: 'Constraint model',
      testId: 'prop-model',
      value: spec.model,
      choices: modelsForShape(spec.shape, spec.model).map((model) => ({
        value: model,
        text: CONSTRAINT_MODEL_INFO[model].label,
      })),
      onChange: (model) => edit((scene) => setConstraintModel(scene, index, model)),
    }),
    ...(spec.model === 'rope' || spec.model === 'ragdoll'
      ? []
      : [
          numberField({
            label: 'Drag C_d',
            testId: 'prop-drag',
            value: spec.aerodynamics?.dragCoefficient ?? DEFAULT_DRAG_COEFFICIENT,
            title:
              'Air drag ½ρ·C_d·A·|n·v̂|·|v|² per surface triangle, against its velocity relative to the wind; felt once the scene has wind (Solver → Wind) or this is set',
            onCommit: (value) => edit((scene) => setAerodynamics(scene, index, 'dragCoefficient', value)),
          }),
          numberField({
            label: 'Lift C_l',
            testId: 'prop-lift',
            value: spec.aerodynamics?.liftCoefficient ?? DEFAULT_LIFT_COEFFICIENT,
            title: 'Air lift ½ρ·C_l·A·|v|²·|cos θ|·sin θ per surface triangle, across the relative velocity',
            onCommit: (value) => edit((scene) => setAerodynamics(scene, index, 'liftCoefficient', value)),
          }),
        ]),
    ...shapeMatchingFields(spec, (timeConstantS) =>
      edit((scene) => setShapeMatching(scene, index, timeConstantS)),
    ),
  );

  const transform = transformSection(editor, index, spec);
  const ragdoll = ragdollSection(editor, index, spec);
  return [
    el('div', { className: 'panel-subject', text: spec.name, testId: 'prop-body-name' }),
    ...(transform ? [transform] : []),
    materialSection,
    behaviour,
    ...(ragdoll ? [ragdoll] : []),
    ...(spec.groups?.length ? [groupsSection(editor, index, spec)] : []),
    solverGets(editor, spec),
    ...clothSections(editor, index, spec),
    metricsSection(editor, index),
    compareSection(editor, index, spec),
  ];
}

/** Shape matching's toggle and, when on, its time constant τ (shown in ms). */
function shapeMatchingFields(spec: BodySpec, set: (timeConstantS: number | null) => void): HTMLElement[] {
  const timeConstantS = spec.shapeMatching?.timeConstantS;
  return [
    selectField<'on' | 'off'>({
      label: 'Shape matching',
      testId: 'prop-shape-matching',
      value: timeConstantS === undefined ? 'off' : 'on',
      title: 'Pull the body towards its rest shape, rotated and moved as a whole (for stiff props)',
      choices: [
        { value: 'off', text: 'Off' },
        { value: 'on', text: 'On' },
      ],
      onChange: (value) => set(value === 'on' ? (timeConstantS ?? DEFAULT_SHAPE_MATCHING_S) : null),
    }),
    ...(timeConstantS === undefined
      ? []
      : [
          numberField({
            label: 'Recovery time τ',
            testId: 'prop-shape-matching-tau',
            value: timeConstantS * 1000,
            unit: 'ms',
            title: 'A deformation fades as exp(−t/τ); 1 ms holds a prop rigid',
            onCommit: (value) => set(value / 1000),
          }),
        ]),
  ];
}

/** τ a body gets when shape matching is switched on, s. */
const DEFAULT_SHAPE_MATCHING_S = 0.02;

/**
 * Per material group, its plasticity (core/sim/plasticity.ts): yield strain in % and creep rate in
 * 1/s; creep rate 0 means elastic. Plastic state is simulation state: Reset restores the rest shapes.
 */
function groupsSection(editor: Editor, index: number, spec: BodySpec): HTMLElement {
  const fields = (spec.groups ?? []).flatMap((group, j) => [
    numberField({
      label: `${group.name}: yield`,
      testId: `prop-group-${j}-yield`,
      value: 100 * (group.plasticity ?? DEFAULT_PLASTICITY).yieldStrain,
      unit: '%',
      title:
        'Yield strain ε_y = σ_y/E: past it the rest shape creeps toward the current shape (permanent set)',
      onCommit: (value) =>
        editor.edit((scene) => setGroupPlasticity(scene, index, j, 'yieldStrain', value / 100)),
    }),
    numberField({
      label: `${group.name}: creep rate`,
      testId: `prop-group-${j}-creep`,
      value: group.plasticity?.creepRatePerS ?? 0,
      unit: '1/s',
      title: 'How fast the strain past yield flows into the rest shape; 0: elastic (no plasticity)',
      onCommit: (value) =>
        editor.edit((scene) => setGroupPlasticity(scene, index, j, 'creepRatePerS', value)),
    }),
  ]);
  return section('Group plasticity', ...fields);
}

const sci = (value: number) => (Number.isFinite(value) ? value.toExponential(2) : '∞');

function solverGets(editor: Editor, spec: BodySpec): HTMLElement {
  const mesh = spec.shape.type === 'mesh' ? editor.state.meshes.get(spec.shape.path) : undefined;
  const view = solverView(editor.state.scene, spec, mesh);
  const lines = view.lines.map((line) =>
    row(
      line.name,
      el('span', {
        className: 'readout',
        text:
          line.min === line.max
            ? `${sci(line.min)} ${line.unit}`
            : `${sci(line.min)} – ${sci(line.max)} ${line.unit}`,
      }),
    ),
  );
  if (view.resolution !== null) {
    const r = el('span', {
      className: `readout${view.resolution > 0.25 ? ' readout-warning' : ''}`,
      testId: 'prop-resolution',
      text: view.resolution.toFixed(3),
      title: 'r = h·c/l; the material is reproduced for r ≤ 0.25, beyond it the body is softer',
    });
    lines.push(row('r = h·c/l', r));
  }
  for (const c of view.compensation) {
    const text = c.reachable
      ? `×${c.stiffnessScale.toFixed(2)} (r ${c.resolution.toFixed(2)})`
      : `×${c.stiffnessScale.toFixed(2)}: ${Math.round(100 * c.predictedRatio)}% of the material; ${c.substepsToReach} substeps reach it (×${(c.substepsToReach / editor.state.scene.solver.substeps).toFixed(1)} the cost)`;
    lines.push(
      row(
        `${c.name} ${c.stiffnessScale < 1 ? 'softened' : 'stiffened'}`,
        el('span', {
          className: `readout${c.reachable ? '' : ' readout-warning'}`,
          testId: 'prop-compensation',
          text,
          title:
            'Budget compensation: one Gauss-Seidel pass per substep leaves a body softer by about β·r²; the compliances above are divided by this scale so that at these substeps the body is as stiff as its material (Solver → compensation)',
        }),
      ),
    );
  }
  if (view.note) lines.push(el('p', { className: 'panel-note', text: view.note }));
  return section('What the solver gets', ...lines);
}

function solverSection(editor: Editor): HTMLElement {
  const { solver, air } = editor.state.scene;
  return section(
    'Solver',
    numberField({
      label: 'Frame dt',
      testId: 'solver-dt',
      value: solver.dt * 1000,
      unit: 'ms',
      onCommit: (value) => editor.edit((scene) => setSolverField(scene, 'dt', value / 1000)),
    }),
    numberField({
      label: 'Substeps',
      testId: 'solver-substeps',
      value: solver.substeps,
      onCommit: (value) => editor.edit((scene) => setSolverField(scene, 'substeps', value)),
    }),
    selectField<'auto' | 'off'>({
      label: 'Compensation',
      testId: 'solver-compensation',
      value: solver.compensation ?? 'auto',
      choices: [
        { value: 'auto', text: 'material-true at these substeps' },
        { value: 'off', text: 'off (plain compliances)' },
      ],
      title:
        "Budget compensation: one Gauss-Seidel pass per substep leaves a body softer than its material by about β·(h·c/l)²; 'material-true' stiffens each body's constraints so that at these substeps it is as stiff as its material, in the preview and in every export",
      onChange: (mode) => editor.edit((scene) => setCompensation(scene, mode)),
    }),
    ...(['x', 'y', 'z'] as const).map((name, axis) =>
      numberField({
        label: `Wind ${name}`,
        testId: `solver-wind-${name}`,
        value: air?.windMPerS?.[axis] ?? 0,
        unit: 'm/s',
        title: 'Wind velocity: every cloth and solid surface feels drag and lift from the air moving past it',
        onCommit: (value) => editor.edit((scene) => setAirField(scene, 'wind', value, axis)),
      }),
    ),
    numberField({
      label: 'Air density',
      testId: 'solver-air-density',
      value: air?.densityKgM3 ?? DEFAULT_AIR_DENSITY_KG_M3,
      unit: 'kg/m³',
      onCommit: (value) => editor.edit((scene) => setAirField(scene, 'density', value)),
    }),
    ...budgetFields(editor),
    ...contactFields(editor),
  );
}

/** Contact between soft bodies: the switch and the thickness kept between them. */
function contactFields(editor: Editor): HTMLElement[] {
  const scene = editor.state.scene;
  const on = scene.contact?.betweenBodies === true;
  return [
    selectField<'on' | 'off'>({
      label: 'Bodies collide',
      testId: 'solver-contact',
      value: on ? 'on' : 'off',
      choices: [
        { value: 'on', text: 'with each other' },
        { value: 'off', text: 'off (pass through)' },
      ],
      title:
        "Contact between soft bodies: each body's particles are kept a thickness in front of the other bodies' surfaces, with friction",
      onChange: (value) => editor.edit((s) => setContactBetweenBodies(s, value === 'on')),
    }),
    ...(on
      ? [
          numberField({
            label: 'Contact thickness',
            testId: 'solver-contact-thickness',
            value: contactThicknessM(scene) * 1000,
            unit: 'mm',
            title: "Distance kept between a particle and another body's surface",
            onCommit: (value) => editor.edit((s) => setContactThickness(s, value / 1000)),
          }),
        ]
      : []),
  ];
}

/** The live readout: filled in by mountMetrics' own subscription, not by rebuilding the panel. */
function metricsSection(editor: Editor, index: number): HTMLElement {
  const field = (label: string, testId: string, title: string) => {
    const value = el('span', { className: 'readout', testId, title });
    return { row: row(label, value), value };
  };
  const fields = {
    lowest: field('Lowest point y', 'metric-lowest-y', 'Height of the lowest particle, m'),
    height: field('Height', 'metric-height', 'Bounding box height, m'),
    centroid: field('Centre of mass', 'metric-centroid', 'x, y, z, m'),
    kinetic: field('Kinetic energy', 'metric-kinetic', 'J'),
    strain: field('Max strain', 'metric-max-strain', 'Largest |l/l0 − 1| over the edges'),
    force: field(
      'Max constraint force',
      'metric-max-force',
      'Largest constraint force (rope links, edge springs, N) and stress (membranes, tets) of the last substep, λ/h²',
    ),
  };
  const container = section('Metrics', ...Object.values(fields).map((f) => f.row));
  container.dataset.testid = 'metrics';
  const show = () => {
    const metrics = editor.state.metrics?.[index];
    if (!metrics) {
      for (const f of Object.values(fields)) f.value.textContent = '—';
      return;
    }
    fields.lowest.value.textContent = `${metrics.bboxMin[1].toFixed(4)} m`;
    fields.height.value.textContent = `${(metrics.bboxMax[1] - metrics.bboxMin[1]).toFixed(4)} m`;
    fields.centroid.value.textContent = `${metrics.centroid.map((v) => v.toFixed(3)).join(', ')} m`;
    fields.kinetic.value.textContent = `${metrics.kineticEnergyJ.toExponential(2)} J`;
    fields.strain.value.textContent = `${(metrics.maxStrain * 100).toFixed(2)} %`;
    fields.force.value.textContent = constraintForceText(metrics.groups);
  };
  show();
  // Text updates at most ten times a second (readout-pacer.ts), with the newest figures, until the
  // section leaves the document (the panel rebuilt).
  pacedWhileAttached(container, editor.store, (state, previous) => state.metrics !== previous.metrics, show);
  return container;
}

type WarpChoice = 'isotropic' | 'x' | 'z' | 'other';

function warpChoiceOf(direction: BodySpec['warpDirection']): WarpChoice {
  if (direction === undefined) return 'isotropic';
  const [x, y, z] = direction;
  if (y === 0 && z === 0 && x !== 0) return 'x';
  if (x === 0 && y === 0 && z !== 0) return 'z';
  return 'other';
}

/** The warp/weft constants of a cloth material (MPa shown, Pa stored; empty rows take E, ν). */
function warpWeftFields(
  spec: BodySpec,
  set: (field: keyof OrthotropicCloth, value: number) => void,
): HTMLElement[] {
  const m = spec.material;
  const o = m.orthotropic;
  const MPA = 1e6;
  return [
    numberField({
      label: 'Warp modulus',
      testId: 'prop-warp-modulus',
      value: (o?.warpYoungModulusPa ?? m.youngModulusPa) / MPA,
      unit: 'MPa',
      title: "Young's modulus along the warp E₁ (used with a warp direction)",
      onCommit: (value) => set('warpYoungModulusPa', value * MPA),
    }),
    numberField({
      label: 'Weft modulus',
      testId: 'prop-weft-modulus',
      value: (o?.weftYoungModulusPa ?? m.youngModulusPa) / MPA,
      unit: 'MPa',
      title: "Young's modulus along the weft E₂ (used with a warp direction)",
      onCommit: (value) => set('weftYoungModulusPa', value * MPA),
    }),
    numberField({
      label: 'Shear modulus G₁₂',
      testId: 'prop-shear-modulus',
      value: (o?.shearModulusPa ?? m.youngModulusPa / (2 * (1 + m.poissonRatio))) / MPA,
      unit: 'MPa',
      title: 'In-plane shear modulus between warp and weft (used with a warp direction)',
      onCommit: (value) => set('shearModulusPa', value * MPA),
    }),
    numberField({
      label: 'Poisson ν₁₂',
      testId: 'prop-poisson-warp-weft',
      value: o?.poissonRatioWarpWeft ?? m.poissonRatio,
      title: 'Weft contraction under a warp stretch, 0 ≤ ν₁₂ < 0.5 (used with a warp direction)',
      onCommit: (value) => set('poissonRatioWarpWeft', value),
    }),
  ];
}
