/** Hands the browser a file made or fetched by the app (an export, a report, a template) as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; give the browser a moment before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `customers-2027-03-15.csv`: the base name and today's date. */
export function datedFileName(baseName: string, now = new Date()): string {
  return `${baseName}-${now.toISOString().slice(0, 10)}.csv`;
}
