import { toCanvas } from 'qrcode';
import { useEffect, useRef } from 'react';

/**
 * The QR code of a PIX "copia e cola" text, drawn on a canvas (no image URL, nothing for the
 * Content-Security-Policy to allow). Black on white whatever the theme: bank apps need the contrast.
 */
export function PixQrCode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    toCanvas(canvas.current, text, { width: 232, margin: 2, errorCorrectionLevel: 'M' }).catch(
      (error: unknown) => console.error('Could not draw the PIX QR code', error),
    );
  }, [text]);
  return <canvas ref={canvas} role="img" aria-label={label} className="rounded-box bg-white" />;
}
