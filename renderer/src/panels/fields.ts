/**
 * Small form builders shared by the panels: a labelled number field that commits on Enter or
 * blur, and a labelled select. Values are parsed here; invalid text reverts to the shown value.
 */
import { el } from '../views/dom.ts';

export interface NumberFieldOptions {
  label: string;
  testId: string;
  /** The value as shown (already converted to the display unit). */
  value: number;
  unit?: string | HTMLElement;
  title?: string;
  step?: string;
  /** Called with the typed value in the display unit when the user commits a finite number. */
  onCommit: (value: number) => void;
}

/** Significant digits shown in number fields: enough to round-trip the values people type. */
const FIELD_DIGITS = 6;

export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(FIELD_DIGITS)));
}

export function numberField(options: NumberFieldOptions): HTMLElement {
  const unit = options.unit ?? '';
  return row(
    options.label,
    numberInput(options),
    typeof unit === 'string' ? el('span', { className: 'field-unit', text: unit }) : unit,
  );
}

/**
 * The text input of a number field: commits on Enter or blur, Escape or bad text reverts. It keeps
 * the text it was built with as `data-committed` (keepFocusedField).
 */
function numberInput(options: Pick<NumberFieldOptions, 'testId' | 'title' | 'value' | 'onCommit'>) {
  const input = el('input', { className: 'field-input', testId: options.testId, title: options.title });
  input.type = 'text';
  input.inputMode = 'decimal';
  input.value = formatNumber(options.value);
  input.dataset.field = options.testId;
  input.dataset.committed = input.value;
  input.addEventListener('change', () => {
    const value = Number(input.value.trim());
    if (input.value.trim() === '' || !Number.isFinite(value)) {
      input.value = formatNumber(options.value);
      return;
    }
    options.onCommit(value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') input.dispatchEvent(new Event('change'));
    if (event.key === 'Escape') {
      input.value = formatNumber(options.value);
      input.blur();
    }
  });
  return input;
}

/**
 * What a panel rebuilt under the user's hands must keep of the field in focus: the focus itself,
 * its selection, and text typed there but not yet committed, while the field's committed value is
 * the same in the rebuilt panel. A rebuild for some other reason (a measurement finishing, such as
 * the frame cost's) would otherwise put the field back to its committed value between the typing
 * and the Enter; one that changed the value itself (the typed text committed another way, such as
 * by a unit switch) shows the new value. The selection matters even with nothing typed yet: text
 * selected to be typed over (select all, then type, as a person or a test driver does) would
 * otherwise land beside the old text in the rebuilt field, whose caret starts at its end: "0"
 * typed over a selected "8" became "80" (a wind e2e failed so in CI). Call before the rebuild, and
 * call what it returns with the rebuilt container.
 */
export function keepFocusedField(): (container: ParentNode) => void {
  const active = document.activeElement as HTMLElement | null;
  const field = active?.dataset.field;
  if (!field) return () => {};
  const committed = active?.dataset.committed;
  const text =
    active instanceof HTMLInputElement && committed !== undefined
      ? { value: active.value, start: active.selectionStart, end: active.selectionEnd }
      : null;
  return (container) => {
    const next = container.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (!next || next === active) return;
    next.focus();
    if (text && next instanceof HTMLInputElement && next.dataset.committed === committed) {
      // The same text when nothing was typed, else the typed text over the committed one.
      next.value = text.value;
      next.setSelectionRange(text.start, text.end);
    }
  };
}

/**
 * A labelled row of three number fields (x, y, z), test ids `testId`-x, -y, -z; `onCommit`
 * gets the whole vector with the one typed component changed.
 */
export function vectorField(options: {
  label: string;
  testId: string;
  value: readonly [number, number, number];
  unit: string;
  title?: string;
  onCommit: (value: [number, number, number]) => void;
}): HTMLElement {
  const inputs = (['x', 'y', 'z'] as const).map((axis, k) =>
    numberInput({
      testId: `${options.testId}-${axis}`,
      title: `${options.title ?? options.label}: ${axis}`,
      value: options.value[k],
      onCommit: (typed) => {
        const next = [...options.value] as [number, number, number];
        next[k] = typed;
        options.onCommit(next);
      },
    }),
  );
  return row(
    options.label,
    el('span', { className: 'field-vector' }, inputs),
    el('span', { className: 'field-unit', text: options.unit }),
  );
}

export function selectField<T extends string>(options: {
  label: string;
  testId: string;
  value: T | '';
  choices: readonly { value: T | ''; text: string }[];
  title?: string;
  onChange: (value: T) => void;
}): HTMLElement {
  return row(options.label, select(options));
}

export function select<T extends string>(options: {
  testId: string;
  value: T | '';
  choices: readonly { value: T | ''; text: string }[];
  title?: string;
  onChange: (value: T) => void;
}): HTMLSelectElement {
  const element = el('select', { className: 'field-select', testId: options.testId, title: options.title });
  element.dataset.field = options.testId;
  for (const choice of options.choices) {
    const option = el('option', { text: choice.text });
    option.value = choice.value;
    element.append(option);
  }
  element.value = options.value;
  element.addEventListener('change', () => options.onChange(element.value as T));
  return element;
}

export function row(label: string, ...controls: HTMLElement[]): HTMLElement {
  return el('label', { className: 'field-row' }, [
    el('span', { className: 'field-label', text: label }),
    ...controls,
  ]);
}

export function section(title: string, ...children: HTMLElement[]): HTMLElement {
  return el('section', { className: 'panel-section' }, [
    el('h3', { className: 'panel-heading', text: title }),
    ...children,
  ]);
}
