import type { WebContents } from 'electron';

/** The part of Electron's `Input` (before-input-event) the kiosk lock reads. */
export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  control: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

/**
 * Keys a visitor could use to leave or inspect the kiosk. Chromium handles some of them itself
 * even without a menu (reload, dev tools when allowed, print preview), so they are cancelled
 * before the page sees them.
 */
export function isBlockedKioskInput(input: KeyInput): boolean {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return false;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  const command = input.control || input.meta;

  // Dev tools: F12, Ctrl+Shift+I/J/C, Cmd+Alt+I/J/C.
  if (key === 'F12') return true;
  if (command && (input.shift || input.alt) && ['i', 'j', 'c'].includes(key)) return true;
  // Reload: F5, Ctrl+R, Ctrl+Shift+R, Ctrl+F5, and the browser's own reload key.
  if (key === 'F5' || key === 'BrowserRefresh') return true;
  if (command && key === 'r') return true;
  // View source, print dialog, leaving full screen, find bar, zoom.
  if (command && ['u', 'p', 'f', 'g', 's', 'o', 'n', 't', 'w', 'q'].includes(key)) return true;
  if (command && ['+', '=', '-', '_', '0'].includes(key)) return true;
  if (key === 'F11' || key === 'F3' || key === 'F7' || key === 'F6') return true;
  // History: Alt+Left/Right, the browser's back and forward keys.
  if (input.alt && (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home')) return true;
  if (key === 'BrowserBack' || key === 'BrowserForward' || key === 'BrowserHome') return true;
  return false;
}

/**
 * Locks the kiosk window's contents: blocked shortcuts, dev tools closed if they ever open, and
 * no pinch-zoom on the touch screen.
 */
export function lockKioskContents(contents: WebContents): void {
  contents.on('before-input-event', (event, input) => {
    if (isBlockedKioskInput(input)) event.preventDefault();
  });
  contents.on('devtools-opened', () => contents.closeDevTools());
  contents.setVisualZoomLevelLimits(1, 1).catch((error: unknown) => {
    console.error('[parc] could not disable pinch-zoom', error);
  });
}
