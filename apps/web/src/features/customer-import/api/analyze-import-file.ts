import type { ImportFileSummary } from '@reformer/domain/customer-import';
import { useMutation } from '@tanstack/react-query';
import { type OnProgress, sendImportFile } from './send-import-file.ts';

/** Step 1: the file's headers, sample values, row count and the suggested mapping. */
export function useAnalyzeImportFile(organizationId: string, onProgress: OnProgress) {
  return useMutation({
    mutationFn: (file: File) =>
      sendImportFile<ImportFileSummary>(organizationId, 'analyze', file, {}, onProgress),
  });
}
