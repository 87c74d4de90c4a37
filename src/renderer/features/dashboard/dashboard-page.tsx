import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  Separator,
  Stack,
  Tabs,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { CalendarDays, CreditCard, LogOut, MailOpen, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Customer } from '@shared/api/customer.schema';
import { useLogout } from '../../shared/session/use-logout';
import { useSession } from '../../shared/session/use-session';
import { notify } from '../../shared/ui/toaster';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { InvitationsTab } from './invitations-tab';
import { PaymentsTab } from './payments-tab';
import { ProfileTab } from './profile-tab';
import { ReservationsTab } from './reservations-tab';

export const DASHBOARD_TABS = ['reservations', 'invitations', 'profile', 'payments'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab named by `?tab=`, reservations when absent or unknown (SPEC.md §2; /profile lands on `?tab=profile`). */
export function dashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab === value) ?? 'reservations';
}

/**
 * Until GET /v1/customer-booking-requests (and /invitations) exist, both lists are empty. When
 * they arrive, their lengths replace these zeros, and the rule "no request but invitations opens
 * the invitations tab" (SPEC.md §2) can be applied to a URL without `?tab=`.
 */
const COUNTS = { reservations: 0, invitations: 0 };

function TabLabel({ icon, label, count }: { icon: ReactNode; label: string; count?: number }) {
  return (
    <>
      {icon}
      {label}
      {count !== undefined && (
        <Badge colorPalette="brand" variant="solid" rounded="full" ms="auto" data-testid="tab-count">
          {count}
        </Badge>
      )}
    </>
  );
}

function SidePanel({ user }: { user: Customer }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const onLogout = async () => {
    setLeaving(true);
    await logout();
    notify.success('Déconnexion réussie');
    // useLogout clears the token before its own navigation to / has rendered, so ProtectedRoute
    // redirects this page to /login; a last, synchronous navigation makes / win (SPEC.md §2).
    void navigate('/', { replace: true, flushSync: true });
  };
  return (
    <Card.Root variant="outline" width={{ base: 'full', md: '72' }} flexShrink={0} alignSelf="flex-start" minW="0">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack gap="0" minW="0">
          <Text fontWeight="bold" fontSize="lg" data-testid="dashboard-user-name">
            {user.firstName} {user.lastName}
          </Text>
          <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
            {user.email}
          </Text>
        </Stack>
        <Tabs.List
          display="flex"
          width="full"
          gap="1"
          // Mobile: one scrollable row instead of a page wider than the screen.
          overflowX={{ base: 'auto', md: 'visible' }}
          css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap', justifyContent: 'flex-start' } }}
        >
          <Tabs.Trigger value="reservations">
            <TabLabel
              icon={<CalendarDays aria-hidden size={18} />}
              label="Mes réservations"
              count={COUNTS.reservations}
            />
          </Tabs.Trigger>
          <Tabs.Trigger value="invitations">
            <TabLabel icon={<MailOpen aria-hidden size={18} />} label="Mes invitations" count={COUNTS.invitations} />
          </Tabs.Trigger>
          <Tabs.Trigger value="profile">
            <TabLabel icon={<UserRound aria-hidden size={18} />} label="Profil" />
          </Tabs.Trigger>
          <Tabs.Trigger value="payments">
            <TabLabel icon={<CreditCard aria-hidden size={18} />} label="Paiements" />
          </Tabs.Trigger>
        </Tabs.List>
        <Separator />
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

/** Customer area of SPEC.md §2: side panel with the tabs, the selected tab kept in `?tab=`. */
export function DashboardPage() {
  usePageTitle('Mon espace client');
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = dashboardTab(searchParams.get('tab'));
  // Vertical tabs beside the content on desktop, a horizontal row above it on mobile; the
  // orientation also sets which arrow keys move between tabs.
  const orientation =
    useBreakpointValue({ base: 'horizontal', md: 'vertical' } as const, { ssr: false }) ?? 'horizontal';

  // The route is protected, so the user is known here; this only narrows the type.
  if (!user) return null;

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
        <SidePanel user={user} />
        <Box flex="1" minW="0">
          <Tabs.Content value="reservations" p="0">
            <ReservationsTab />
          </Tabs.Content>
          <Tabs.Content value="invitations" p="0">
            <InvitationsTab />
          </Tabs.Content>
          <Tabs.Content value="profile" p="0">
            <ProfileTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="payments" p="0">
            <PaymentsTab />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Container>
  );
}
