/**
 * The A/B table: the two compared bodies side by side, one row per parameter (ab-diff.ts), rows
 * where A and B differ highlighted, grouped as material, what the solver gets, and live figures.
 * The live rows follow the simulation at most ten times a second (views/readout-pacer.ts) without
 * rebuilding the panel; the table unsubscribes itself once it has left the document.
 */

import { abDiff, type DiffRow } from '../editor/ab-diff.ts';
import type { Comparison } from '../editor/ab-edits.ts';
import type { Editor } from '../editor/editor.ts';
import { el } from '../views/dom.ts';
import { pacedWhileAttached } from '../views/readout-pacer.ts';

const testIdOf = (label: string) =>
  `ab-row-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

function rowElement(row: DiffRow): HTMLTableRowElement {
  const tr = el('tr', { className: row.differs ? 'ab-differs' : 'ab-same', testId: testIdOf(row.label) }, [
    el('th', { text: row.label, className: 'ab-label' }),
    el('td', { text: row.a, className: 'ab-a' }),
    el('td', { text: row.b, className: 'ab-b' }),
  ]);
  tr.dataset.differs = String(row.differs);
  return tr;
}

/** The table for `comparison`, or null when one of its bodies is gone. */
export function abTable(editor: Editor, comparison: Comparison): HTMLElement | null {
  const { scene, meshes, metrics } = editor.state;
  const rows = abDiff(scene, meshes, comparison, metrics);
  if (!rows) return null;
  const tbody = el('tbody');
  const liveRows = new Map<string, HTMLTableRowElement>();
  let group = '';
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group;
      const heading = el('th', { text: group });
      heading.colSpan = 3;
      tbody.append(el('tr', { className: 'ab-group' }, [heading]));
    }
    const tr = rowElement(row);
    if (row.group === 'Live') liveRows.set(row.label, tr);
    tbody.append(tr);
  }
  const table = el('table', { className: 'ab-table', testId: 'ab-table' }, [
    el('thead', {}, [
      el('tr', {}, [
        el('th', { text: '' }),
        el('th', { text: `A: ${comparison.a}`, testId: 'ab-name-a' }),
        el('th', { text: `B: ${comparison.b}`, testId: 'ab-name-b' }),
      ]),
    ]),
    tbody,
  ]);
  pacedWhileAttached(
    table,
    editor.store,
    (state, previous) => state.metrics !== previous.metrics,
    () => {
      const now = editor.state;
      for (const row of abDiff(now.scene, now.meshes, comparison, now.metrics) ?? []) {
        const old = liveRows.get(row.label);
        if (!old) continue;
        const fresh = rowElement(row);
        old.replaceWith(fresh);
        liveRows.set(row.label, fresh);
      }
    },
  );
  return table;
}
