/**
 * The preset library, over the viewport and shown from the toolbar: the built-in materials
 * (solids and cloth, with E, ν, ρ in units), the user's presets (apply, delete, save the selected
 * body as one) and an export button per export target. Applying is one undoable edit of the
 * selected body; a material or preset that does not fit the body (cloth on a block) is shown
 * disabled. Exporting with a body selected first asks whether to export that body or the scene.
 */
import { EXPORT_TARGETS, type ExportTargetId } from '../../../core/export/targets.ts';
import { builtInMaterials } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import type { Editor } from '../editor/editor.ts';
import { applyLibraryMaterial, modelsForShape } from '../editor/scene-edits.ts';
import { watchMany } from '../panels/watch-many.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { el } from '../views/dom.ts';
import { showPressed, type ToggleButtonProps, togglePanel } from '../views/toggle-panel.ts';
import type { ExportRequest } from './export-preset.ts';
import { exportScopeChoices } from './export-scope.ts';
import { materialSummary } from './material-units.ts';
import type { UserPresetLibrary } from './user-preset-library.ts';
import {
  applyUserPreset,
  captureUserPreset,
  MAX_PRESET_NAME_LENGTH,
  presetKind,
  type UserPreset,
} from './user-presets.ts';

export interface LibraryPanelDeps {
  /** The panel's name (its aria-label) and its toggle's text, test id and tooltip, from the panel table. */
  title: string;
  toggle: ToggleButtonProps;
  editor: Editor;
  userPresets: UserPresetLibrary;
  exportPreset: (request: ExportRequest) => void;
  /** Asks to confirm (window.confirm in the app). */
  confirm: (question: string) => boolean;
  notify: (level: NotificationLevel, text: string) => void;
}

/** The kind of material a body takes: cloth for cloth, solid for blocks and meshes, none for ropes and ragdolls. */
function materialKindFor(body: BodySpec | undefined): Material['kind'] | null {
  if (!body) return null;
  if (body.shape.type === 'cloth') return 'cloth';
  if (body.shape.type === 'rope') return null;
  if (body.shape.type === 'ragdoll') return null; // rigid bones: no material to pick
  return 'solid';
}

/** The export button of each target (a new target in the table needs its button here). */
const EXPORT_BUTTONS = {
  native: { text: 'Export preset', testId: 'export-preset', keys: ' — Ctrl+E' },
  gltf: { text: 'Export GLB', testId: 'export-preset-glb', keys: '' },
  jolt: { text: 'Export Jolt', testId: 'export-preset-jolt', keys: '' },
  mujoco: { text: 'Export MuJoCo', testId: 'export-preset-mujoco', keys: '' },
  godot: { text: 'Export Godot', testId: 'export-preset-godot', keys: '' },
} as const satisfies Record<ExportTargetId, { text: string; testId: string; keys: string }>;

export interface LibraryPanel {
  /**
   * Export for `target`: at once for the whole scene when no body is selected, else the panel
   * opens and asks whether to export the selected body or the whole scene.
   */
  askExport(target: ExportTargetId): void;
  dispose(): void;
}

/** A test id fragment for a name: lower case, runs of other characters as '-'. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function mountLibraryPanel(
  toolbar: HTMLElement,
  viewport: HTMLElement,
  deps: LibraryPanelDeps,
): LibraryPanel {
  const { editor, userPresets } = deps;
  const panel = el('section', { className: 'preset-library', testId: 'preset-library' });
  panel.setAttribute('aria-label', deps.title);
  panel.hidden = true;
  const toggle = togglePanel(panel, deps.toggle);
  const anchor = toolbar.querySelector('.toolbar-spacer');
  if (anchor) anchor.before(toggle);
  else toolbar.append(toggle);
  viewport.append(panel);

  const button = (text: string, testId: string, title: string, onClick: () => void) => {
    const b = el('button', { className: 'ui-button library-button', text, testId, title });
    b.type = 'button';
    b.addEventListener('click', onClick);
    return b;
  };

  const selected = () => {
    const { scene, selectedBody } = editor.state;
    return selectedBody === null ? null : { index: selectedBody, body: scene.bodies[selectedBody] };
  };

  /**
   * The name being typed for "Save as…", or null when the field is not shown. An inline field,
   * not window.prompt: Electron does not implement prompt. Kept here so a re-render keeps it.
   */
  let naming: string | null = null;
  /** The target an export waits for an answer on (selected body or whole scene), or null. */
  let asking: ExportTargetId | null = null;

  const askExport = (target: ExportTargetId) => {
    const { scene, selectedBody } = editor.state;
    const choices = exportScopeChoices(scene, selectedBody);
    if (choices.length === 1) {
      asking = null;
      deps.exportPreset({ target, scope: choices[0].scope });
      render();
      return;
    }
    asking = target;
    if (panel.hidden) {
      panel.hidden = false;
      showPressed(toggle, true, deps.toggle.text);
    }
    render();
    panel.querySelector<HTMLButtonElement>('[data-testid="export-scope-body"]')?.focus();
  };

  /** The export buttons, or while asking the question and its answers. */
  const exportControls = (): HTMLElement => {
    if (asking === null) {
      return el(
        'div',
        { className: 'library-actions library-export' },
        EXPORT_TARGETS.map((target) => {
          const { text, testId, keys } = EXPORT_BUTTONS[target.id];
          return button(
            text,
            testId,
            `Write ${target.label} (${target.extension}): ${target.description}${keys}`,
            () => askExport(target.id),
          );
        }),
      );
    }
    const target = asking;
    const label = EXPORT_TARGETS.find((t) => t.id === target)?.label ?? target;
    const { scene, selectedBody } = editor.state;
    const answers = exportScopeChoices(scene, selectedBody).map((choice) =>
      button(
        choice.label,
        `export-scope-${choice.scope.kind}`,
        choice.scope.kind === 'body'
          ? `Export ${choice.label} alone, with the scene's colliders, gravity and solver`
          : 'Export every body of the scene',
        () => {
          asking = null;
          deps.exportPreset({ target, scope: choice.scope });
          render();
        },
      ),
    );
    const cancel = button('Cancel', 'export-scope-cancel', 'Do not export', () => {
      asking = null;
      render();
    });
    return el('div', { className: 'library-export-question', testId: 'export-question' }, [
      el('p', {
        className: 'panel-note',
        testId: 'export-question-text',
        text: `Export the selected body or the whole scene as ${label}?`,
      }),
      el('div', { className: 'library-actions library-export' }, [...answers, cancel]),
    ]);
  };

  const saveAs = (name: string) => {
    const target = selected();
    if (!target?.body) return;
    let preset: UserPreset;
    try {
      preset = captureUserPreset(editor.state.scene, target.index, name);
    } catch (error) {
      deps.notify('error', `Preset not saved: ${(error as Error).message}`);
      return;
    }
    if (userPresets.find(preset.name) && !deps.confirm(`Replace your preset '${preset.name}'?`)) return;
    if (!userPresets.save(preset)) return;
    naming = null;
    deps.notify('info', `Saved preset '${preset.name}'.`);
    render();
  };

  /** The "Save as…" button, or the name field with Save and Cancel while naming. */
  const saveControls = (body: BodySpec | undefined): HTMLElement => {
    if (naming === null || !body) {
      const start = button(
        'Save selected body as…',
        'save-user-preset',
        'Save the selected body’s material, damping, model and solver settings',
        () => {
          naming = `${selected()?.body?.name ?? 'my'} preset`;
          render();
          panel.querySelector<HTMLInputElement>('[data-testid="user-preset-name"]')?.select();
        },
      );
      start.disabled = !body;
      return start;
    }
    const input = el('input', {
      className: 'field-input',
      testId: 'user-preset-name',
      title: `Name of the preset made from ${body.name}`,
    });
    input.type = 'text';
    input.maxLength = MAX_PRESET_NAME_LENGTH;
    input.value = naming;
    input.addEventListener('input', () => {
      naming = input.value;
    });
    const cancel = () => {
      naming = null;
      render();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') saveAs(input.value);
      else if (event.key === 'Escape') cancel();
    });
    return el('div', { className: 'library-actions' }, [
      input,
      button('Save', 'user-preset-save', 'Save the preset', () => saveAs(input.value)),
      button('Cancel', 'user-preset-cancel', 'Do not save', cancel),
    ]);
  };

  const remove = (preset: UserPreset) => {
    if (!deps.confirm(`Delete your preset '${preset.name}'? This cannot be undone.`)) return;
    if (userPresets.remove(preset.name)) deps.notify('info', `Deleted preset '${preset.name}'.`);
  };

  const materialRow = (material: Material, kind: Material['kind'] | null) => {
    const target = selected();
    const apply = button(
      'Apply',
      `library-apply-${slug(material.name)}`,
      `Apply ${material.name} to the selected body`,
      () => {
        const now = selected();
        if (now) editor.edit((scene) => applyLibraryMaterial(scene, now.index, material));
      },
    );
    apply.disabled = !target || kind !== material.kind;
    return el(
      'li',
      {
        className: 'library-entry',
        testId: `library-material-${slug(material.name)}`,
        title: material.source,
      },
      [
        el('div', { className: 'library-entry-head' }, [
          el('span', { className: 'library-entry-name', text: material.name }),
          apply,
        ]),
        el('div', { className: 'library-entry-values', text: materialSummary(material) }),
      ],
    );
  };

  const presetRow = (preset: UserPreset, body: BodySpec | undefined) => {
    const apply = button(
      'Apply',
      `user-preset-apply-${slug(preset.name)}`,
      `Apply ${preset.name} to the selected body`,
      () => {
        const now = selected();
        if (now) editor.edit((scene) => applyUserPreset(scene, now.index, preset));
      },
    );
    apply.disabled = !body || !modelsForShape(body.shape).includes(preset.model);
    const del = button('Delete', `user-preset-delete-${slug(preset.name)}`, `Delete ${preset.name}`, () =>
      remove(preset),
    );
    return el('li', { className: 'library-entry', testId: `user-preset-${slug(preset.name)}` }, [
      el('div', { className: 'library-entry-head' }, [
        el('span', { className: 'library-entry-name', text: preset.name }),
        apply,
        del,
      ]),
      el('div', {
        className: 'library-entry-values',
        text: `${presetKind(preset.model)}, ${preset.model}, ζ ${preset.dampingRatio} · ${materialSummary(preset.material)} · ${preset.solver.substeps} substeps`,
      }),
    ]);
  };

  const render = () => {
    const target = selected();
    const kind = materialKindFor(target?.body);
    const materials = builtInMaterials();
    const group = (title: string, of: Material['kind']) =>
      el('div', { className: 'library-group' }, [
        el('h3', { text: title }),
        el(
          'ul',
          { className: 'library-list' },
          materials.filter((m) => m.kind === of).map((m) => materialRow(m, kind)),
        ),
      ]);
    const mine = userPresets.presets;
    panel.replaceChildren(
      el('h2', { className: 'panel-title', text: 'Presets' }),
      el('p', {
        className: 'panel-note',
        testId: 'library-target',
        text: target?.body
          ? `Applies to: ${target.body.name}`
          : 'Select a body in the outliner to apply to it.',
      }),
      exportControls(),
      el('div', { className: 'library-group' }, [
        el('h3', { text: 'Your presets' }),
        mine.length === 0
          ? el('p', { className: 'panel-note', text: 'None yet: save a tuned body as a preset.' })
          : el(
              'ul',
              { className: 'library-list', testId: 'user-presets' },
              mine.map((p) => presetRow(p, target?.body)),
            ),
        saveControls(target?.body),
      ]),
      group('Solids', 'solid'),
      group('Cloth', 'cloth'),
    );
  };
  return { askExport, dispose: subscribeBoth(render, userPresets, editor) };
}

/** Re-renders on user-preset changes too; returns one unsubscribe for both subscriptions. */
function subscribeBoth(render: () => void, userPresets: UserPresetLibrary, editor: Editor): () => void {
  const offEditor = watchMany(editor.store, [(s) => s.scene, (s) => s.selectedBody], render);
  const offPresets = userPresets.store.subscribe(render);
  return () => {
    offEditor();
    offPresets();
  };
}
