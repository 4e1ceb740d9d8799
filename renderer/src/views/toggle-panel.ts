/**
 * Toolbar-style buttons and the "button that shows or hides a panel" pattern, in one place so
 * every toggle looks the same (the .tool-button rules in styles.css) and tells assistive
 * technology its state the same way: aria-pressed from the start, not only after the first click.
 */
import { el } from './dom.ts';

export interface ToolButtonProps {
  text: string;
  testId: string;
  title?: string;
  /** Classes added after 'tool-button' (a variant such as 'hud-button'). */
  extraClass?: string;
}

/** A button with the toolbar look; type="button" so it never submits an enclosing form. */
export function toolButton(props: ToolButtonProps): HTMLButtonElement {
  const { extraClass, ...rest } = props;
  const button = el('button', {
    ...rest,
    className: extraClass ? `tool-button ${extraClass}` : 'tool-button',
  });
  button.type = 'button';
  return button;
}

/** The text a toggle shows in each state, e.g. 'Plots ▸' closed and 'Plots ▾' open. */
export interface ToggleLabels {
  closed: string;
  open: string;
}

export interface ToggleButtonProps extends Omit<ToolButtonProps, 'text'> {
  /** A fixed text, or one for each state. */
  text: string | ToggleLabels;
}

/** A tool button for an on/off state, shown off (aria-pressed="false") until told otherwise. */
export function toggleButton(props: ToggleButtonProps): HTMLButtonElement {
  const { text, ...rest } = props;
  const button = toolButton({ ...rest, text: typeof text === 'string' ? text : text.closed });
  showPressed(button, false, text);
  return button;
}

/** Shows `pressed` on a toggle: aria-pressed, and the matching text where it has one per state. */
export function showPressed(button: HTMLButtonElement, pressed: boolean, text?: string | ToggleLabels): void {
  button.setAttribute('aria-pressed', String(pressed));
  if (text !== undefined && typeof text !== 'string') button.textContent = pressed ? text.open : text.closed;
}

export interface TogglePanelProps extends ToggleButtonProps {
  /** Runs after each click, with the panel's new state (open = shown). */
  onToggle?: (open: boolean) => void;
}

/**
 * A toggle button for `panel`, whose `hidden` is the only record of the state: each click flips
 * it and shows the result on the button. The panel starts as the caller left it; the button
 * starts off, so pass a hidden panel. The caller places the button.
 */
export function togglePanel(panel: HTMLElement, props: TogglePanelProps): HTMLButtonElement {
  const { onToggle, ...buttonProps } = props;
  const button = toggleButton(buttonProps);
  button.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    showPressed(button, open, buttonProps.text);
    onToggle?.(open);
  });
  return button;
}
