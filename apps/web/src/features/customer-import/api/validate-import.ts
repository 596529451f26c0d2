import type { ImportMapping, ImportPreview } from '@reformer/domain/customer-import';
import { useMutation } from '@tanstack/react-query';
import { sendImportFile } from './send-import-file.ts';

/** Step 3: every row checked on the server with the mapping; nothing written. */
export function useValidateImport(organizationId: string) {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      sendImportFile<ImportPreview>(organizationId, 'validate', file, { mapping }),
  });
}
