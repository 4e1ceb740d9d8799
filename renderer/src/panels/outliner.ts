/**
 * The outliner: the bodies of the scene, each with a dot of its viewport colour (body-palette.ts)
 * so the list and the view match; clicking one selects it for the properties panel, and the
 * button below the list (or a body's context menu) duplicates it for A/B.
 */
import { CONSTRAINT_MODEL_INFO } from '../../../core/scene/models.ts';
import type { Editor } from '../editor/editor.ts';
import { bodyColours } from '../viewport/body-palette.ts';
import { cssColour } from '../viewport/marker-colours.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { duplicateSelectedForAB } from './ab-section.ts';
import { watchMany } from './watch-many.ts';

export function mountOutliner(container: HTMLElement, editor: Editor): () => void {
  const list = el('ul', { className: 'outliner-list', testId: 'outliner' });
  // Adding a body without a mesh file: the humanoid ragdoll template, one undoable edit.
  const addRagdoll = el('button', {
    className: 'outliner-add',
    testId: 'add-ragdoll',
    text: 'Add ragdoll (humanoid)',
    title: 'Add a 1.75 m, 75 kg humanoid ragdoll above the ground (undo removes it)',
  });
  addRagdoll.setAttribute('type', 'button');
  addRagdoll.addEventListener('click', () => editor.addRagdoll());
  // Below the list: Duplicate for A/B of the selected body, in the material picked under
  // Properties → Compare (the first library one that differs until one is picked).
  const ab = toolButton({
    text: 'Duplicate for A/B',
    testId: 'outliner-ab',
    title: 'Add a copy of the selected body beside it in another material, and compare the two',
    extraClass: 'outliner-ab',
  });
  ab.addEventListener('click', () => {
    const selected = editor.state.selectedBody;
    if (selected !== null) duplicateSelectedForAB(editor, selected);
  });
  container.append(el('h2', { className: 'panel-title', text: 'Scene' }), list, ab, addRagdoll);
  return watchMany(editor.store, [(state) => state.scene.bodies, (state) => state.selectedBody], () => {
    const { scene, selectedBody } = editor.state;
    ab.disabled = selectedBody === null;
    const colours = bodyColours(scene.bodies.map((body) => body.name));
    list.replaceChildren(
      ...scene.bodies.map((body, index) => {
        const swatch = el('span', { className: 'outliner-colour' });
        swatch.style.background = cssColour(colours[index]);
        const item = el('li', {}, [
          el(
            'button',
            {
              className: `outliner-item${index === selectedBody ? ' selected' : ''}`,
              testId: `outliner-body-${index}`,
              title: `Select ${body.name}`,
            },
            [
              el('span', { className: 'outliner-name' }, [swatch, body.name]),
              el('span', {
                className: 'outliner-kind',
                // The model's kind: a mesh shape is a solid or, made from its surface, a cloth.
                text:
                  body.shape.type === 'ragdoll'
                    ? 'ragdoll'
                    : (CONSTRAINT_MODEL_INFO[body.model]?.kind ?? body.shape.type),
              }),
            ],
          ),
        ]);
        const button = item.firstElementChild as HTMLButtonElement;
        button.type = 'button';
        button.setAttribute('aria-pressed', String(index === selectedBody));
        button.addEventListener('click', () => editor.select(index));
        // The context menu's one command: Duplicate for A/B, as the button below the list.
        button.addEventListener('contextmenu', (event) => {
          event.preventDefault();
          duplicateSelectedForAB(editor, index);
        });
        return item;
      }),
    );
  });
}
