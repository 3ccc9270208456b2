import { foldText } from '#shared/contracts/study-items';

/** Word 3-grams of a text, folded so case and punctuation do not matter. */
export function wordTrigrams(text: string): Set<string> {
  const words = foldText(text).split(' ').filter(Boolean);
  const grams = new Set<string>();
  for (let index = 0; index + 2 < words.length; index += 1) {
    grams.add(words.slice(index, index + 3).join(' '));
  }
  // A text of fewer than three words is its own single gram.
  if (grams.size === 0 && words.length > 0) grams.add(words.join(' '));
  return grams;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Pairs of texts whose word 3-gram Jaccard similarity is above `threshold`. */
export function nearDuplicatePairs(
  texts: { id: string; text: string }[],
  threshold = 0.6,
): { a: string; b: string; similarity: number }[] {
  const grams = texts.map((entry) => ({ id: entry.id, grams: wordTrigrams(entry.text) }));
  const pairs: { a: string; b: string; similarity: number }[] = [];
  for (let i = 0; i < grams.length; i += 1) {
    for (let j = i + 1; j < grams.length; j += 1) {
      const similarity = jaccard(grams[i]!.grams, grams[j]!.grams);
      if (similarity > threshold) pairs.push({ a: grams[i]!.id, b: grams[j]!.id, similarity });
    }
  }
  return pairs;
}
