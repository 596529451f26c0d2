/** A catalog is nested JSON; keys are dotted paths; placeholders are i18next's `{{name}}`. */
export type Catalog = { [key: string]: string | Catalog };

export function translate(catalog: Catalog, key: string, params: Record<string, unknown> = {}): string {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
