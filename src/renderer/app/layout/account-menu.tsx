import { lazy, Suspense } from 'react';
import { useWideScreen } from '@renderer/shared/ui/use-wide-screen';

const AccountMenuWide = lazy(async () => ({ default: (await import('./account-menu-wide')).AccountMenuWide }));

/**
 * The logged-in customer's menu, its own chunk (pre-rendered pages are logged out), shown from
 * Chakra's `md` up: below it, phones have the drawer, and the menu (Chakra's Menu, its machine) is
 * neither loaded nor started for a hidden button (docs/decisions.md, performance rules 2 and 21).
 * The width is read here rather than in the header, which every page's first render carries.
 */
export function AccountMenu({ firstName }: { firstName: string }) {
  const wide = useWideScreen();
  if (!wide) return null;
  return (
    <Suspense fallback={null}>
      <AccountMenuWide firstName={firstName} />
    </Suspense>
  );
}
