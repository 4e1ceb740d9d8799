/**
 * Drag and drop of files onto the window: while files are dragged over it the window shows a
 * highlight saying what it accepts; dropped files are read and opened one after another, in the
 * order given, the files a dropped mesh refers to (a .gltf's .bin) going with it. A file that cannot be read is named in an error; the page never navigates to it.
 */
import type { OpenedFile } from '../../../contract/host-api.ts';
import { attachCompanions } from '../mesh/companion-files.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { el } from '../views/dom.ts';

export interface DropDeps {
  open(file: OpenedFile): Promise<unknown>;
  notify(level: NotificationLevel, text: string, detail?: string): void;
}

/** True when a drag carries files (not text or a link dragged from the page itself). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Listens on `target` (the window) and shows the highlight inside `container`; returns the remover. */
export function mountDropTarget(target: Window, container: HTMLElement, deps: DropDeps): () => void {
  const highlight = el('div', { className: 'drop-highlight', testId: 'drop-highlight' }, [
    el('div', {
      className: 'drop-highlight-text',
      text: 'Drop a mesh (OBJ, glTF, GLB), a project (.sbproj) or a preset (.json)',
    }),
  ]);
  highlight.hidden = true;
  container.append(highlight);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  let depth = 0;
  const show = (on: boolean) => {
    highlight.hidden = !on;
  };

  const onEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    show(true);
  };
  const onOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    // Without this the browser opens the file itself instead of handing it to the page.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) show(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth = 0;
    show(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    void openInOrder(files, deps);
  };
  target.addEventListener('dragenter', onEnter);
  target.addEventListener('dragover', onOver);
  target.addEventListener('dragleave', onLeave);
  target.addEventListener('drop', onDrop);
  return () => {
    target.removeEventListener('dragenter', onEnter);
    target.removeEventListener('dragover', onOver);
    target.removeEventListener('dragleave', onLeave);
    target.removeEventListener('drop', onDrop);
    highlight.remove();
  };
}

async function openInOrder(files: File[], deps: DropDeps): Promise<void> {
  const read: OpenedFile[] = [];
  for (const file of files) {
    try {
      read.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    } catch (error) {
      deps.notify('error', `Could not read the dropped file ${file.name}.`, String(error));
    }
  }
  // A .gltf dropped with its .bin and textures opens once, reading them as its companions.
  for (const file of attachCompanions(read)) await deps.open(file);
}
