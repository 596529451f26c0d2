import { SESSION_MOVE_BLOCKS, type SessionMoveBlock } from '@reformer/domain/sessions';
import { i18n } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import type { TranslationKey } from '@/lib/i18n-keys.ts';

/** The reason of a 409 SESSION_NOT_MOVABLE (`details.reason`), when the server gave a known one. */
export function moveBlockOf(error: unknown): SessionMoveBlock | null {
  if (!(error instanceof ApiError) || error.code !== 'SESSION_NOT_MOVABLE') return null;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return SESSION_MOVE_BLOCKS.find((block) => block === reason) ?? null;
}

/** SESSION_NOT_MOVABLE says why ('This session has already started…'); anything else as usual. */
export function describeMoveError(error: Error, fallbackKey: TranslationKey): string {
  const block = moveBlockOf(error);
  return block ? i18n.t(`attendance.move.blocked.${block}`) : describeError(error, fallbackKey);
}
