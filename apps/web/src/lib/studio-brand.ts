import type { CSSProperties } from 'react';

/**
 * A studio's accent colour (decision 045) as daisyUI's primary colour for one subtree: its buttons, links and
 * focus rings take it, with white text (the domain refuses colours white text cannot be read on).
 */
export function brandStyle(accentColor: string | null): CSSProperties | undefined {
  if (!accentColor) return undefined;
  return { '--color-primary': accentColor, '--color-primary-content': '#ffffff' } as CSSProperties;
}
