/**
 * The browser's focus fixup rule (HTML, 'focus fixup'), which jsdom lacks: a focused button that
 * gets disabled loses the focus to the body, as a form's button does in Chromium while its call
 * runs (Chakra's `loading` disables it). jsdom neither does it nor blurs a disabled button: the
 * focus goes to an empty stand-in beside it, which then blurs, leaving the focus to the body with
 * no focus event outside a dialog. The stand-in stays: a dialog's focus trap would take its
 * removal for the button's.
 */
function dropFocus(from: HTMLElement) {
  const standIn = document.createElement('span');
  standIn.tabIndex = -1;
  from.after(standIn);
  standIn.focus();
  standIn.blur();
}

/** Applies the rule to the whole document until the returned function is called. */
export function installFocusFixup(): () => void {
  const fixup = new MutationObserver((records) => {
    for (const { target } of records) {
      if (target === document.activeElement && target instanceof HTMLElement && target.hasAttribute('disabled')) {
        dropFocus(target);
      }
    }
  });
  fixup.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  return () => fixup.disconnect();
}
