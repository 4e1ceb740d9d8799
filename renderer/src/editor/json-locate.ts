/**
 * Where a JSON pointer's value sits in JSON text, as character offsets, so that problems the
 * scene validator reports by pointer can be shown as inline markers. A small recursive-descent
 * scanner over already-parsed-valid JSON (JSON.parse succeeded first): it records spans only.
 */
export interface TextSpan {
  /** Offset of the value's first character. */
  start: number;
  /** Offset just past the value. */
  end: number;
}

/** The span of the value at `pointer` (RFC 6901), or of its nearest existing ancestor. */
export function locatePointer(text: string, pointer: string): TextSpan {
  const tokens =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
  let position = 0;
  const skipSpace = () => {
    while (position < text.length && /\s/.test(text[position])) position++;
  };
  /** Scans one value from `position`; when `path` is non-empty, descends into it and returns its span. */
  const scan = (path: string[]): TextSpan => {
    skipSpace();
    const start = position;
    const char = text[position];
    if (char === '{' || char === '[') {
      const isObject = char === '{';
      position++;
      let found: TextSpan | null = null;
      let index = 0;
      skipSpace();
      while (text[position] !== (isObject ? '}' : ']') && position < text.length) {
        let key = String(index);
        if (isObject) {
          const keyStart = position;
          skipString();
          key = JSON.parse(text.slice(keyStart, position)) as string;
          skipSpace();
          position++; // ':'
        }
        if (!found && path.length > 0 && key === path[0]) found = scan(path.slice(1));
        else scan([]);
        skipSpace();
        if (text[position] === ',') position++;
        skipSpace();
        index++;
      }
      position++;
      return found ?? { start, end: position };
    }
    if (char === '"') skipString();
    else while (position < text.length && /[^,\]}\s]/.test(text[position])) position++;
    return { start, end: position };
  };
  const skipString = () => {
    position++;
    while (position < text.length && text[position] !== '"') position += text[position] === '\\' ? 2 : 1;
    position++;
  };
  return scan(tokens);
}
