/** Helpers of the pages rendered at build time into their built HTML (the public pages, the portal's shell). */

/** Replaces exactly one occurrence, so a template that drifted from what the render expects fails the build. */
export function replaceOnce(template: string, pattern: RegExp, replacement: string, name: string): string {
  const matches = template.match(new RegExp(pattern, 'g'))?.length ?? 0;
  if (matches !== 1) throw new Error(`${name}: expected one match of ${pattern}, found ${matches}`);
  return template.replace(pattern, () => replacement);
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
