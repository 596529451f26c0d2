/**
 * "Watch demo" and its tour (features/landing/components/product-tour-dialog.tsx): every step is in the
 * HTML, hidden but the current one; the native <dialog> gives the focus trap and Escape. Closing starts the
 * next opening at the first step again.
 */
export function wireProductTour(): void {
  const openButton = document.querySelector<HTMLButtonElement>('[data-tour-open]');
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-tour]');
  if (!openButton || !dialog) return; // a page without the tour
  const steps = Array.from(dialog.querySelectorAll<HTMLElement>('[data-tour-step]'));
  const progress = dialog.querySelector<HTMLProgressElement>('[data-tour-progress]');
  const back = dialog.querySelector<HTMLButtonElement>('[data-tour-back]');
  const next = dialog.querySelector<HTMLButtonElement>('[data-tour-next]');
  const finish = dialog.querySelector<HTMLAnchorElement>('[data-tour-finish]');
  const close = dialog.querySelector<HTMLButtonElement>('[data-tour-close]');
  if (!progress || !back || !next || !finish || !close || steps.length === 0) {
    throw new Error('The product tour is missing one of its parts');
  }

  let index = 0;
  const show = (step: number) => {
    index = step;
    for (const [i, element] of steps.entries()) element.hidden = i !== index;
    progress.value = index + 1;
    progress.setAttribute('aria-label', steps[index]?.dataset.tourStep ?? '');
    const isLast = index === steps.length - 1;
    back.hidden = index === 0;
    next.hidden = isLast;
    finish.hidden = !isLast;
  };

  openButton.addEventListener('click', () => {
    show(0);
    dialog.showModal();
  });
  next.addEventListener('click', () => show(Math.min(index + 1, steps.length - 1)));
  back.addEventListener('click', () => show(Math.max(index - 1, 0)));
  close.addEventListener('click', () => dialog.close());
  openButton.disabled = false;
}
