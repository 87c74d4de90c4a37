/**
 * Full page reloads (SPEC.md §2 retry buttons, §6 "a 403 on saving reloads the page"), behind
 * an object so tests can observe them: jsdom cannot navigate.
 */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
