import { Box, Button, Center, Container, Flex, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NavLink, RouterLink } from '@renderer/shared/ui/router-link';
import { STAFF_ROLE_LABELS } from '@shared/api/staff.schema';
import { STAFF_LOGIN_PATH, setStaffSessionExpiredHandler } from '@renderer/admin/session/staff-client';
import { useStaffLogout, useStaffSession } from '@renderer/admin/session/api/staff-session';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { DesktopShellLoader } from '../kiosk/desktop-shell-loader';

const NAV = [
  { to: '/admin', label: 'Demandes', end: true, adminOnly: false },
  { to: '/admin/planning', label: 'Planning', end: false, adminOnly: false },
  { to: '/admin/accueil', label: 'Accueil', end: false, adminOnly: false },
  { to: '/admin/catalogue', label: 'Catalogue', end: false, adminOnly: true },
  { to: '/admin/etablissement', label: 'Établissement', end: false, adminOnly: true },
  { to: '/admin/emails', label: 'E-mails envoyés', end: false, adminOnly: false },
  { to: '/admin/equipe', label: 'Équipe', end: false, adminOnly: true },
];

function Busy({ label }: { label: string }) {
  return (
    <Center minH="60vh" role="status" aria-label={label}>
      <Spinner size="xl" color="brand.solid" />
    </Center>
  );
}

/**
 * The back-office frame: its own header and navigation (the public site's are not shown), the
 * staff guard (/admin/login when logged out), and the staff client's 401 → /admin/login.
 */
export function AdminLayout() {
  const session = useStaffSession();
  const logout = useStaffLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);

  useEffect(() => {
    setStaffSessionExpiredHandler(() => void navigate(STAFF_LOGIN_PATH, { state: { from: hereRef.current } }));
  }, [navigate]);

  if (session.isLoading) return <Busy label="Vérification de la session" />;
  if (!session.staff) return <Navigate to={STAFF_LOGIN_PATH} replace state={{ from: here }} />;
  const { staff } = session;

  return (
    <Flex direction="column" minH="100dvh">
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      {/* A printed page (the day's passes) carries the page's content only. */}
      <Box as="header" bg="brand.solid" color="brand.contrast" _print={{ display: 'none' }}>
        <Container maxW="7xl" px={{ base: '3', md: '6' }} py="2">
          <Flex gap="3" align="center" justify="space-between" wrap="wrap">
            <Link asChild color="inherit" fontFamily="heading" fontWeight="bold" fontSize="lg">
              <RouterLink to="/admin">Espace équipe</RouterLink>
            </Link>
            <Flex gap="3" align="center" wrap="wrap">
              <Text fontSize="sm" data-testid="staff-name">
                {staff.firstName} {staff.lastName} · {STAFF_ROLE_LABELS[staff.role]}
              </Text>
              <Link asChild color="inherit" fontSize="sm" textDecoration="underline">
                <RouterLink to="/">Voir le site</RouterLink>
              </Link>
              <Button
                size="xs"
                variant="outline"
                color="inherit"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
                onClick={() => {
                  logout();
                  void navigate(STAFF_LOGIN_PATH, { replace: true });
                }}
              >
                <LogOut aria-hidden />
                Se déconnecter
              </Button>
            </Flex>
          </Flex>
        </Container>
        <Box as="nav" aria-label="Espace équipe" bg="brand.700" overflowX="auto">
          <Flex as="ul" listStyleType="none" maxW="7xl" mx="auto" px={{ base: '1', md: '4' }} gap="1">
            {NAV.filter((item) => !item.adminOnly || session.isAdmin).map((item) => (
              <li key={item.to}>
                <Box
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  whiteSpace="nowrap"
                  fontSize="sm"
                  fontWeight="semibold"
                  color="white"
                  borderBottomWidth="3px"
                  borderColor="transparent"
                  _currentPage={{ borderColor: 'white' }}
                  _hover={{ bg: 'whiteAlpha.200' }}
                  _focusVisible={{ outline: '2px solid white', outlineOffset: '-2px' }}
                >
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </Box>
              </li>
            ))}
          </Flex>
        </Box>
      </Box>
      <Box as="main" id="contenu" flex="1" tabIndex={-1} outline="none" bg="bg">
        <Container maxW="7xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} _print={{ p: '0' }}>
          <Suspense fallback={<Busy label="Chargement de la page" />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      {/* Deep links and the desktop menu's Accueil keep working from the back-office. */}
      <DesktopShellLoader />
    </Flex>
  );
}

export function AdminNotFound() {
  usePageTitle('Page introuvable');
  return (
    <Stack gap="3">
      <Heading as="h1" size="xl">
        Page introuvable
      </Heading>
      <Link asChild color="brand.fg">
        <RouterLink to="/admin">Retour aux demandes</RouterLink>
      </Link>
    </Stack>
  );
}
