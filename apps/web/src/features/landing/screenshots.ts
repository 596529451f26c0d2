/**
 * The product's screens shown on the landing page. Taken from the real app by scripts/product-screenshots.mjs
 * (a sample studio seeded through the API), one image per screen, language and width, into
 * public/screenshots/<id>-<language>-<width>.webp; the script reads this list, so the two cannot disagree.
 */
export const SCREENSHOTS = ['dashboard', 'schedules', 'session', 'payment'] as const;
export type ScreenshotId = (typeof SCREENSHOTS)[number];

/** The viewport each screen is taken at (CSS pixels), which the page's width and height attributes repeat. */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/** The widths each screenshot is written at: the page lets the browser pick (srcset). */
export const SCREENSHOT_WIDTHS = [640, 1280] as const;

export function screenshotPath(id: ScreenshotId, language: string, width: number): string {
  return `/screenshots/${id}-${language}-${width}.webp`;
}
