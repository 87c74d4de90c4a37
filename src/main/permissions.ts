import type { Session } from 'electron';
import { isAppUrl } from './navigation';

/**
 * Web permissions (camera, geolocation, notifications, ...) are all refused (Electron security
 * checklist 5). The one exception is writing to the clipboard from the app itself: the customer
 * copies an invitation link from the share menu (SPEC.md, booking detail).
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, origins: readonly string[]): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl, origins);
}

export function lockPermissions(session: Session, origins: readonly string[]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, origins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, origins),
  );
}
