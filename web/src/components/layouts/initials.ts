/** The badge of the mobile menu: first letter of the first and of the last word of the name. */
export function initials(name: string | undefined | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'G';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The name shown in the header; a missing name falls back to 'Guest'. */
export const displayName = (name: string | undefined | null) =>
  name?.trim() ? name.trim() : 'Guest';
