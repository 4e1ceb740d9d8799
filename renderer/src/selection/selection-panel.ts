/**
 * The selection panel, under the outliner: how many vertices of which body are selected; Grow,
 * Shrink, Invert, Clear; Pin and Add to group (document edits through the editor's history); and
 * the pins and groups of the selected body, each of which selects its vertices on click and can be
 * removed (an edit too, undoable).
 */
import type { BodySpec } from '../../../core/scene/scene.ts';
import type { Editor } from '../editor/editor.ts';
import {
  addToGroup,
  pinLabel,
  pinnedVertices,
  pinVertices,
  removeGroup,
  removePin,
  setGroupBreakingStress,
  verticesInBox,
} from '../editor/selection-edits.ts';
import { formatNumber } from '../panels/fields.ts';
import { watchMany } from '../panels/watch-many.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { cssColour, PIN_COLOUR } from '../viewport/marker-colours.ts';
import { el } from '../views/dom.ts';
import type { SelectionController } from './selection-controller.ts';
import { bodyRestPositions } from './selection-state.ts';

export interface SelectionPanelDeps {
  editor: Editor;
  selection: SelectionController;
  notify: (level: NotificationLevel, text: string) => void;
}

/** Mounts the panel at the end of `container`; `tools` (the tool buttons) go under its title. */
export function mountSelectionPanel(
  container: HTMLElement,
  tools: HTMLElement,
  deps: SelectionPanelDeps,
): () => void {
  const { editor, selection, notify } = deps;
  const button = (text: string, testId: string, title: string, onClick: () => void) => {
    const b = el('button', { text, testId, title, className: 'ui-button selection-button' });
    b.type = 'button';
    b.addEventListener('click', onClick);
    return b;
  };

  const summary = el('p', { className: 'selection-summary', testId: 'selection-summary' });
  const grow = button('Grow', 'selection-grow', 'Add the neighbours of the selected vertices', () =>
    selection.grow(),
  );
  const shrink = button('Shrink', 'selection-shrink', 'Drop the selected vertices at the border', () =>
    selection.shrink(),
  );
  const invert = button('Invert', 'selection-invert', 'Select the other vertices of the body', () =>
    selection.invert(),
  );
  const clear = button('Clear', 'selection-clear', 'Select nothing', () => selection.clear());
  const pin = button('Pin', 'pin-selection', '', () => pinSelection());
  // Empty or 0 pins rigidly; a compliance makes the pin a soft attachment (m/N: stretch per newton).
  const pinCompliance = el('input', { className: 'selection-pin-compliance', testId: 'pin-compliance' });
  pinCompliance.type = 'number';
  pinCompliance.min = '0';
  pinCompliance.step = 'any';
  pinCompliance.placeholder = 'rigid';
  pinCompliance.title = 'Pin compliance, m/N: empty or 0 pins rigidly; larger is softer';
  pinCompliance.setAttribute('aria-label', 'Pin compliance, m/N (empty: rigid)');
  const groupName = el('input', { className: 'selection-group-name', testId: 'group-name' });
  groupName.type = 'text';
  groupName.placeholder = 'group name';
  groupName.setAttribute('aria-label', 'Group name');
  const addGroup = button('Add to group', 'add-to-group', '', () => addSelectionToGroup());
  groupName.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') addSelectionToGroup();
  });
  groupName.addEventListener('input', () => render());
  const pinList = el('ul', { className: 'selection-list', testId: 'pin-list' });
  const groupList = el('ul', { className: 'selection-list', testId: 'group-list' });
  // The pins' own colour as a key beside their list: the viewport draws them in it.
  const pinKey = el('span', {
    className: 'marker-key',
    testId: 'pin-colour-key',
    title: 'Pins are drawn in this colour',
  });
  pinKey.style.background = cssColour(PIN_COLOUR);
  const pinsTitleText = el('span');
  const pinsTitle = el('h3', { className: 'selection-subtitle' }, [pinKey, pinsTitleText]);
  const groupsTitle = el('h3', { className: 'selection-subtitle' });

  const panel = el('section', { className: 'selection-panel', testId: 'selection-panel' }, [
    el('h2', { className: 'panel-title', text: 'Selection' }),
    tools,
    summary,
    el('div', { className: 'selection-ops' }, [grow, shrink, invert, clear]),
    el('div', { className: 'selection-pin-row' }, [pin, pinCompliance, el('span', { text: 'm/N' })]),
    el('div', { className: 'selection-group-row' }, [groupName, addGroup]),
    pinsTitle,
    pinList,
    groupsTitle,
    groupList,
  ]);
  panel.setAttribute('aria-label', 'Vertex selection');
  container.append(panel);

  function pinSelection(): void {
    const selected = selection.selected;
    if (!selected) return;
    const body = editor.state.scene.bodies[selected.body];
    if (!body) return;
    // Pinning what is already pinned changes nothing: say so rather than record an empty edit.
    const pinned = pinnedVertices(body, bodyRestPositions(selection.state, selected.body));
    if (selected.vertices.every((v) => pinned.has(v))) {
      notify(
        'info',
        `The ${countText(selected.vertices.length)} selected on ${body.name} are already pinned.`,
      );
      return;
    }
    const complianceMPerN = pinCompliance.value.trim() === '' ? 0 : Number(pinCompliance.value);
    editor.edit((scene) =>
      pinVertices(
        scene,
        selected.body,
        selected.vertices,
        bodyRestPositions(selection.state, selected.body),
        complianceMPerN,
      ),
    );
  }

  function addSelectionToGroup(): void {
    const selected = selection.selected;
    if (!selected) return;
    if (groupName.value.trim() === '') {
      notify('info', 'Name the group first.');
      groupName.focus();
      return;
    }
    editor.edit((scene) => addToGroup(scene, selected.body, groupName.value, selected.vertices));
  }

  /** The vertices a pin holds at rest (box pins from the rest positions; empty before a load). */
  const pinVerticesOf = (body: BodySpec, bodyIndex: number, j: number): number[] => {
    const spec = body.pins?.[j];
    if (!spec) return [];
    if ('vertices' in spec) return spec.vertices;
    const rest = bodyRestPositions(selection.state, bodyIndex);
    return rest ? verticesInBox(spec.box, rest) : [];
  };

  const entry = (
    label: string,
    testId: string,
    onSelect: () => void,
    removeTitle: string,
    onRemove: () => void,
  ) => {
    const name = el('button', {
      text: label,
      className: 'selection-entry',
      testId,
      title: 'Select its vertices',
    });
    name.type = 'button';
    name.addEventListener('click', onSelect);
    const remove = el('button', {
      text: '×',
      className: 'selection-remove',
      testId: `remove-${testId}`,
      title: removeTitle,
    });
    remove.type = 'button';
    remove.addEventListener('click', onRemove);
    return el('li', { className: 'selection-list-item' }, [name, remove]);
  };

  /** A group's breaking stress in kPa (as the properties show moduli); empty: the group does not tear. */
  const breakingField = (bodyIndex: number, groupIndex: number, stressPa: number | undefined) => {
    const input = el('input', {
      className: 'selection-breaking',
      testId: `group-${groupIndex}-breaking`,
      title: 'Breaking stress, kPa: the group’s elements tear above it (empty: never)',
    });
    input.type = 'text';
    input.inputMode = 'decimal';
    input.placeholder = 'no tearing';
    input.setAttribute('aria-label', 'Breaking stress, kPa');
    const shown = stressPa === undefined ? '' : formatNumber(stressPa / 1e3);
    input.value = shown;
    input.addEventListener('change', () => {
      const text = input.value.trim();
      const kPa = Number(text);
      if (text === shown) return;
      if (text !== '' && !(Number.isFinite(kPa) && kPa > 0)) {
        input.value = shown;
        return;
      }
      editor.edit((s) => setGroupBreakingStress(s, bodyIndex, groupIndex, text === '' ? null : kPa * 1e3));
    });
    return el('span', { className: 'selection-breaking-field' }, [input, el('span', { text: 'kPa' })]);
  };

  function render(): void {
    const state = selection.state;
    const current = state.selection;
    const scene = editor.state.scene;
    const selectedBody = editor.state.selectedBody;
    const layoutName = current ? (state.layouts[current.body]?.name ?? '?') : null;
    summary.textContent = current ? `${countText(current.count)} of ${layoutName}` : 'No vertices selected';
    summary.dataset.count = String(current?.count ?? 0);
    for (const b of [grow, shrink, invert, clear]) b.disabled = !current;
    pin.disabled = !current;
    pin.title = current
      ? `Pin the selected vertices of ${layoutName} in place (undo with Ctrl+Z)`
      : 'Select vertices first (Select, Box or Brush tool)';
    addGroup.disabled = !current || groupName.value.trim() === '';
    addGroup.title = !current
      ? 'Select vertices first'
      : groupName.value.trim() === ''
        ? 'Type a group name first'
        : `Add the selected vertices to group '${groupName.value.trim()}' of ${layoutName}`;

    const body = selectedBody === null ? undefined : scene.bodies[selectedBody];
    pinsTitleText.textContent = body ? `Pins of ${body.name}` : 'Pins';
    groupsTitle.textContent = body ? `Groups of ${body.name}` : 'Groups';
    if (!body || selectedBody === null) {
      pinList.replaceChildren();
      groupList.replaceChildren();
      return;
    }
    const bodyIndex = selectedBody;
    pinList.replaceChildren(
      ...(body.pins ?? []).map((spec, j) => {
        const held = pinVerticesOf(body, bodyIndex, j);
        const kind = 'box' in spec ? 'box' : 'list';
        return entry(
          `${pinLabel(spec, j)} · ${kind} · ${held.length}`,
          `pin-${j}`,
          () => selection.selectVertices(bodyIndex, held),
          `Remove ${pinLabel(spec, j)} (undo with Ctrl+Z)`,
          () => editor.edit((s) => removePin(s, bodyIndex, j)),
        );
      }),
    );
    groupList.replaceChildren(
      ...(body.groups ?? []).map((group, j) => {
        const item = entry(
          `${group.name} · ${group.vertices.length}`,
          `group-${j}`,
          () => selection.selectVertices(bodyIndex, group.vertices),
          `Remove group '${group.name}' (undo with Ctrl+Z)`,
          () => editor.edit((s) => removeGroup(s, bodyIndex, j)),
        );
        item.insertBefore(breakingField(bodyIndex, j, group.breakingStressPa), item.lastChild);
        return item;
      }),
    );
    if ((body.pins ?? []).length === 0)
      pinList.append(el('li', { className: 'selection-none', text: 'none' }));
    if ((body.groups ?? []).length === 0)
      groupList.append(el('li', { className: 'selection-none', text: 'none' }));
  }

  const unsubscribers = [
    watchMany(editor.store, [(s) => s.scene.bodies, (s) => s.selectedBody], render),
    watchMany(selection.store, [(s) => s.selection, (s) => s.layouts, (s) => s.restPositionsM], render),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    panel.remove();
  };
}

function countText(n: number): string {
  return n === 1 ? '1 vertex' : `${n} vertices`;
}
