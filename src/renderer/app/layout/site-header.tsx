import { Box, Button, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { __iconData as menuIcon } from 'lucide-react/icons/menu';
import { __iconData as treesIcon } from 'lucide-react/icons/trees';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, RouterLink } from '@renderer/shared/ui/router-link';
import { useSession } from '@renderer/shared/session/use-session';
import { NAV_LINKS } from './nav-links';

function Brand() {
  return (
    <Link
      asChild
      fontFamily="heading"
      fontWeight="800"
      fontSize={{ base: 'lg', md: 'xl' }}
      color="brand.fg"
      _hover={{ textDecoration: 'none' }}
    >
      <RouterLink to="/" aria-label="Parc Aventure, accueil">
        <LineIcon icon={treesIcon} aria-hidden size={28} />
        <span>Parc Aventure</span>
      </RouterLink>
    </Link>
  );
}

function DesktopNav() {
  return (
    <HStack as="ul" gap="1" listStyleType="none" display={{ base: 'none', md: 'flex' }}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            asChild
            px="3"
            py="2"
            rounded="md"
            fontWeight="semibold"
            color="fg"
            _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}
          >
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </Link>
        </li>
      ))}
    </HStack>
  );
}

function AccountArea() {
  const { isAuthenticated, user } = useSession();
  if (isAuthenticated && user) {
    return (
      <Suspense fallback={null}>
        <AccountMenu firstName={user.firstName} />
      </Suspense>
    );
  }
  return (
    <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
      <Button asChild variant="ghost" colorPalette="brand" size="sm">
        <RouterLink to="/login">Connexion</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/register">Inscription</RouterLink>
      </Button>
    </HStack>
  );
}

const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
const MobileMenuDrawer = lazy(async () => ({ default: (await import('./mobile-menu-drawer')).MobileMenuDrawer }));

function MobileMenu() {
  const [open, setOpen] = useState(false);
  // The drawer's code loads on the first opening and stays mounted after it (closing animates).
  const [wasOpened, setWasOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="lg"
        display={{ base: 'inline-flex', md: 'none' }}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <LineIcon icon={menuIcon} />
      </IconButton>
      {wasOpened && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} trigger={() => trigger.current} />
        </Suspense>
      )}
    </>
  );
}

export function SiteHeader() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Navigation principale" align="center" justify="space-between" minH="16" gap="4">
          <Brand />
          <DesktopNav />
          <HStack gap="2">
            <AccountArea />
            <MobileMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
