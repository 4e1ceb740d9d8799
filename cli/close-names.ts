/** Suggestions for a mistyped name: a material, a command, an option, a choice of an option. */

/**
 * Candidates close to `name`, best first: edit distance (case-insensitive) at most a third of the
 * length (at least 2), or one name containing the other, or a shared word between hyphens.
 */
export function closeNames(name: string, candidates: readonly string[], max = 5): string[] {
  const wanted = name.toLowerCase();
  const words = new Set(wanted.split(/[-_\s]+/).filter((w) => w.length >= 3));
  const scored: { name: string; score: number }[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance = editDistance(wanted, lower);
    const limit = Math.max(2, Math.floor(wanted.length / 3));
    const contains = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const sharesWord = lower.split(/[-_\s]+/).some((w) => words.has(w));
    if (distance <= limit || contains || sharesWord) {
      // Close spellings first, then containment, then a shared word.
      scored.push({ name: candidate, score: distance <= limit ? distance : contains ? 100 : 200 + distance });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * `what`, then "; did you mean 'a', 'b'?" for the candidates close to `name` (shown as `show`
 * makes them), then `then`: "unknown option '--pinn'; did you mean '--pin'? Run …".
 */
export function withSuggestion(
  what: string,
  name: string,
  candidates: readonly string[],
  then = '',
  show = (c: string) => c,
): string {
  // Below three letters every candidate is "close": the list in the message says enough.
  const close = name.length >= 3 ? closeNames(name, candidates, 3) : [];
  const hint = close.length > 0 ? `; did you mean ${close.map((c) => `'${show(c)}'`).join(', ')}?` : '';
  if (then === '') return `${what}${hint}`;
  return `${what}${hint || '.'} ${then}`;
}
