import type { ImportMapping, ImportResult } from '@reformer/domain/customer-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error.ts';
import { customersQueryKey } from '@/lib/customer-list.ts';
import { type OnProgress, sendImportFile } from './send-import-file.ts';

export type RunImportInput = { file: File; mapping: ImportMapping; skipInvalid: boolean };

/**
 * Step 4. A refusal for invalid rows (skip off) carries the same result, outcome failed, so the result page
 * shows its errors either way; any other failure is thrown.
 */
export function useRunImport(organizationId: string, onProgress: OnProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, mapping, skipInvalid }: RunImportInput): Promise<ImportResult> => {
      try {
        return await sendImportFile<ImportResult>(
          organizationId,
          'import',
          file,
          { mapping, skipInvalid },
          onProgress,
        );
      } catch (error) {
        if (error instanceof ApiError && error.code === 'IMPORT_ROWS_INVALID')
          return error.details as ImportResult;
        throw error;
      }
    },
    onSuccess: async (result) => {
      if (result.imported)
        await queryClient.invalidateQueries({ queryKey: customersQueryKey(organizationId) });
    },
  });
}
