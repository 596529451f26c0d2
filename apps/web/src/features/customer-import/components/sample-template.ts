import { CSV_SEPARATORS, csvFile } from '@reformer/domain/csv';
import { IMPORT_TEMPLATE_FIELDS } from '@reformer/domain/customer-import';
import type { Language } from '@reformer/domain/preferences';
import type { TFunction } from 'i18next';
import { importFieldLabel } from './import-field-label.ts';

/** One example customer, written as a spreadsheet in the user's language would hold it. */
const EXAMPLES: Record<Language, readonly string[]> = {
  pt_BR: [
    'Ana',
    'Souza',
    'ana.souza@exemplo.com.br',
    '(11) 98765-4321',
    'Sim',
    '03/02/1990',
    'Feminino',
    '529.982.247-25',
    '01310-100',
    'Avenida Paulista',
    '1000',
    'Bela Vista',
    'São Paulo',
    'SP',
    'Prefere aulas pela manhã',
  ],
  en_US: [
    'Ana',
    'Souza',
    'ana.souza@example.com',
    '+55 11 98765-4321',
    'Yes',
    '1990-02-03',
    'Female',
    '529.982.247-25',
    '01310-100',
    'Avenida Paulista',
    '1000',
    'Bela Vista',
    'São Paulo',
    'SP',
    'Prefers morning classes',
  ],
};

/** The sample template: headers the automatic mapping recognizes, in the user's language, and one row. */
export function sampleTemplate(t: TFunction, language: Language): Blob {
  const headers = IMPORT_TEMPLATE_FIELDS.map((field) => importFieldLabel(t, field));
  const text = csvFile([headers, EXAMPLES[language]], CSV_SEPARATORS[language]);
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}
