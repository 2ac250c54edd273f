/**
 * Word error rate: the word substitutions, deletions and insertions that turn the reference
 * into the hypothesis, over the reference's words. Compared lower-case, without punctuation.
 */
export function wordErrorRate(reference: string, hypothesis: string): { errors: number; words: number } {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + same));
    }
    previous = row;
  }
  return { errors: previous[hyp.length] as number, words: ref.length };
}
