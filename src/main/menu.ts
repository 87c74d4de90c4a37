import type { MenuItemConstructorOptions } from 'electron';

export const APP_NAME = 'Parc Aventure';

/**
 * The desktop mode's application menu, in French (the kiosk has none). Standard actions use
 * Electron roles, so shortcuts and platform behaviour come for free; only the labels are ours.
 */
export function desktopMenuTemplate(options: {
  onHome: () => void;
  isMac: boolean;
  devTools: boolean;
}): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: 'Fichier',
    submenu: [
      { label: 'Accueil', accelerator: 'Alt+Home', click: () => options.onHome() },
      { role: 'reload', label: 'Recharger' },
      { type: 'separator' },
      options.isMac ? { role: 'close', label: 'Fermer la fenêtre' } : { role: 'quit', label: 'Quitter' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: 'Édition',
    submenu: [
      { role: 'undo', label: 'Annuler' },
      { role: 'redo', label: 'Rétablir' },
      { type: 'separator' },
      { role: 'cut', label: 'Couper' },
      { role: 'copy', label: 'Copier' },
      { role: 'paste', label: 'Coller' },
      { role: 'selectAll', label: 'Tout sélectionner' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'Affichage',
    submenu: [
      { role: 'resetZoom', label: 'Taille réelle' },
      { role: 'zoomIn', label: 'Zoom avant' },
      { role: 'zoomOut', label: 'Zoom arrière' },
      { type: 'separator' },
      { role: 'togglefullscreen', label: 'Plein écran' },
      ...(options.devTools
        ? ([{ type: 'separator' }, { role: 'toggleDevTools', label: 'Outils de développement' }] as const)
        : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: 'Aide',
    role: 'help',
    submenu: [{ role: 'about', label: `À propos de ${APP_NAME}` }],
  };
  // macOS puts the application's own menu first, named after the app whatever its label says.
  const appMenu: MenuItemConstructorOptions = {
    label: APP_NAME,
    submenu: [
      { role: 'about', label: `À propos de ${APP_NAME}` },
      { type: 'separator' },
      { role: 'hide', label: `Masquer ${APP_NAME}` },
      { role: 'hideOthers', label: 'Masquer les autres' },
      { role: 'unhide', label: 'Tout afficher' },
      { type: 'separator' },
      { role: 'quit', label: `Quitter ${APP_NAME}` },
    ],
  };
  return options.isMac ? [appMenu, file, edit, view, help] : [file, edit, view, help];
}
