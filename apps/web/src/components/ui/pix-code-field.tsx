import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * A PIX "copia e cola" code, selectable, with Copy; `children` are further actions beside Copy (send by
 * WhatsApp). Without a clipboard (an insecure origin, a denied permission) the code is selected to copy by hand.
 */
export function PixCodeField({ code, children }: { code: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => toast.success(t('payments.pix.copied')),
      () => {
        field.current?.select();
        toast.error(t('payments.pix.copyFailed'));
      },
    );
  };
  return (
    <div className="flex w-full min-w-0 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('payments.pix.code')}
      </label>
      <textarea
        ref={field}
        id={id}
        readOnly
        rows={4}
        value={code}
        className="textarea w-full font-mono text-xs break-all"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {children}
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>
          {t('payments.pix.copy')}
        </button>
      </div>
    </div>
  );
}
