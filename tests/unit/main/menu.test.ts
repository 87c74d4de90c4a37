import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { desktopMenuTemplate } from '../../../src/main/menu';

vi.mock('electron', () => ({}));

const submenu = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];
const labels = (items: MenuItemConstructorOptions[]) => items.filter((i) => i.type !== 'separator').map((i) => i.label);

describe('desktopMenuTemplate', () => {
  const onHome = vi.fn();
  const template = desktopMenuTemplate({ onHome, isMac: false, devTools: false });

  it('has the four French menus', () => {
    expect(template.map((menu) => menu.label)).toEqual(['Fichier', 'Édition', 'Affichage', 'Aide']);
  });

  it('Fichier: Accueil, Recharger, Quitter', () => {
    const file = submenu(template[0]);
    expect(labels(file)).toEqual(['Accueil', 'Recharger', 'Quitter']);
    expect(file.find((i) => i.label === 'Recharger')?.role).toBe('reload');
    expect(file.find((i) => i.label === 'Quitter')?.role).toBe('quit');
    (file[0]!.click as () => void)();
    expect(onHome).toHaveBeenCalledTimes(1);
  });

  it('Édition uses the standard roles with French labels', () => {
    const edit = submenu(template[1]);
    expect(edit.filter((i) => i.role).map((i) => [i.role, i.label])).toEqual([
      ['undo', 'Annuler'],
      ['redo', 'Rétablir'],
      ['cut', 'Couper'],
      ['copy', 'Copier'],
      ['paste', 'Coller'],
      ['selectAll', 'Tout sélectionner'],
    ]);
  });

  it('Affichage zooms, without dev tools in a packaged app', () => {
    const view = submenu(template[2]);
    expect(view.map((i) => i.role).filter(Boolean)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    const withDevTools = submenu(desktopMenuTemplate({ onHome, isMac: false, devTools: true })[2]);
    expect(withDevTools.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('Aide: À propos', () => {
    expect(submenu(template[3]).map((i) => [i.role, i.label])).toEqual([['about', 'À propos de Parc Aventure']]);
  });

  it('leads with the application menu on macOS', () => {
    const mac = desktopMenuTemplate({ onHome, isMac: true, devTools: false });
    expect(mac.map((menu) => menu.label)).toEqual(['Parc Aventure', 'Fichier', 'Édition', 'Affichage', 'Aide']);
  });
});
