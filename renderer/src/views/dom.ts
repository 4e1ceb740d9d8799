/** Tiny helper for building DOM without innerHTML (keeps the CSP strict and text escaped). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; testId?: string; title?: string } = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.text !== undefined) element.textContent = props.text;
  if (props.testId) element.dataset.testid = props.testId;
  if (props.title) element.title = props.title;
  element.append(...children);
  return element;
}
