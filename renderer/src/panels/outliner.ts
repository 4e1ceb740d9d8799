/**
 * The outliner: the bodies of the scene, each with a dot of its viewport colour (body-palette.ts)
 * so the list and the view match; clicking one selects it for the properties panel, and the
 * button below the list (or a body's context menu) duplicates it for A/B.
 */
import type { Editor } from '../editor/editor.ts';
import { bodyColours } from '../viewport/body-palette.ts';
import { cssColour } from '../viewport/marker-colours.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { duplicateSelectedForAB } from './ab-section.ts';
import { watchMany } from './watch-many.ts';

const KIND_OF_SHAPE: Record<string, string> = { box: 'solid', mesh: 'solid', cloth: 'cloth', rope: 'rope' };

export function mountOutliner(container: HTMLElement, editor: Editor): () => void {
  const list = el('ul', { className: 'outliner-list', testId: 'outliner' });
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
  container.append(el('h2', { className: 'panel-title', text: 'Scene' }), list, ab);
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
                text: KIND_OF_SHAPE[body.shape.type] ?? body.shape.type,
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
