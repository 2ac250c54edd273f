/**
 * The message key part of an English name the API keeps (event types, topics): 'Sunday - AM' →
 * 'sundayAm', 'Question & Answer' → 'questionAnswer'. Shared by the site and the dashboard.
 */
export function nameKey(name: string): string {
  const words = name.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
}
