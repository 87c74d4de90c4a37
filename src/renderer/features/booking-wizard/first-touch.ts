const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `load` once, at the visitor's first touch, key or focus anywhere on the page: the later
 * steps and step 1's rules (zod) then load while step 1 is being filled in, not in the page's
 * start-up, where their evaluation made long tasks (docs/decisions.md, performance rule 13).
 * "Suivant" cannot be pressed without one of these events. Returns the clean-up.
 */
export function whenFirstTouched(load: () => void): () => void {
  const stop = () => FIRST_TOUCH.forEach((type) => window.removeEventListener(type, touched, true));
  function touched() {
    stop();
    load();
  }
  FIRST_TOUCH.forEach((type) => window.addEventListener(type, touched, { capture: true, passive: true }));
  return stop;
}
