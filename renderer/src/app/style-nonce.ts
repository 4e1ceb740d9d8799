/**
 * Gives every <style> element the page's scripts create the page's CSP nonce, so that the
 * policy can allow styles by nonce instead of 'unsafe-inline' (electron/main/
 * content-security-policy.ts). Monaco and the dev server's style injection create their
 * <style> elements with document.createElement and offer no nonce option of their own; stamping
 * them here, before any of them runs, is what lets them through. Markup injected as HTML gets
 * no nonce, which is the point: only the page's own scripts can style the page.
 *
 * Import it first in main.ts: module bodies run in import order.
 */

/** The nonce of `<meta property="csp-nonce">` (the `nonce` property: browsers hide the attribute). */
export function pageStyleNonce(doc: Document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** From now on, `createElement('style')` on `doc` returns an element carrying `nonce`. */
export function stampStyleNonce(doc: Document, nonce: string): void {
  const create = doc.createElement;
  doc.createElement = function createElementWithNonce(
    this: Document,
    tagName: string,
    options?: ElementCreationOptions,
  ): HTMLElement {
    const element = create.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as Document['createElement'];
}

const nonce = typeof document === 'undefined' ? undefined : pageStyleNonce(document);
if (nonce !== undefined) stampStyleNonce(document, nonce);
