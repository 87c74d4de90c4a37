const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `load` once, at the visitor's first touch, key or focus anywhere on the page: what a
 * pre-rendered form needs only once it is used (the wizard's later steps, a form's zod rules)
 * then loads while it is being filled in, not in the page's start-up, where its evaluation made
 * long tasks (docs/decisions.md, performance rule 13). A form cannot be sent without one of these
 * events. Returns the clean-up.
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
