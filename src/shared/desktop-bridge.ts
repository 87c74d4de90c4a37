/** Origin of the renderer inside the desktop app (custom `app://` scheme, DESIGN.md §6). */
export const DESKTOP_ORIGIN = 'app://parc';
