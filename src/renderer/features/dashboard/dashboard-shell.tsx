import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Heading,
  Separator,
  Spinner,
  Stack,
  Tabs,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { separatorRecipe, tabsSlotRecipe } from '@chakra-ui/react/theme';
import { CalendarDays, CreditCard, LogOut, MailOpen, UserRound } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Customer } from '@shared/api/customer.schema';
import { useLogout } from '@renderer/shared/session/use-logout';
import { navigateNow } from '@renderer/shared/session/navigate-now';
import { useSession } from '@renderer/shared/session/use-session';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { useBookingRequests } from './api/get-booking-requests';
import { RESERVATIONS_ERROR, ReservationsTab } from './reservations-tab';
import { BreakableEmail } from '@renderer/shared/ui/breakable';

/**
 * The profile's forms and dialog (react-hook-form, the schemas, the phone library) load when the
 * tab opens, not with the reservations the page shows first (docs/decisions.md, performance rule 21).
 */
const ProfileTab = lazy(async () => ({ default: (await import('./profile-tab')).ProfileTab }));

function ProfileFallback() {
  return (
    <Center py="10" role="status" aria-label="Chargement du profil">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}

export const DASHBOARD_TABS = ['reservations', 'invitations', 'profile', 'payments'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

function isDashboardTab(value: string | null): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab === value);
}

/** The tab named by `?tab=`, reservations when absent or unknown (SPEC.md §2; /profile lands on `?tab=profile`). */
export function dashboardTab(value: string | null): DashboardTab {
  return isDashboardTab(value) ? value : 'reservations';
}

/**
 * The tab to open: the one `?tab=` names, otherwise invitations when the customer has no request
 * of their own but has invitations (SPEC.md §2), otherwise reservations.
 */
export function initialDashboardTab(
  value: string | null,
  counts: { reservations?: number; invitations?: number },
): DashboardTab {
  if (isDashboardTab(value)) return value;
  if (counts.reservations === 0 && (counts.invitations ?? 0) > 0) return 'invitations';
  return 'reservations';
}

interface Counts {
  reservations?: number;
  invitations?: number;
}

function TabLabel({ icon, label, count }: { icon: ReactNode; label: string; count?: number }) {
  return (
    <>
      {icon}
      {/* A tile on a phone: the icon and the count on the first line, the label under them. */}
      <Box as="span" flexBasis={{ base: 'full', md: 'auto' }} order={{ base: 1, md: 0 }} minW="0">
        {label}
      </Box>
      {count !== undefined && (
        <Badge colorPalette="brand" variant="solid" rounded="full" ms="auto" data-testid="tab-count">
          {count}
        </Badge>
      )}
    </>
  );
}

/** A line of text not known yet (the customer while the session is checked), as tall as the text. */
function PendingLine({ width }: { width: string }) {
  return (
    <Box
      as="span"
      display="inline-block"
      w={width}
      maxW="full"
      h="0.9em"
      bg="bg.muted"
      rounded="sm"
      verticalAlign="middle"
    />
  );
}

function SidePanel({ user, counts }: { user: Customer | null; counts: Counts }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const onLogout = async () => {
    setLeaving(true);
    await logout();
    notify.success('Déconnexion réussie');
    // useLogout clears the token before its own navigation to / has rendered, so ProtectedRoute
    // redirects this page to /login; a last, synchronous navigation makes / win (SPEC.md §2).
    navigateNow(navigate, '/', { replace: true });
  };
  return (
    <Card.Root variant="outline" width={{ base: 'full', md: '72' }} flexShrink={0} alignSelf="flex-start" minW="0">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack gap="0" minW="0">
          {user ? (
            <>
              <Text fontWeight="bold" fontSize="lg" data-testid="dashboard-user-name">
                {user.firstName} {user.lastName}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                <BreakableEmail email={user.email} />
              </Text>
            </>
          ) : (
            // The session is being checked: the lines the name and e-mail will take.
            <>
              <Text fontWeight="bold" fontSize="lg" aria-hidden>
                <PendingLine width="40" />
              </Text>
              <Text color="fg.muted" fontSize="sm" aria-hidden>
                <PendingLine width="52" />
              </Text>
            </>
          )}
        </Stack>
        <Tabs.List
          // Mobile: the four tabs on two rows, all visible at 360 px (a scrolling row hid
          // 'Profil' and 'Paiements'); the side panel's column from md up.
          display={{ base: 'grid', md: 'flex' }}
          // A column from md whatever the orientation says: the shell, drawn for a narrow screen
          // before the width is known, lays the list out as the page will (performance rule 23).
          flexDirection={{ md: 'column !important' }}
          gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))' }}
          width="full"
          gap="1"
          data-testid="dashboard-tabs"
          css={{
            // An icon, a word as long as « réservations » and a count do not fit on one line of a
            // 145 px column: on a phone each tab is a tile, its label under its icon and count.
            '& > button': {
              minWidth: 0,
              whiteSpace: 'normal',
              textAlign: 'start',
              justifyContent: 'flex-start',
              flexWrap: { base: 'wrap', md: 'nowrap' },
              rowGap: '1',
              height: { base: 'auto', md: 'var(--tabs-height)' },
              minHeight: 'var(--tabs-height)',
              px: { base: '3', md: '4.5' },
              textStyle: { base: 'sm', md: 'md' },
            },
            // A label on two lines at 360 px kept its icon squeezed to a dot.
            '& > button > svg': { flexShrink: 0 },
          }}
        >
          <Tabs.Trigger value="reservations">
            <TabLabel
              icon={<CalendarDays aria-hidden size={18} />}
              label="Mes réservations"
              count={counts.reservations}
            />
          </Tabs.Trigger>
          <Tabs.Trigger value="invitations">
            <TabLabel icon={<MailOpen aria-hidden size={18} />} label="Mes invitations" count={counts.invitations} />
          </Tabs.Trigger>
          <Tabs.Trigger value="profile">
            <TabLabel icon={<UserRound aria-hidden size={18} />} label="Profil" />
          </Tabs.Trigger>
          <Tabs.Trigger value="payments">
            <TabLabel icon={<CreditCard aria-hidden size={18} />} label="Paiements" />
          </Tabs.Trigger>
        </Tabs.List>
        <Separator recipe={separatorRecipe} />
        <Button
          variant="ghost"
          colorPalette="red"
          size="lg"
          justifyContent="flex-start"
          loading={leaving}
          onClick={() => void onLogout()}
        >
          <LogOut aria-hidden />
          Déconnexion
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * One toast per failed list whichever tab is open; the tab itself offers the retry (SPEC.md §8).
 * Queued: the toaster renders synchronously, which React refuses during a commit.
 */
function useListErrorToast(list: 'reservations' | 'invitations', failed: boolean, message: string) {
  // Only once the session is known: a token the check refuses fails the lists too, and leaves the page.
  const known = useSession().user !== null;
  const isError = failed && known;
  useEffect(() => {
    if (isError) queueMicrotask(() => notify.error(message, { id: `dashboard-${list}-error` }));
  }, [list, isError, message]);
}

/**
 * A list tab another feature owns, composed by app/: its panel, its list's size once loaded (the
 * tab's badge, and what picks the opening tab) and, when the list failed to load, the message to toast.
 */
export interface DashboardListSlot {
  content: ReactNode;
  count?: number;
  loadError?: string;
}

/**
 * The tabs of the customer area that other features own (a feature never imports another): the
 * invitations (invitation feature) and the payments (payments feature). app/dashboard-route.tsx
 * composes them; reservations and profile are the dashboard's own.
 */
export interface DashboardSlots {
  invitations: DashboardListSlot;
  payments: ReactNode;
}

/**
 * Customer area of SPEC.md §2: side panel with the tabs, the selected tab kept in `?tab=`. Drawn
 * while a stored token is checked too (the guard lets it, app/router.tsx), the customer's lines
 * pending and the lists loading, so its shell is this page (docs/decisions.md, performance rule 23).
 */
export function DashboardShell({ invitations, payments }: DashboardSlots) {
  usePageTitle('Mon espace client');
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requests = useBookingRequests();
  // Deferred as the lists they count (docs/decisions.md, performance rule 22), and unknown in the
  // first render, which hydrates the shell drawn before any list (performance rule 23).
  const counts: Counts = {
    reservations: useDeferredValue(requests.data?.length ?? null, null) ?? undefined,
    invitations: useDeferredValue(invitations.count ?? null, null) ?? undefined,
  };
  const tab = initialDashboardTab(searchParams.get('tab'), counts);

  useListErrorToast('reservations', requests.isError, RESERVATIONS_ERROR);
  useListErrorToast('invitations', invitations.loadError !== undefined, invitations.loadError ?? '');
  // Vertical tabs beside the content on desktop, a horizontal row above it on mobile; the
  // orientation also sets which arrow keys move between tabs. Read after the first render (`ssr`),
  // which hydrates a shell drawn for a phone.
  const orientation =
    useBreakpointValue({ base: 'horizontal', md: 'vertical' } as const, { ssr: true }) ?? 'horizontal';

  const selectTab = (value: string) =>
    setSearchParams((params) => {
      params.set('tab', dashboardTab(value));
      return params;
    });

  return (
    <Container maxW="7xl" py={{ base: '6', md: '12' }}>
      <Heading as="h1" size={{ base: '2xl', md: '4xl' }} mb={{ base: '5', md: '8' }}>
        Mon espace client
      </Heading>
      <Tabs.Root
        recipe={tabsSlotRecipe}
        value={tab}
        onValueChange={(event) => selectTab(event.value)}
        orientation={orientation}
        variant="subtle"
        colorPalette="brand"
        size="lg"
        lazyMount
        unmountOnExit
        display="flex"
        flexDirection={{ base: 'column', md: 'row' }}
        alignItems="stretch"
        gap={{ base: '5', md: '8' }}
      >
        <SidePanel user={user} counts={counts} />
        <Box flex="1" minW="0">
          <Tabs.Content value="reservations" p="0">
            <ReservationsTab />
          </Tabs.Content>
          <Tabs.Content value="invitations" p="0">
            {invitations.content}
          </Tabs.Content>
          <Tabs.Content value="profile" p="0">
            <Suspense fallback={<ProfileFallback />}>
              {user ? <ProfileTab user={user} /> : <ProfileFallback />}
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="payments" p="0">
            {payments}
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Container>
  );
}
