/**
 * The header's Menu button below the `lg` width (components/layouts/public-layout.tsx): it shows and hides
 * the panel it controls, with the classes that layout renders for each state; following a link closes it.
 */
export function wireHeaderMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('header button[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) throw new Error('The public header has no Menu button and panel');
  const setOpen = (isOpen: boolean) => {
    button.setAttribute('aria-expanded', String(isOpen));
    panel.classList.toggle('flex', isOpen);
    panel.classList.toggle('hidden', !isOpen);
  };
  button.disabled = false;
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  for (const link of Array.from(panel.querySelectorAll('a'))) {
    link.addEventListener('click', () => setOpen(false));
  }
}
