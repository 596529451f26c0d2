import type { PspCertificateInput } from '@reformer/domain/pix-psp';
import { type ChangeEvent, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';

const PFX = /\.(pfx|p12)$/i;

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The files the PSP issued, read here in the browser: a .pfx/.p12 goes as base64, PEM files (.pem, .crt,
 * .cer, .key — the certificate and the key may be two files) as their text joined. Nothing is uploaded until
 * the form is saved; the password goes with the certificate it opens.
 */
export async function readCertificateFiles(files: readonly File[]): Promise<PspCertificateInput | undefined> {
  const pfx = files.find((file) => PFX.test(file.name));
  if (pfx) return { format: 'PFX', pfxBase64: await readAsBase64(pfx) };
  if (files.length === 0) return undefined;
  const texts = await Promise.all(files.map((file) => file.text()));
  return { format: 'PEM', pem: texts.join('\n') };
}

type Props = {
  /** Whether a certificate is stored: then choosing none keeps it. */
  isStored: boolean;
  error: FieldError | undefined;
  password: string;
  onPasswordChange: (password: string) => void;
  onChange: (certificate: PspCertificateInput | undefined) => void;
};

export function CertificateField({ isStored, error, password, onPasswordChange, onChange }: Props) {
  const { t } = useTranslation();
  const [names, setNames] = useState<string[]>([]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    setNames(files.map((file) => file.name));
    onChange(await readCertificateFiles(files));
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        label={t('pixPsp.fields.certificate')}
        hint={isStored ? t('pixPsp.fields.certificateKeepHint') : t('pixPsp.fields.certificateHint')}
        error={error}
      >
        {(control, isInvalid) => (
          <input
            {...control}
            type="file"
            multiple
            accept=".pem,.crt,.cer,.key,.pfx,.p12"
            className={`file-input w-full ${isInvalid ? 'file-input-error' : ''}`}
            onChange={choose}
          />
        )}
      </FormField>
      <TextField
        label={`${t('pixPsp.fields.certificatePassword')} (${t('common.optional')})`}
        hint={names.length > 0 ? names.join(', ') : t('pixPsp.fields.certificatePasswordHint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
    </div>
  );
}
